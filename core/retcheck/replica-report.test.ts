/**
 * The `replicas` section, its words, and the re-seed plan read back from it.
 */
import { describe, expect, it } from 'vitest';
import type { ReplicaAnswer } from '../../config-schema/retcheck-replicas.js';
import { reportSchemaErrors } from '../../test/report-schema.js';
import { bytesToHex } from '../swarm/bytes.js';
import { makeContentChunk } from '../swarm/chunk.js';
import { replicaSlots } from '../swarm/replicas.js';
import type { ReplicaLevelVerdict } from './replica-level.js';
import { replicaReseedLine, replicaView } from './replica-lines.js';
import { failedReplicaSection, replicaPlan, replicaSection, replicaTargets } from './replica-report.js';
import { formatTextReport } from './text-report.js';

const root = bytesToHex(makeContentChunk(new TextEncoder().encode('replica report root')).address);
const vantages = [{ node_url: 'http://a', overlay: 'ff'.repeat(32) }, { node_url: 'http://b' }];
const yes: ReplicaAnswer = { retrievable: true, elapsed_ms: 2 };
const no: ReplicaAnswer = { retrievable: false, elapsed_ms: 3 };
const none: ReplicaAnswer = { retrievable: null, elapsed_ms: 0, error: 'connection refused' };
const level2: ReplicaLevelVerdict = { level: 2, source: 'span', check: 'level', note: 'level 2' };
const search: ReplicaLevelVerdict = { level: null, source: 'search', check: 'search', note: 'searched' };
const report = (replicas: ReturnType<typeof replicaSection>) => ({ reference: root, status: 'retrievable' as const, vantages: [], replicas, spec_version: 1 as const });

describe('replica section', () => {
  it("lists the level's slots at Bee's addresses, counts per vantage, and what is missing everywhere", () => {
    const targets = replicaTargets(root, level2);
    expect(targets.map((t) => t.address)).toEqual(replicaSlots(Buffer.from(root, 'hex'), 2).map((s) => bytesToHex(s.address)));
    expect(targets.map((t) => t.identifier.slice(2))).toEqual(targets.map(() => root.slice(2)));
    const section = replicaSection({ root, verdict: level2, targets, answers: [[yes, yes], [no, none], [no, no], [yes, no]], vantages });
    expect(reportSchemaErrors(report(section))).toEqual([]);
    expect(section).toMatchObject({ level: 2, level_source: 'span', checked: true, missing_everywhere: 2 });
    expect(section.per_vantage).toEqual({ 'http://a': { expected: 4, found: 2, missing: 2, no_answer: 0 }, 'http://b': { expected: 4, found: 1, missing: 2, no_answer: 1 } });
    expect(section.slots[0]!.per_vantage['http://a']!.proximity).toBeTypeOf('number');
    expect(section.slots[0]!.per_vantage['http://b']!.proximity).toBeUndefined();
    expect(replicaPlan(section)).toEqual({ kind: 'recreate', root, level: 2, slots: [1, 2], vantages: ['http://a', 'http://b'] });
    const view = replicaView(section)!;
    expect(view.headline).toBe("level 2 (STRONG, from the root chunk's span): 2 of 4 retrieved by some vantage, 2 missing everywhere");
    expect(view.slots.map((s) => s.foundOn)).toEqual(['retrieved by 2 of 2 vantages', 'missing: no vantage retrieved it', 'missing: no vantage retrieved it', 'retrieved by 1 of 2 vantages']);
    expect(view.slots[1]!.cells).toEqual(['no', 'no answer']);
    expect(view.advice).toMatch(/re-creates the 2 missing/);
  });

  it('a search proves the least level from what it found; slots above are unknown, not missing', () => {
    const targets = replicaTargets(root, search);
    expect(targets).toHaveLength(16);
    const answers = targets.map((t) => (t.index === 1 || t.index === 3 ? [yes, no] : [no, no]));
    const section = replicaSection({ root, verdict: search, targets, answers, vantages });
    expect(section).toMatchObject({ level: null, level_at_least: 2, missing_everywhere: 2 });
    expect(section.slots.map((s) => s.expected)).toEqual([true, true, true, true, ...Array(12).fill(null)]);
    expect(section.per_vantage['http://a']).toEqual({ expected: 4, found: 2, missing: 2, no_answer: 0 });
    expect(replicaPlan(section)).toMatchObject({ kind: 'recreate', level: 2, slots: [0, 2] });
    expect(replicaView(section)!.headline).toBe('level unknown; found 2 of the 16 possible replicas: uploaded at level 2 (STRONG) or more, 2 of that level\'s missing everywhere');

    const nothing = replicaSection({ root, verdict: search, targets, answers: targets.map(() => [no, no]), vantages });
    expect(nothing.per_vantage['http://a']!.expected).toBeNull();
    expect(nothing.missing_everywhere).toBe(0);
    expect(replicaPlan(nothing)).toMatchObject({ kind: 'skip', warn: true, why: expect.stringContaining('--redundancy-level') });
  });

  it('nothing to re-create: level 0, everything found, a failed check (warned), or no check at all', () => {
    const level0: ReplicaLevelVerdict = { level: 0, source: 'span', check: 'skip', note: 'uploaded at redundancy level 0' };
    const skipped = replicaSection({ root, verdict: level0, targets: [], answers: [], vantages });
    expect(skipped).toMatchObject({ checked: false, slots: [], level: 0 });
    expect(replicaPlan(skipped)).toEqual({ kind: 'skip', why: 'no replicas to re-create: uploaded at redundancy level 0', warn: false });
    const targets = replicaTargets(root, level2);
    expect(replicaPlan(replicaSection({ root, verdict: level2, targets, answers: targets.map(() => [yes, no]), vantages }))).toMatchObject({ kind: 'skip', warn: false });
    const failed = failedReplicaSection(root, 'boom');
    expect(reportSchemaErrors(report(failed))).toEqual([]);
    expect(replicaPlan(failed)).toMatchObject({ kind: 'skip', warn: true });
    expect(replicaPlan(undefined)).toBeUndefined();
  });

  it('says what a re-seed did about replicas', () => {
    const line = replicaReseedLine({
      level: 2,
      vantages: 2,
      replicas: [
        { index: 1, address: 'ab'.repeat(32), uploaded: true, retrievableOn: ['http://a'] },
        { index: 2, address: 'cd'.repeat(32), uploaded: false, error: 'POST -> 402 batch is overissued' },
      ],
    });
    expect(line).toBe('re-created 1 of 2 missing (level 2), 1 verified: abababab… retrieved by 1 of 2 vantages, cdcdcdcd… not uploaded (POST -> 402 batch is overissued)');
    expect(replicaReseedLine({ skipped: 'none to do', vantages: 0, replicas: [] })).toBe('none to do');
  });

  it('the text after a search: one line for slots nobody found, one for slots nobody answered, never calling those lost', () => {
    const targets = replicaTargets(root, search);
    const answers = targets.map((t) => (t.index < 2 ? [yes, no] : t.index < 8 ? [no, none] : [none, none]));
    const text = formatTextReport(report(replicaSection({ root, verdict: search, targets, answers, vantages })), { color: false });
    const block = text.slice(text.indexOf('\nreplicas  '));
    expect(block).toContain('replicas  level unknown; found 2 of the 16 possible replicas: uploaded at level 1 (MEDIUM) or more');
    expect(block).toMatch(/^ +0 {2}\S+ {2}nb [0-9a-f]{2} {2}level 1 {2}retrieved by 1 of 2 vantages$/m);
    expect(block).toContain('  6 more (level 2, 3): not found on any vantage that answered: never stored (an upload at a lower level) or lost');
    expect(block).toContain('  8 more (level 4): no vantage answered');
    const unanswered = formatTextReport(report(replicaSection({ root, verdict: search, targets, answers: targets.map(() => [none, none]), vantages })), { color: false });
    expect(unanswered).toContain('  16 more (level 1, 2, 3, 4): no vantage answered');
    expect(unanswered).not.toContain('lost');
  });
});
