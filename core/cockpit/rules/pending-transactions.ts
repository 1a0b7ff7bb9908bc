/**
 * Pending transactions on S8 (/transactions): how long each has been pending, and when that means it is
 * stuck. Bee lists a transaction from sending until it is mined; on Gnosis that is seconds. Pending for
 * more than 10 minutes (the same line as a Pending stamp) means it is not being mined: its gas price is too
 * low for the network, or the wallet ran out of native token. The cockpit does not resend or cancel
 * (2-cockpit.md §1); the reason names the node API calls that do.
 */
import { formatDuration } from '../format.js';
import type { Tone } from '../view/view-model.js';

export const STUCK_TRANSACTION_MS = 10 * 60_000;

export function pendingVerdict(createdIso: string, nowMs: number): { ageMs: number | null; tone: Tone; text: string } {
  const created = Date.parse(createdIso);
  if (!Number.isFinite(created)) return { ageMs: null, tone: 'muted', text: `created ${createdIso || 'at an unknown time'}` };
  const ageMs = Math.max(0, nowMs - created);
  const age = formatDuration(ageMs / 1000);
  if (ageMs > STUCK_TRANSACTION_MS) {
    return { ageMs, tone: 'warn', text: `pending ${age}: stuck? gas price too low or wallet out of gas (resend: POST /transactions/{hash}, cancel: DELETE)` };
  }
  return { ageMs, tone: 'info', text: `pending ${age}` };
}
