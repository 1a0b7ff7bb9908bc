/**
 * What every mode of `cockpit`, `cockpit-tui` and `retcheck` does with `--inspect` (docs/cockpit.md "Live
 * inspection"): nothing at all without it (not even an import), else start the live inspection before the actor
 * system, say on the given stream (stderr wherever stdout is data) where to look, and hand it to the actor
 * system. A short run with the bridge (`--once`, a retcheck) waits until the page is open. An address that does not answer is refused before anything else happens
 * (InspectorUnreachableError, which the mode reports with its error code).
 */
import type { InspectTarget } from '../../core/inspection/inspect-flag.js';
import type { LiveInspection } from '../../actors/inspection/live-inspection.js';

export async function startInspection(target: InspectTarget | undefined, say: (line: string) => void, options: { readonly shortRun?: boolean } = {}): Promise<LiveInspection | undefined> {
  if (!target) return undefined;
  const { startLiveInspection } = await import('../../actors/inspection/live-inspection.js');
  const inspection = await startLiveInspection(target);
  // A short run (`--once`, a retcheck) with the bridge waits for the page: it would be over before it opened.
  const waits = options.shortRun === true && inspection.page !== null;
  say(`inspector: ${inspection.where}${waits ? '; the run starts once the page is open (Ctrl-C gives up)' : ''}`);
  if (waits) await inspection.watched();
  return inspection;
}

/**
 * startInspection for a mode: an address that does not answer is said through `say` (its message says why) and
 * answered `null`, and the mode exits with its error code; no flag is `undefined`.
 */
export async function startInspectionOrRefuse(target: InspectTarget | undefined, say: (line: string) => void, options: { readonly shortRun?: boolean } = {}): Promise<LiveInspection | undefined | null> {
  try {
    return await startInspection(target, say, options);
  } catch (error) {
    if (!isInspectorUnreachable(error)) throw error;
    say(error.message);
    return null;
  }
}

/** Whether `error` is the refusal of an inspector address that does not answer (its message says why). */
export function isInspectorUnreachable(error: unknown): error is Error {
  return error instanceof Error && error.name === 'InspectorUnreachableError';
}
