/** What the stamp-math previews' words share. */
import type { PreviewWarning } from '../../swarm/stamp-math.js';

/** Warnings with which the node would refuse the transaction (the preview's status is then `sad`). */
export function refusedBy(warnings: readonly Pick<PreviewWarning, 'code'>[]): boolean {
  return warnings.some((w) => w.code === 'belowMinimumValidity' || w.code === 'insufficientFunds');
}

/** `; the node would refuse it: <why>` when it would. */
export function refusal(warnings: readonly { code: string; message: string }[]): string {
  return refusedBy(warnings as readonly Pick<PreviewWarning, 'code'>[]) ? `; the node would refuse it: ${warnings.map((w) => w.message).join('; ')}` : '';
}

export const PREVIEW_ONLY = '; preview only, nothing sent';

/** A batch ID as the previews name it: its first 8 hex and an ellipsis. */
export const batchShort = (batchId: string): string => `${batchId.slice(0, 8)}…`;
