/**
 * The `resolveLogSource` actor of the log pane: runs the log-source machine (machines/log-source.machine.ts)
 * with its real actors until it settles, and answers the chosen source. Aborting (a node switch while
 * discovery runs) stops it.
 */
import { createActor, fromPromise, waitFor, type AnyActorLogic } from 'xstate';
import { logSourceMachine, selectLogSource, type LogSource, type LogSourceInput } from '../../machines/log-source.machine.js';
import { logSourceActors } from '../log-source/index.js';

export function createResolveLogSource(actors: Record<string, AnyActorLogic> = logSourceActors) {
  const machine = logSourceMachine.provide({ actors: actors as typeof logSourceActors });
  return fromPromise<LogSource, LogSourceInput>(async ({ input, signal }) => {
    const actor = createActor(machine, { input }).start();
    try {
      const settled = await waitFor(actor, (s) => s.matches('resolved') || s.matches('unavailable'), { signal });
      return selectLogSource(settled) ?? { kind: 'none', origin: 'none', reason: 'log source resolution ended without an answer' };
    } finally {
      actor.stop();
    }
  });
}
