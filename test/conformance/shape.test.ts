/** Shape signatures and transcript diffs used by the conformance scenario. */
import { describe, expect, it } from 'vitest';
import { diffShapes, shapeSignature } from '../bee/conformance/shape.js';
import { diffTranscripts } from '../bee/conformance/diff.js';
import type { TranscriptStep } from '../bee/conformance/transcript.js';

describe('shapeSignature', () => {
  it('keeps key paths and JSON types, not values', () => {
    expect(shapeSignature({ a: 1, b: 'x', c: null, d: [{ e: true }], f: {} })).toEqual({
      '.': 'object',
      '.a': 'number',
      '.b': 'string',
      '.c': 'null',
      '.d': 'array',
      '.d[]': 'object',
      '.d[].e': 'boolean',
      '.f': 'object',
    });
    expect(shapeSignature({ a: 2, b: 'y', c: null, d: [{ e: false }, { e: true }], f: {} })).toEqual(shapeSignature({ a: 1, b: 'x', c: null, d: [{ e: true }], f: {} }));
  });

  it('collapses data-keyed objects named in mapKeys', () => {
    const left = shapeSignature({ peerData: { aa: { balance: '1' } } }, { mapKeys: ['.peerData'] });
    const right = shapeSignature({ peerData: { bb: { balance: '2' }, cc: { balance: '3' } } }, { mapKeys: ['.peerData'] });
    expect(diffShapes(left, right)).toEqual([]);
    expect(diffShapes(shapeSignature({ peerData: { aa: {} } }), shapeSignature({ peerData: { bb: {} } }))).toHaveLength(2);
  });
});

describe('top-level arrays (NDJSON lines read as an array)', () => {
  it('diffs a body that is an array, one side empty or not', () => {
    const lines = shapeSignature([{ reference: 'a', total: 1 }]);
    expect(lines).toEqual({ '.': 'array', '[]': 'object', '[].reference': 'string', '[].total': 'number' });
    expect(diffShapes(lines, shapeSignature([]))).toEqual([]);
    expect(diffShapes(lines, shapeSignature([{ reference: 'b', total: '1' }]))).toEqual(['[].total: left number, right string']);
  });
});

describe('nullable and opaque paths', () => {
  const cheque = { beneficiary: '0x1', chequebook: '0x2', payout: '5' };
  const options = { nullable: ['.lastcheques[].lastreceived', '.lastcheques[].lastsent'], opaque: ['.tree'] };

  it('a cheque that is null on one node and an object on the other is the same shape; a wrong field is not', () => {
    const bee = shapeSignature({ lastcheques: [{ peer: 'a', lastreceived: null, lastsent: cheque }] }, options);
    const devnet = shapeSignature({ lastcheques: [{ peer: 'b', lastreceived: cheque, lastsent: cheque }, { peer: 'c', lastreceived: null, lastsent: null }] }, options);
    expect(bee['.lastcheques[].lastreceived']).toBe('object?');
    expect(diffShapes(bee, devnet)).toEqual([]);
    const wrong = shapeSignature({ lastcheques: [{ peer: 'b', lastreceived: { ...cheque, payout: 5 }, lastsent: cheque }] }, options);
    expect(diffShapes(devnet, wrong)).toEqual(['.lastcheques[].lastreceived.payout: left string, right number']);
    // Without the option, null and object differ.
    expect(diffShapes(shapeSignature({ x: null }), shapeSignature({ x: cheque }))).toHaveLength(4);
  });

  it('an opaque path keeps its type only', () => {
    expect(shapeSignature({ tree: { node: { '/': { api: { '+': ['x'] } } } }, loggers: [] }, options)).toEqual({ '.': 'object', '.tree': 'object', '.loggers': 'array' });
  });
});

describe('diffShapes', () => {
  it('tolerates an empty array against a filled one, but not null against an array', () => {
    expect(diffShapes(shapeSignature({ list: [] }), shapeSignature({ list: [{ x: 1 }] }))).toEqual([]);
    expect(diffShapes(shapeSignature({ list: null }), shapeSignature({ list: [] }), ['bee', 'devnet'])).toEqual(['.list: bee null, devnet array']);
  });

  it('names missing keys and type changes', () => {
    expect(diffShapes(shapeSignature({ a: 1, b: 2 }), shapeSignature({ a: '1' }), ['bee', 'devnet'])).toEqual(['.a: bee number, devnet string', '.b: bee number, devnet (absent)']);
  });
});

describe('diffTranscripts', () => {
  const step = (over: Partial<TranscriptStep>): TranscriptStep => ({
    step: 'upload',
    method: 'POST',
    path: '/bytes',
    status: 201,
    contentType: 'application/json',
    headers: ['swarm-tag'],
    shape: { '.': 'object', '.reference': 'string' },
    addresses: { reference: 'aa' },
    ...over,
  });

  it('is empty for equal transcripts and says what differs otherwise', () => {
    expect(diffTranscripts([step({})], [step({})])).toEqual([]);
    const [problem] = diffTranscripts([step({})], [step({ status: 400, headers: [], addresses: { reference: 'bb' } })]);
    expect(problem).toContain('status: bee 201, devnet 400');
    expect(problem).toContain('headers: bee swarm-tag, devnet (none)');
    expect(problem).toContain('address reference: bee aa, devnet bb');
    expect(diffTranscripts([step({})], [])).toEqual(['upload (POST /bytes): only bee ran this step']);
  });
});
