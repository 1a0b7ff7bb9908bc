/**
 * A piece of work with no actor system of its own (a `cockpit --once` verb), run as one promise actor so
 * `--inspect` shows it: the actor `once:<verb>` starts with its input, and its snapshot turns `done` with the
 * result (or `error`). The inspection is stopped once the actor is, so its last events go out.
 */
import { createActor, fromPromise, toPromise } from 'xstate';
import type { LiveInspection } from './live-inspection.js';

export async function runInspected<Output, Input>(id: string, input: Input, work: (input: Input, signal: AbortSignal) => Promise<Output>, inspection: Pick<LiveInspection, 'inspect' | 'stop'>): Promise<Output> {
  const actor = createActor(
    fromPromise<Output, Input>(({ input: given, signal }) => work(given, signal)),
    { id, input, inspect: inspection.inspect },
  );
  try {
    actor.start();
    return await toPromise(actor);
  } finally {
    actor.stop();
    await inspection.stop();
  }
}
