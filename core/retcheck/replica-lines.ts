/**
 * The `replicas` section and a re-seed's replica outcome as words, shared by the text report and the web app
 * (docs/retcheck.md "Root replicas"). Pure: the surfaces only lay the rows out.
 */
import type { Replicas, ReplicaSlot } from '../../config-schema/retcheck-replicas.js';
import { REDUNDANCY_LEVEL_NAMES } from '../swarm/redundancy.js';

export interface ReplicaSlotRow {
  index: number;
  address: string;
  neighborhood: string;
  level: number;
  /** 'expected', 'unknown' (a search cannot tell whether it was stored) */
  expected: string;
  /** Per vantage, in the section's vantage order: 'yes', 'no', or 'no answer'. */
  cells: string[];
  /** Where it was found, in words. */
  foundOn: string;
}

export interface ReplicaView {
  headline: string;
  note: string;
  vantages: { url: string; found: string; missing: number; noAnswer: number }[];
  slots: ReplicaSlotRow[];
  /** What to do about replicas missing everywhere. */
  advice?: string;
}

const cell = (slot: ReplicaSlot, url: string): string => {
  const answer = slot.per_vantage[url];
  if (!answer || answer.retrievable === null) return 'no answer';
  return answer.retrievable ? 'yes' : 'no';
};

function foundOn(slot: ReplicaSlot, urls: readonly string[]): string {
  const yes = urls.filter((u) => slot.per_vantage[u]?.retrievable === true).length;
  const no = urls.filter((u) => slot.per_vantage[u]?.retrievable === false).length;
  if (yes > 0) return `retrieved by ${yes} of ${urls.length} vantages`;
  if (no === 0) return 'no vantage answered';
  if (slot.expected === true) return 'missing: no vantage retrieved it';
  return 'not found (never stored, or lost)';
}

function headline(r: Replicas): string {
  if (!r.checked) return 'not checked';
  const found = r.slots.filter((s) => Object.values(s.per_vantage).some((a) => a.retrievable === true)).length;
  if (r.level === null) {
    const least = r.level_at_least !== undefined ? `: uploaded at level ${r.level_at_least} (${REDUNDANCY_LEVEL_NAMES[r.level_at_least]}) or more` : '';
    const missing = r.missing_everywhere > 0 ? `, ${r.missing_everywhere} of that level's missing everywhere` : '';
    return `level unknown; found ${found} of the ${r.slots.length} possible replicas${least}${missing}`;
  }
  const expected = r.slots.length;
  return `level ${r.level} (${REDUNDANCY_LEVEL_NAMES[r.level]}, from ${r.level_source === 'span' ? "the root chunk's span" : '--redundancy-level'}): ${found} of ${expected} retrieved by some vantage${r.missing_everywhere > 0 ? `, ${r.missing_everywhere} missing everywhere` : ''}`;
}

export function replicaView(replicas: Replicas | undefined): ReplicaView | undefined {
  if (!replicas) return undefined;
  const urls = Object.keys(replicas.per_vantage);
  const vantages = urls.map((url) => {
    const v = replicas.per_vantage[url]!;
    return { url, found: v.expected === null ? `${v.found}` : `${v.found}/${v.expected}`, missing: v.missing, noAnswer: v.no_answer };
  });
  const slots = replicas.slots.map((s) => ({
    index: s.index,
    address: s.address,
    neighborhood: s.neighborhood,
    level: s.level,
    expected: s.expected === true ? 'expected' : 'unknown',
    cells: urls.map((u) => cell(s, u)),
    foundOn: foundOn(s, urls),
  }));
  const advice = replicas.missing_everywhere > 0 ? `--reseed --stamp <batch> re-creates the ${replicas.missing_everywhere} missing everywhere` : undefined;
  return { headline: headline(replicas), note: replicas.note, vantages, slots, ...(advice ? { advice } : {}) };
}

/** A re-seed's replica outcome (ReseedOutput.replicas) in one line. */
export function replicaReseedLine(outcome: {
  level?: number;
  skipped?: string;
  vantages: number;
  replicas: { index: number; address: string; uploaded: boolean; error?: string; retrievableOn?: string[] }[];
}): string {
  if (outcome.skipped) return outcome.skipped;
  const uploaded = outcome.replicas.filter((r) => r.uploaded).length;
  const verified = outcome.replicas.filter((r) => (r.retrievableOn?.length ?? 0) > 0).length;
  const each = outcome.replicas
    .map((r) => `${r.address ? `${r.address.slice(0, 8)}…` : `slot ${r.index}`} ${r.uploaded ? (r.retrievableOn?.length ? `retrieved by ${r.retrievableOn.length} of ${outcome.vantages} vantages` : 'retrieved by no vantage') : `not uploaded (${r.error ?? 'failed'})`}`)
    .join(', ');
  return `re-created ${uploaded} of ${outcome.replicas.length} missing (level ${outcome.level}), ${verified} verified: ${each}`;
}
