/**
 * What the engine does for the supervised node, as an actor that stops listening when stopped:
 * - the node just answered /health (`supervising.running`): poll the fleet now rather than at the next
 *   interval (`engine.repollFleet`);
 * - the start-up check named the capture file: it becomes the supervised node's log source
 *   (`supervisor.captureKnown`, once);
 * - while it runs, the view is marked dirty every second (the chip shows the uptime).
 */
import { fromCallback, type AnyActorRef } from 'xstate';
import type { CockpitEvent } from '../../machines/cockpit/cockpit.contracts.js';
import type { SupervisorSnapshotLike } from '../../machines/cockpit/supervisor.view.js';

export interface SupervisorGlueInput {
  readonly supervisor: AnyActorRef;
  /** The node the config names as the supervised one (`[store] node`), if it does. */
  readonly node: string | undefined;
  /** Sends to the root actor. */
  readonly send: (event: CockpitEvent) => void;
  /** Called every second: the uptime in the chip moves. */
  readonly tick: () => void;
}

export const supervisorGlueLogic = fromCallback<{ type: string }, SupervisorGlueInput>(({ input }) => {
  const { send, node } = input;
  const ticker = setInterval(input.tick, 1000);
  ticker.unref?.();
  let captureSent = false;
  let wasRunning = false;
  const subscription = input.supervisor.subscribe((snapshot: SupervisorSnapshotLike) => {
    const running = (snapshot.matches as (state: string) => boolean)('supervising.running');
    if (running && !wasRunning) send({ type: 'engine.repollFleet' });
    wasRunning = running;
    if (captureSent || !snapshot.context.captureFile) return;
    captureSent = true;
    send({ type: 'supervisor.captureKnown', file: snapshot.context.captureFile, apiUrl: snapshot.context.apiUrl, ...(node ? { node } : {}) });
  });
  return () => {
    clearInterval(ticker);
    subscription.unsubscribe();
  };
});
