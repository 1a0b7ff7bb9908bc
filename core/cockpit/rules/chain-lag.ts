/**
 * Chain lag as S8 shows it, by the same rule as the "chain RPC fresh" gate (2-cockpit.md §1: sustained
 * lag of +5 blocks or more means a slow RPC endpoint): Bee's postage listener normally trails the tip by
 * up to 9 blocks; 5 beyond that is Warn, and Fail once it lasted 3 polls in a row, or at 60 beyond at once.
 */
import { GATE_THRESHOLDS as T } from '../gate-definitions.js';
import type { Tone } from '../view/view-model.js';

/** Blocks of lag beyond the listener's normal tail. */
export function lagExcess(chainTip: number, block: number): number {
  return Math.max(0, Math.max(0, chainTip - block) - T.chainLagAllowanceBlocks);
}

/** The streak after this poll: polls in a row whose lag was over the warn line (capped where it stops mattering). */
export function nextLagStreak(previous: number, chainTip: number, block: number): number {
  return lagExcess(chainTip, block) >= T.chainLagWarnBlocks ? Math.min(previous + 1, T.chainLagSustainedPolls) : 0;
}

export function chainLagVerdict(chainTip: number, block: number, streak: number): { tone: Tone; text: string } {
  const lag = Math.max(0, chainTip - block);
  const excess = lagExcess(chainTip, block);
  const blocks = `${lag} block${lag === 1 ? '' : 's'}`;
  if (excess >= T.chainLagFailBlocks) return { tone: 'fail', text: `${blocks}: the RPC endpoint or the postage listener stalled` };
  if (excess >= T.chainLagWarnBlocks && streak >= T.chainLagSustainedPolls) return { tone: 'fail', text: `${blocks}, sustained over ${streak} polls: slow RPC endpoint` };
  if (excess >= T.chainLagWarnBlocks) return { tone: 'warn', text: `${blocks}: ${excess} beyond the ${T.chainLagAllowanceBlocks}-block listener tail (a slow RPC if it lasts)` };
  return { tone: 'ok', text: `${blocks} (normal: the listener trails the tip by up to ${T.chainLagAllowanceBlocks})` };
}
