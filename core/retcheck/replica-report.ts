/**
 * The report's `replicas` section from what the replica check asked (pure), and the re-seed plan read back from
 * it: which replicas should exist, which vantages retrieved them, and which no vantage did.
 *
 * Which slots are expected: at a known level (span or option), the level's 2^level slots. After a search, every
 * slot up to the least level the found replicas prove (a replica first stored at level L exists only if the
 * upload had level L or more, and then all slots of lower levels were stored too); slots above that are
 * `expected: null`: never stored, or stored and lost, nothing tells which.
 */
import type { Replicas, ReplicaAnswer, ReplicaSlot, ReplicaVantage } from '../../config-schema/retcheck-replicas.js';
import type { VantageResult } from '../../config-schema/retcheck-report.js';
import { bytesToHex, hexToBytes } from '../swarm/bytes.js';
import { proximity } from '../swarm/proximity.js';
import type { RedundancyLevel } from '../swarm/redundancy.js';
import { REPLICAS_OWNER, replicaSlots } from '../swarm/replicas.js';
import { SEARCH_LEVEL, slotLevel, type ReplicaLevelVerdict } from './replica-level.js';

export interface ReplicaTarget {
  index: number;
  address: string;
  identifier: string;
  level: RedundancyLevel;
}

/** The replica slots to ask about for `rootHex` under `verdict` (none when it says skip). */
export function replicaTargets(rootHex: string, verdict: ReplicaLevelVerdict): ReplicaTarget[] {
  if (verdict.check === 'skip') return [];
  const level = verdict.check === 'search' ? SEARCH_LEVEL : verdict.level!;
  return replicaSlots(hexToBytes(rootHex.slice(0, 64)), level).map((slot, index) => ({
    index,
    address: bytesToHex(slot.address),
    identifier: bytesToHex(slot.identifier),
    level: slotLevel(index),
  }));
}

export interface ReplicaSectionParts {
  root: string;
  verdict: ReplicaLevelVerdict;
  targets: readonly ReplicaTarget[];
  /** answers[slot][vantage], in the order of `vantages`. */
  answers: readonly (readonly ReplicaAnswer[])[];
  vantages: readonly Pick<VantageResult, 'node_url' | 'overlay'>[];
}

export function replicaSection(parts: ReplicaSectionParts): Replicas {
  const { verdict, targets, answers, vantages } = parts;
  const foundAnywhere = (i: number) => (answers[i] ?? []).some((a) => a.retrievable === true);
  const atLeast =
    verdict.check === 'search'
      ? targets.reduce<number>((max, t, i) => (foundAnywhere(i) ? Math.max(max, t.level) : max), 0)
      : 0;
  const expectedOf = (t: ReplicaTarget): boolean | null => (verdict.check === 'search' ? (t.level <= atLeast ? true : null) : true);
  const overlays = vantages.map((v) => (v.overlay ? hexToBytes(v.overlay) : null));
  const slots: ReplicaSlot[] = targets.map((t, i) => {
    const perVantage: ReplicaSlot['per_vantage'] = {};
    const address = hexToBytes(t.address);
    vantages.forEach((v, j) => {
      const answer = answers[i]?.[j];
      if (!answer) return;
      const overlay = overlays[j];
      perVantage[v.node_url] = { ...answer, ...(overlay ? { proximity: proximity(overlay, address) } : {}) };
    });
    return { index: t.index, address: t.address, identifier: t.identifier, neighborhood: t.address.slice(0, 2), level: t.level, expected: expectedOf(t), per_vantage: perVantage };
  });
  const perVantage: Record<string, ReplicaVantage> = {};
  for (const v of vantages) {
    const expectedSlots = slots.filter((s) => s.expected === true);
    const answersOf = slots.map((s) => s.per_vantage[v.node_url]);
    perVantage[v.node_url] = {
      expected: verdict.check === 'search' && atLeast === 0 ? null : expectedSlots.length,
      found: answersOf.filter((a) => a?.retrievable === true).length,
      missing: slots.filter((s) => s.expected === true && s.per_vantage[v.node_url]?.retrievable === false).length,
      no_answer: answersOf.filter((a) => a === undefined || a.retrievable === null).length,
    };
  }
  return {
    root: parts.root.slice(0, 64),
    owner: bytesToHex(REPLICAS_OWNER),
    level: verdict.level,
    level_source: verdict.source,
    ...(verdict.check === 'search' && atLeast > 0 ? { level_at_least: atLeast } : {}),
    checked: verdict.check !== 'skip',
    note: verdict.note,
    slots,
    per_vantage: perVantage,
    missing_everywhere: slots.filter((s) => s.expected === true && !Object.values(s.per_vantage).some((a) => a.retrievable === true)).length,
  };
}

const CHECK_FAILED = 'the replica check failed:';

/** The section for a check that could not run at all: nothing claimed, the error kept. */
export function failedReplicaSection(reference: string, error: string): Replicas {
  return {
    root: reference.slice(0, 64),
    owner: bytesToHex(REPLICAS_OWNER),
    level: null,
    level_source: 'none',
    checked: false,
    note: `${CHECK_FAILED} ${error}`,
    slots: [],
    per_vantage: {},
    missing_everywhere: 0,
  };
}

/** What a re-seed does about replicas: re-create some slots at a level, or nothing (and whether to warn why). */
export type ReplicaPlan =
  | { kind: 'recreate'; root: string; level: RedundancyLevel; slots: number[]; vantages: string[] }
  | { kind: 'skip'; why: string; warn: boolean };

/**
 * Reads the plan from a report's `replicas` section: every expected slot no vantage retrieved (not found, or
 * no answer: uploading a replica that exists costs a stamp slot and nothing else) at the level checked, or at
 * the least level a search proved. Undefined when the check did not run.
 */
export function replicaPlan(replicas: Replicas | undefined): ReplicaPlan | undefined {
  if (!replicas) return undefined;
  if (!replicas.checked) return { kind: 'skip', why: `no replicas to re-create: ${replicas.note}`, warn: replicas.note.startsWith(CHECK_FAILED) };
  const level = replicas.level ?? replicas.level_at_least;
  if (level === undefined || level === 0) {
    return {
      kind: 'skip',
      why: 'replicas not re-created: the redundancy level is not known (the root does not mark it and no replica was found); give --redundancy-level to re-create them',
      warn: true,
    };
  }
  const slots = replicas.slots.filter((s) => s.expected === true && !Object.values(s.per_vantage).some((a) => a.retrievable === true)).map((s) => s.index);
  if (slots.length === 0) return { kind: 'skip', why: `every replica of level ${level} was retrieved by some vantage: none to re-create`, warn: false };
  const vantages = Object.keys(replicas.per_vantage);
  return { kind: 'recreate', root: replicas.root, level: level as RedundancyLevel, slots, vantages };
}
