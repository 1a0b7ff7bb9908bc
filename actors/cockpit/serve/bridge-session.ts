/**
 * One renderer connected to the engine, whatever carries the messages (a `--serve` WebSocket, Electron IPC):
 * views go out as the bridge protocol's whole view then slices (core/cockpit/bridge/protocol.ts), the
 * renderer's messages come in, are checked (client-message-schema.ts) and become engine events.
 *
 * - A slow reader (a browser over a thin SSH tunnel) never piles up views: while the transport says it is
 *   busy the latest view waits, and only the newest is sent when it drains (views are states, not events).
 * - A malformed message is dropped and counted; the session goes on.
 * - Drops: with a DropWriter (the browser host) files arrive as chunks and the engine gets `ui.drop` with the
 *   written paths, or `ui.dropFailed`; a renderer's own `ui.drop` with paths is honoured only where the host
 *   gives real paths (Electron), never from a browser. The window is enforced, not trusted: a chunk sent while
 *   DROP_CHUNKS_IN_FLIGHT of its drop are unacknowledged fails the drop and ends the connection, and a window
 *   has at most MAX_OPEN_DROPS drops open, so what a renderer can make the cockpit hold is bounded (before: a
 *   client ignoring the window took the cockpit to 773 MB).
 */
import type { CockpitEngineHandle } from '../../../core/cockpit/view/engine.js';
import type { CockpitView } from '../../../core/cockpit/view/view-model.js';
import { parseClientMessage } from '../../../core/cockpit/bridge/client-message-schema.js';
import { decodeDropChunk, DROP_CHUNKS_IN_FLIGHT, type BridgeClientMessage, type BridgeServerMessage } from '../../../core/cockpit/bridge/protocol.js';
import { createViewSender } from '../../../core/cockpit/bridge/view-slices.js';
import type { DropWriter } from './drop-writer.js';

export interface BridgeTransport {
  send(message: BridgeServerMessage): void;
  /** True while earlier messages are still queued (the session then holds views back). */
  busy?(): boolean;
  /** Ends the connection of a renderer that broke the protocol (a drop sent past its window). */
  close?(reason: string): void;
}

/** Drops one window may have open at once: with DROP_CHUNKS_IN_FLIGHT each, what a window may have in memory. */
export const MAX_OPEN_DROPS = 4;

export interface BridgeSessionOptions {
  readonly engine: Pick<CockpitEngineHandle, 'getView' | 'subscribe' | 'send'>;
  readonly transport: BridgeTransport;
  /** Browser drops arrive as bytes (`--serve`); without a writer they are refused. */
  readonly drops?: DropWriter;
  /** Whether the renderer may send `ui.drop` with paths itself (Electron: true). */
  readonly acceptPathDrops?: boolean;
  /** Send the whole view at once (a WebSocket) rather than on the renderer's `hello` (IPC). */
  readonly greet?: boolean;
  /** How often a busy transport is looked at again. */
  readonly retryMs?: number;
}

export interface BridgeSession {
  /** A text message from the renderer (already JSON-parsed or raw text). */
  receive(message: unknown): void;
  /** A binary message from the renderer (a drop chunk). */
  receiveBinary(frame: Uint8Array): void;
  /** Messages refused as malformed so far. */
  readonly refused: number;
  close(): Promise<void>;
}

export function createBridgeSession(options: BridgeSessionOptions): BridgeSession {
  const { engine, transport, drops } = options;
  const sender = createViewSender();
  let closed = false;
  /** The renderer broke the protocol: nothing more it sends is taken. */
  let violated = false;
  let refused = 0;
  let waiting: ReturnType<typeof setTimeout> | null = null;
  let started = options.greet === true;

  /** The last renderer event the engine has (views say so: `ack`), and the last `ack` sent. */
  let acked = 0;
  let ackSent = 0;
  const flush = (): void => {
    waiting = null;
    if (closed || !started) return;
    if (transport.busy?.()) {
      waiting = setTimeout(flush, options.retryMs ?? 50);
      return;
    }
    const message = sender.next(engine.getView());
    if (message) transport.send(acked > 0 ? { ...message, ack: acked } : message);
    else if (acked > ackSent) transport.send({ t: 'ack', ack: acked });
    ackSent = acked;
  };
  const onView = (_view: CockpitView): void => {
    if (waiting === null) flush();
  };
  const unsubscribe = engine.subscribe(onView);
  if (started) flush();

  /** Open drops by id, with the name messages use (the first top-level entry); a failure is reported once. */
  const dropNames = new Map<string, string>();
  /** Chunks of each open drop received and not yet acknowledged. */
  const inFlight = new Map<string, number>();
  /** Each drop's steps run in order (begin creates the directories before the first chunk is written). */
  const chains = new Map<string, Promise<unknown>>();
  const step = (id: string, run: () => Promise<unknown>): void => {
    const next = (chains.get(id) ?? Promise.resolve()).then(run, run);
    chains.set(id, next.catch(() => undefined));
  };
  const dropFailed = (id: string, reason: string): void => {
    const name = dropNames.get(id);
    if (name === undefined) return;
    dropNames.delete(id);
    chains.delete(id);
    inFlight.delete(id);
    engine.send({ type: 'ui.dropFailed', name, reason });
    transport.send({ t: 'drop.failed', id, message: reason });
  };

  const handle = (message: BridgeClientMessage): void => {
    switch (message.t) {
      case 'hello':
        started = true;
        sender.reset();
        acked = 0;
        ackSent = 0;
        flush();
        return;
      case 'event':
        if (message.event.type === 'ui.drop' && !options.acceptPathDrops) refused += 1;
        else engine.send(message.event);
        // The view now reflects this event: answer at once (a key that changed nothing is acknowledged too).
        if (message.seq !== undefined) {
          acked = message.seq;
          if (waiting === null) flush();
        }
        return;
      case 'drop.begin': {
        const { id } = message;
        if (dropNames.has(id)) return;
        const full = dropNames.size >= MAX_OPEN_DROPS;
        dropNames.set(id, message.entries[0]?.path.split('/')[0] ?? 'drop');
        if (!drops) {
          dropFailed(id, 'this window cannot take dropped files');
          return;
        }
        if (full) {
          dropFailed(id, `this window has ${MAX_OPEN_DROPS} drops on their way already; drop it again once they are written`);
          return;
        }
        step(id, async () => {
          const refusal = await drops.begin(id, message.entries).catch((error: Error) => error.message);
          if (refusal !== null) dropFailed(id, refusal);
        });
        return;
      }
      case 'drop.end': {
        const { id } = message;
        if (!drops || !dropNames.has(id)) return;
        step(id, async () => {
          if (!dropNames.has(id)) return;
          try {
            const paths = await drops.end(id);
            dropNames.delete(id);
            chains.delete(id);
            engine.send({ type: 'ui.drop', paths });
            transport.send({ t: 'drop.done', id, paths });
          } catch (error) {
            dropFailed(id, (error as Error).message);
          }
        });
        return;
      }
      case 'drop.abort': {
        const { id } = message;
        if (!dropNames.has(id)) return;
        dropNames.delete(id);
        step(id, () => drops?.abort(id) ?? Promise.resolve());
        chains.delete(id);
        engine.send({ type: 'ui.dropFailed', name: message.path, reason: message.reason });
        return;
      }
    }
  };

  return {
    receive(raw) {
      if (closed || violated) return;
      let json = raw;
      if (typeof raw === 'string') {
        try {
          json = JSON.parse(raw);
        } catch {
          refused += 1;
          return;
        }
      }
      const parsed = parseClientMessage(json);
      if (!parsed.ok) {
        refused += 1;
        return;
      }
      handle(parsed.message);
    },
    receiveBinary(frame) {
      if (closed || violated) return;
      const chunk = decodeDropChunk(frame);
      if (!chunk || !drops) {
        refused += 1;
        return;
      }
      const { id, entry, offset } = chunk.header;
      if (!dropNames.has(id)) return;
      const pending = (inFlight.get(id) ?? 0) + 1;
      if (pending > DROP_CHUNKS_IN_FLIGHT) {
        // The renderer ignores the window: nothing it sends is held any more.
        dropFailed(id, `more than ${DROP_CHUNKS_IN_FLIGHT} chunks were sent before their acknowledgements; the drop is refused`);
        void drops.abort(id);
        refused += 1;
        violated = true;
        transport.close?.('drop sent past its window');
        return;
      }
      inFlight.set(id, pending);
      step(id, async () => {
        if (!dropNames.has(id)) return;
        try {
          const bytes = await drops.write(id, entry, offset, chunk.bytes);
          if (inFlight.has(id)) inFlight.set(id, inFlight.get(id)! - 1);
          transport.send({ t: 'drop.ack', id, bytes });
        } catch (error) {
          dropFailed(id, (error as Error).message);
        }
      });
    },
    get refused() {
      return refused;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (waiting) clearTimeout(waiting);
      unsubscribe();
      await drops?.dispose(false);
    },
  };
}
