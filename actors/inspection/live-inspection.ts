/**
 * Live inspection (`--inspect [ws://HOST:PORT]`, docs/cockpit.md "Live inspection"): the observer a tool passes
 * to createActor's `inspect` option, so every actor of the system (the root, its invoked children, each spawned
 * one) and every event and snapshot between them reaches the Stately inspector.
 *
 * ```ts
 * const inspection = await startLiveInspection({ kind: 'bridge' });   // or { kind: 'url', url: 'ws://127.0.0.1:8080' }
 * say(`inspector: open ${inspection.page}`);
 * const actor = createActor(machine, { inspect: inspection.inspect }).start();
 * …
 * await inspection.stop();   // after the actor stopped: its last events go out first
 * ```
 *
 * Imported only when the flag is given (the bins' start-up never loads it). Events go through
 * `@statelyai/inspect`'s createInspector (the Stately wire format) over an InspectorSocket (inspector-socket.ts
 * says why not the package's own socket); with no address, to the package's bridge on loopback
 * (inspector-bridge.ts). Whenever a receiver may be new (a page opened on the bridge, a connection back after a
 * loss), the live actors are announced again with their current snapshots, so the page shows the whole tree and
 * not only the bridge's last 200 messages.
 */
import { createInspector } from '@statelyai/inspect';
import type { AnyActorRef, InspectionEvent, Observer } from 'xstate';
import type { InspectTarget } from '../../core/inspection/inspect-flag.js';
import { startInspectorBridge, type InspectorBridge } from './inspector-bridge.js';
import { connectInspectorSocket, createInspectorSocket, type InspectionNote } from './inspector-socket.js';

export { InspectorUnreachableError, type InspectionNote } from './inspector-socket.js';

/** How long an `--inspect ws://…` address has to answer before the tool refuses to start. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** How deep an event's data is written (the package's default); deeper branches are cut with a marker. */
const DEPTH_LIMIT = 10;

export interface LiveInspection {
  /** For createActor's `inspect` option. */
  readonly inspect: Observer<InspectionEvent>;
  /** Where the events go. */
  readonly url: string;
  /** With no address given: the bridge's page to open in a browser; else null. */
  readonly page: string | null;
  /** Where to look, in a line for the operator. */
  readonly where: string;
  /**
   * Settles once someone watches: with the bridge, when its page has connected; with an address, at once. A short
   * run (`--once`, retcheck) waits for it, or it would be over before the page opened.
   */
  watched(): Promise<void>;
  /** Lines for the operator (the connection lost, back); replays the ones said so far. Returns the unsubscribe. */
  notes(listener: (note: InspectionNote) => void): () => void;
  /** Sends the last events, closes the socket and the bridge. */
  stop(): Promise<void>;
}

export async function startLiveInspection(target: InspectTarget, options: { readonly connectTimeoutMs?: number } = {}): Promise<LiveInspection> {
  const bridge: InspectorBridge | null = target.kind === 'bridge' ? await startInspectorBridge() : null;
  const url = bridge ? bridge.url : (target as { url: string }).url;
  let socketOpen;
  try {
    socketOpen = await connectInspectorSocket(url, options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS);
  } catch (error) {
    await bridge?.stop();
    throw error;
  }
  const said: InspectionNote[] = [];
  const listeners = new Set<(note: InspectionNote) => void>();
  const note = (line: InspectionNote) => {
    said.push(line);
    if (said.length > 20) said.shift();
    listeners.forEach((listener) => listener(line));
  };
  /** The systems' roots seen so far (a tool may run one after another, retcheck's probes under the exporter). */
  const roots = new Set<AnyActorRef>();
  const socket = createInspectorSocket({ url, socket: socketOpen, depthLimit: DEPTH_LIMIT, note, reconnected: () => announce() });
  const inspector = createInspector(socket, { serializationDepthLimit: DEPTH_LIMIT });

  const announce = () => {
    for (const root of roots) {
      // A stopped system is not announced again (retcheck's exporter runs one per probe).
      if (root.getSnapshot().status !== 'active') roots.delete(root);
      else for (const actorRef of below(root)) inspector.inspect.next?.({ type: '@xstate.actor', actorRef, rootId: root.sessionId });
    }
  };
  bridge?.onPage(announce);

  const inspect: Observer<InspectionEvent> = {
    next(event) {
      if (event.type === '@xstate.actor' && event.actorRef.sessionId === event.rootId) {
        for (const root of roots) if (root.getSnapshot().status !== 'active') roots.delete(root);
        roots.add(event.actorRef as AnyActorRef);
      }
      inspector.inspect.next?.(event);
    },
  };
  return {
    inspect,
    url,
    page: bridge?.page ?? null,
    watched: () => bridge?.pageOpen() ?? Promise.resolve(),
    where: bridge ? `open ${bridge.page} in a browser (the Stately inspector; events through ${url})` : `sending the actor system's events to ${url}`,
    notes(listener) {
      said.forEach(listener);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      // createInspector hands each event on in a setTimeout(0): one more turn, and the last ones are queued.
      await new Promise((resolve) => setTimeout(resolve, 0));
      await socket.close();
      await bridge?.stop();
    },
  };
}

/** The actor and every live descendant, parents first. */
function below(actorRef: AnyActorRef): AnyActorRef[] {
  const snapshot = actorRef.getSnapshot() as { status?: string; children?: Record<string, AnyActorRef | undefined> };
  if (snapshot.status !== 'active') return [];
  return [actorRef, ...Object.values(snapshot.children ?? {}).flatMap((child) => (child ? below(child) : []))];
}
