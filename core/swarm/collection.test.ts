import { describe, expect, it } from 'vitest';
import { MantarayNode as BeeJsNode } from '@ethersphere/bee-js';
import { bytesToHex, hexToBytes } from './bytes.js';
import { InputError } from './input-error.js';
import { serializeNode } from './mantaray.js';
import { lookupPath } from './mantaray-paths.js';
import { saveManifest } from './manifest-hash.js';
import { buildCollectionManifest, buildFeedManifest, buildFileManifest } from './collection.js';

/**
 * Expected values were produced by Bee's pkg/manifest/mantaray (commit a404d601f) driven through the same
 * additions Bee's /bzz and /feeds handlers make (pkg/api/bzz.go, dirs.go, feed.go), saved with a plain
 * BMT chunk-tree saver.
 */
const A = 'aa'.repeat(32);
const B = 'bb'.repeat(32);
const C = 'cc'.repeat(32);
const D = 'dd'.repeat(32);
const E = 'ee'.repeat(32);

const SINGLE_FILE_ROOT_NODE = [
  '0000000000000000000000000000000000000000000000000000000000000000',
  '5768b3b6a7db56d21d1abff40d41cebfc83448fed8d7e9b06ec0d3b073f28f20',
  '0000000000000000000000000000000000000000000000000000000000000000',
  '0000000000800000000000000001000000000000000000000000000000000000',
  '12012f0000000000000000000000000000000000000000000000000000000000',
  '0cc878d32c96126d47f63fbe391114ee1438cd521146fc975dea1546d302b6c0',
  '003e7b22776562736974652d696e6465782d646f63756d656e74223a2268656c',
  '6c6f2e747874227d0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a',
  '120968656c6c6f2e747874000000000000000000000000000000000000000000',
  '879691867d818ceb0ecc118df7ca8036ba64f8c4df1bd213a3a40cd44c1d1caf',
  '005e7b22436f6e74656e742d54797065223a22746578742f706c61696e3b2063',
  '6861727365743d7574662d38222c2246696c656e616d65223a2268656c6c6f2e',
  '747874227d0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a',
].join('');

const FILES = [
  { path: 'index.html', contentType: 'text/html; charset=utf-8', reference: A },
  { path: 'css/style.css', contentType: 'text/css; charset=utf-8', reference: B },
  { path: 'img/logo.png', contentType: 'image/png', reference: C },
  { path: 'img/icon.png', contentType: 'image/png', reference: D },
  { path: 'docs/a/very/long/nested/path/to/a/file-name.md', contentType: 'text/markdown', reference: E },
  { path: '404.html', contentType: 'text/html; charset=utf-8', reference: A },
];

describe('single-file /bzz manifest', () => {
  it('matches Bee byte for byte and by reference', () => {
    const root = buildFileManifest({ fileRef: A, filename: 'hello.txt', contentType: 'text/plain; charset=utf-8' });
    expect(bytesToHex(saveManifest(root))).toBe('b0babd79017aa4d7c489d4f59f95db8cdce7e7e1e529ecb91a54ba47335b8af3');
    expect(bytesToHex(serializeNode(root))).toBe(SINGLE_FILE_ROOT_NODE);
    expect(lookupPath(root, '/')!.metadata).toEqual({ 'website-index-document': 'hello.txt' });
    expect(lookupPath(root, 'hello.txt')!.metadata).toEqual({ 'Content-Type': 'text/plain; charset=utf-8', Filename: 'hello.txt' });
  });

  it('names the file by its reference when no name is given, as Bee does', () => {
    const root = buildFileManifest({ fileRef: hexToBytes(B), contentType: 'application/octet-stream' });
    expect(bytesToHex(saveManifest(root))).toBe('a8d9011118337c67ddf3c29868d03e702f2e359333d8541e67016e46733491f0');
    expect(bytesToHex(lookupPath(root, B)!.entry)).toBe(B);
  });

  it('is readable by bee-js, which finds the index document', () => {
    const root = buildFileManifest({ fileRef: A, filename: 'hello.txt', contentType: 'text/plain' });
    const reference = saveManifest(root);
    const theirs = BeeJsNode.unmarshalFromData(serializeNode(root), reference);
    expect(theirs.forks.get(0x2f)!.node.metadata).toEqual({ 'website-index-document': 'hello.txt' });
  });
});

describe('collection /bzz manifest', () => {
  it('matches Bee with index and error documents (the "/" entry added last)', () => {
    const root = buildCollectionManifest({ files: FILES, indexDocument: 'index.html', errorDocument: '404.html' });
    expect(bytesToHex(saveManifest(root))).toBe('d4ce538ac9894cc5fa8e3a53cc3b42ef4578ee2d0ee23cfd3d4d58b08b862638');
    expect(lookupPath(root, '/')!.metadata).toEqual({ 'website-index-document': 'index.html', 'website-error-document': '404.html' });
    expect(lookupPath(root, 'img/icon.png')!.metadata).toEqual({ 'Content-Type': 'image/png', Filename: 'icon.png' });
  });

  it('matches Bee without website documents (no "/" entry at all)', () => {
    const root = buildCollectionManifest({ files: FILES });
    expect(bytesToHex(saveManifest(root))).toBe('d0106c121eb322cf6b20d5bb85239c4161b13f0680f44b41388378cd9a4bb84c');
    expect(lookupPath(root, '/')).toBeUndefined();
  });

  it('refuses what Bee refuses', () => {
    expect(() => buildCollectionManifest({ files: [] })).toThrow(InputError);
    expect(() => buildCollectionManifest({ files: FILES, indexDocument: 'sub/index.html' })).toThrow(InputError);
    expect(() => buildCollectionManifest({ files: [{ path: 'a', contentType: 'x', reference: 'zz' }] })).toThrow(InputError);
  });
});

describe('feed manifest', () => {
  it('matches the manifest Bee returns from POST /feeds', () => {
    const root = buildFeedManifest('0x8d3766440f0d7b949a5e32995d09619a7f86e632', '4b'.repeat(32));
    expect(bytesToHex(saveManifest(root))).toBe('1b68bbdedd44925a58c0740f1d8c8ce9f4c3c4e699818e66380f10834fc60111');
    const slash = lookupPath(root, '/')!;
    expect(bytesToHex(slash.entry)).toBe('00'.repeat(32));
    expect(slash.metadata).toEqual({
      'swarm-feed-owner': '8d3766440f0d7b949a5e32995d09619a7f86e632',
      'swarm-feed-topic': '4b'.repeat(32),
      'swarm-feed-type': 'Sequence',
    });
  });

  it('rejects an owner or topic of the wrong size', () => {
    expect(() => buildFeedManifest('12', '4b'.repeat(32))).toThrow(InputError);
    expect(() => buildFeedManifest('8d3766440f0d7b949a5e32995d09619a7f86e632', '4b')).toThrow(InputError);
  });
});
