/**
 * The detail blocks that use the room a short table leaves (issue 28 item 1): S2's selected batch and S15's
 * selected node, each only from facts the engine read, unknown said as unknown.
 */
import { describe, expect, it } from 'vitest';
import { computeGates } from '../gates.js';
import type { FleetNodeFacts } from '../interaction/screen-env.js';
import { BATCH_A, BATCH_B, stampFacts, stampsPoll } from './screen-fixtures.js';
import { buildStampsModel, renderStamps } from './stamps.js';
import { BATCH_DETAIL } from './stamps-detail.js';
import { fleetScreen } from './fleet.js';
import { NODE_DETAIL } from './fleet-detail.js';
import { healthySnapshot } from '../snapshot-fixtures.js';

const factsOf = (sections: readonly { id: string; kind: string }[], id: string) => {
  const section = sections.find((s) => s.id === id);
  if (section?.kind !== 'facts') throw new Error(`no facts section ${id}`);
  return Object.fromEntries((section as unknown as { rows: { label: string; value: string }[] }).rows.map((row) => [row.label, row.value]));
};

describe('S2 selected batch detail', () => {
  const poll = stampsPoll(Date.UTC(2026, 10, 29, 12), [stampFacts(BATCH_A, { utilization: 48, utilizationRatio: 0.75 }), stampFacts(BATCH_B, { label: '', amount: null, batchTTL: -1, immutableFlag: false })]);
  const model = buildStampsModel(poll, {});

  it('shows the selected batch whole: full ID, depth and bucket depth, peak bucket with its bar, TTL, volumes, type, amount', () => {
    const content = renderStamps(model, null, BATCH_A);
    const facts = factsOf(content.sections, BATCH_DETAIL);
    expect(facts['Batch ID']).toBe(BATCH_A);
    expect(facts['Label']).toBe('devnet');
    expect(facts['Depth']).toBe('22 (bucket depth 16: 65,536 buckets of 64 slots)');
    expect(facts['Peak bucket']).toBe('████████░░ 48 of 64 slots (75 %)');
    expect(facts['TTL']).toMatch(/^30 d, until about 2026-12-(29|30) at today’s price$/);
    expect(facts['Volume']).toBe('17.18 GB (4,194,304 chunks of 4,096 bytes)');
    expect(facts['Effective']).toMatch(/usable at depth 22/);
    expect(facts['Type']).toMatch(/^immutable/);
    expect(facts['Amount']).toBe('62,208,000,000 PLUR per chunk paid so far');
  });

  it('says unknown for what /stamps did not give, and follows the selection (ASCII bar under --ascii)', () => {
    const facts = factsOf(renderStamps(model, null, BATCH_B, true).sections, BATCH_DETAIL);
    expect(facts['Batch ID']).toBe(BATCH_B);
    expect(facts['Label']).toBe('no label set');
    expect(facts['TTL']).toMatch(/^unknown: /);
    expect(facts['Amount']).toMatch(/^unknown: /);
    expect(facts['Type']).toMatch(/^mutable/);
    expect(facts['Peak bucket']).toMatch(/^[#.]{10} /);
  });

  it('has no detail block without batches', () => {
    const empty = buildStampsModel(stampsPoll(0, []), {});
    expect(renderStamps(empty, null).sections.some((s) => s.id === BATCH_DETAIL)).toBe(false);
  });
});

describe('S15 selected node detail', () => {
  const node = (name: string, patch: Partial<FleetNodeFacts> = {}): FleetNodeFacts => {
    const snapshot = healthySnapshot(Date.UTC(2026, 10, 29, 12));
    return { name, url: `http://127.0.0.1:1633/${name}`, active: false, snapshot, gates: computeGates(snapshot), pollError: null, polling: false, ...patch };
  };

  it('shows the selected node: who it is, its version, the last poll, and one line per gate', () => {
    const fleet = [node('n0', { active: true, isDefault: true }), node('n1')];
    const content = fleetScreen(fleet, false, 'n1');
    const detail = content.sections.find((s) => s.id === NODE_DETAIL);
    expect(detail?.title).toBe('Selected node n1');
    const facts = factsOf(content.sections, NODE_DETAIL);
    expect(facts['Node']).toBe('n1 (http://127.0.0.1:1633/n1)');
    expect(facts['Status']).toBe('ok');
    expect(facts['Version']).toMatch(/^Bee .+, API .+/);
    expect(facts['Last poll']).toBeDefined();
    for (const gate of fleet[1]!.gates!) expect(facts[gate.name]).toBe(`${gate.state}: ${gate.reason}`);
    // Without a selection: the first row's node, where the engine's selection starts.
    expect(fleetScreen(fleet, false, null).sections.find((s) => s.id === NODE_DETAIL)?.title).toBe('Selected node n0');
    expect(factsOf(fleetScreen(fleet).sections, NODE_DETAIL)['Role']).toMatch(/active.*default/);
  });

  it('says a node that has not answered has no gates to judge, never ok', () => {
    const facts = factsOf(fleetScreen([node('n0', { snapshot: null, gates: null, polling: true })]).sections, NODE_DETAIL);
    expect(facts['Last poll']).toBe('polling now, no answer yet');
    expect(facts['Gates']).toMatch(/^unknown: /);
    expect(facts['Version']).toBeUndefined();
  });
});
