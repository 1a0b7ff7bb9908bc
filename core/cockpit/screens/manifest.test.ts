import { describe, expect, it } from 'vitest';
import { nodeFailed, nodeLoaded, startTree } from '../manifest-tree.js';
import { NODE_TYPE_EDGE, NODE_TYPE_VALUE, NODE_TYPE_WITH_METADATA } from '../../swarm/mantaray.js';
import { renderManifest } from './manifest.js';

const ROOT = '11'.repeat(32);
const hex = (s: string) => Buffer.from(s).toString('hex');

function tree() {
  let t = startTree(ROOT);
  t = nodeLoaded(t, '', {
    entry: null,
    forks: [
      { key: hex('/'), prefixText: '/', type: NODE_TYPE_VALUE | NODE_TYPE_WITH_METADATA, reference: '22'.repeat(32), metadata: { 'website-index-document': 'index.html' } },
      { key: hex('img/'), prefixText: 'img/', type: NODE_TYPE_EDGE, reference: '33'.repeat(32), metadata: null },
      { key: hex('index.html'), prefixText: 'index.html', type: NODE_TYPE_VALUE | NODE_TYPE_WITH_METADATA, reference: '44'.repeat(32), metadata: { 'Content-Type': 'text/html', Filename: 'index.html' } },
    ],
  }).tree;
  t = nodeLoaded(t, hex('index.html'), { entry: '55'.repeat(32), forks: [] }).tree;
  t = nodeFailed(t, hex('img/'), '/bytes/3333…: 404 Not Found');
  return t;
}

describe('S11 manifest', () => {
  it('asks for a root before walking', () => {
    const content = renderManifest({ rootInput: '', inputError: 'invalid root', tree: null, rootError: null, selected: null });
    const form = content.sections[0];
    expect(form?.kind === 'form' && form.fields[0]?.error).toBe('invalid root');
    expect(content.subtitle).toMatch(/:inspect/);
  });

  it('shows forks with metadata and entries, loading and failed rows, and the selected node in full', () => {
    const content = renderManifest({ rootInput: ROOT, inputError: null, tree: tree(), rootError: null, selected: 2 });
    const t = content.sections.find((s) => s.kind === 'tree');
    if (t?.kind !== 'tree') throw new Error('no tree');
    expect(t.rows.map((r) => [r.label, r.detail, r.expandable, r.loading, r.tone ?? null])).toEqual([
      ['/', 'index index.html', false, true, null],
      ['img/', 'cannot load: /bytes/3333…: 404 Not Found', true, false, 'fail'],
      ['index.html', 'text/html · index.html · → 55555555…5555', false, false, null],
    ]);
    const selected = content.sections.find((s) => s.id === 'node');
    expect(selected?.kind === 'facts' && selected.rows.find((r) => r.label === 'entry')).toEqual({ label: 'entry', value: '55555555…5555', full: '55'.repeat(32) });
    expect(content.subtitle).toBe('2 nodes fetched, 1 loading');
  });

  it('reports a root that is no manifest as the screen error', () => {
    const content = renderManifest({ rootInput: ROOT, inputError: null, tree: nodeFailed(startTree(ROOT), '', 'not a manifest'), rootError: 'not a manifest: invalid mantaray version hash', selected: null });
    expect(content).toMatchObject({ status: 'error', subtitle: 'not a manifest: invalid mantaray version hash' });
  });
});
