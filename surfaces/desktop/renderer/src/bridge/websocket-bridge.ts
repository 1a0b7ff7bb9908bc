/**
 * The `cockpit --serve` adapter: the bridge over one WebSocket to `/<token>/bridge` beside the page (the
 * token is in the page's own path, so the socket's relative URL carries it).
 *
 * - Losing the connection (the cockpit restarted, a tunnel dropped, a laptop slept) is shown at once
 *   (status `lost`) and retried with back-off (0.5, 1, 2, 4 s, then every 5 s); the cockpit answers a new
 *   socket with the whole view, so nothing is replayed. Events sent while lost are dropped: the window
 *   says it is not connected.
 * - Drops: a browser cannot tell the cockpit a local path, so the dropped files are read and sent as
 *   chunks (at most DROP_CHUNKS_IN_FLIGHT unacknowledged), and the cockpit hands the engine the path it
 *   wrote them to. A file the browser cannot read (removed or unreadable since the drop) aborts the drop
 *   with the browser's reason, which the engine shows as a red banner.
 */
import {
  BRIDGE_SOCKET_PATH,
  DROP_CHUNK_BYTES,
  DROP_CHUNKS_IN_FLIGHT,
  encodeDropChunk,
  type BridgeClientMessage,
  type BridgeServerMessage,
} from '../../../../../core/cockpit/bridge/protocol.js';
import type { CockpitUiEvent } from '../../../../../core/cockpit/view/ui-events.js';
import { takeDropped, walkDropped, type DroppedItem } from './dropped-files.js';
import type { BridgeStatus, RendererBridge } from './types.js';

const RETRY_MS = [500, 1000, 2000, 4000, 5000];

interface DropFlow {
  inFlight: number;
  wake: (() => void) | null;
  failed: string | null;
}

/** Why the browser could not read a dropped file, in words (NotFoundError: moved or removed since the drop). */
function unreadable(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotFoundError') return 'the browser could not read it: it was moved or removed (NotFoundError)';
  if (name === 'NotReadableError') return 'the browser could not read it: no permission, or it changed since the drop (NotReadableError)';
  return `the browser could not read it (${typeof name === 'string' ? name : String(error)})`;
}

export function bridgeSocketUrl(location: Location): string {
  const base = new URL('.', location.href);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  return new URL(BRIDGE_SOCKET_PATH, base).href;
}

export function websocketBridge(url: string): RendererBridge {
  let socket: WebSocket | null = null;
  let onMessage: (message: BridgeServerMessage, arrivedAt: number) => void = () => {};
  let onStatus: (status: BridgeStatus) => void = () => {};
  let attempt = 0;
  let everOpen = false;
  let dropSeq = 0;
  const flows = new Map<string, DropFlow>();

  const post = (message: BridgeClientMessage): boolean => {
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  };

  const connect = (): void => {
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      everOpen = true;
      onStatus({ state: 'open', attempt: 0 });
    };
    ws.onmessage = (event: MessageEvent) => {
      const arrivedAt = performance.now();
      if (typeof event.data !== 'string') return;
      const message = JSON.parse(event.data) as BridgeServerMessage;
      if (message.t === 'drop.ack' || message.t === 'drop.failed' || message.t === 'drop.done') {
        const flow = flows.get(message.id);
        if (flow) {
          if (message.t === 'drop.ack') flow.inFlight -= 1;
          else if (message.t === 'drop.failed') flow.failed = message.message;
          flow.wake?.();
        }
        return;
      }
      onMessage(message, arrivedAt);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      for (const flow of flows.values()) {
        flow.failed ??= 'the connection to the cockpit was lost';
        flow.wake?.();
      }
      attempt += 1;
      onStatus({ state: everOpen ? 'lost' : 'connecting', attempt });
      setTimeout(connect, RETRY_MS[Math.min(attempt - 1, RETRY_MS.length - 1)]);
    };
  };

  const waitFor = (flow: DropFlow, ready: () => boolean): Promise<void> =>
    new Promise((resolve) => {
      const check = () => {
        if (ready() || flow.failed !== null) {
          flow.wake = null;
          resolve();
        } else flow.wake = check;
      };
      check();
    });

  const upload = async (items: readonly DroppedItem[], id: string): Promise<void> => {
    const flow: DropFlow = { inFlight: 0, wake: null, failed: null };
    flows.set(id, flow);
    try {
      if (!post({ t: 'drop.begin', id, entries: items.map((item) => item.entry) })) return;
      for (const [index, item] of items.entries()) {
        if (!item.file) continue;
        // Read at least once, even an empty file: a file gone since the drop fails only when read.
        for (let offset = 0; offset === 0 || offset < item.file.size; offset += DROP_CHUNK_BYTES) {
          let bytes: Uint8Array;
          try {
            // An empty slice never touches the disk, so an empty (or vanished) file is read whole.
            const part = item.file.size === 0 ? item.file : item.file.slice(offset, offset + DROP_CHUNK_BYTES);
            bytes = new Uint8Array(await part.arrayBuffer());
          } catch (error) {
            post({ t: 'drop.abort', id, path: item.entry.path, reason: unreadable(error) });
            return;
          }
          if (bytes.length === 0) break;
          await waitFor(flow, () => flow.inFlight < DROP_CHUNKS_IN_FLIGHT);
          if (flow.failed !== null || socket?.readyState !== WebSocket.OPEN) return;
          flow.inFlight += 1;
          socket.send(encodeDropChunk({ id, entry: index, offset }, bytes));
        }
      }
      await waitFor(flow, () => flow.inFlight === 0);
      if (flow.failed === null) post({ t: 'drop.end', id });
    } finally {
      flows.delete(id);
    }
  };

  return {
    host: 'browser',
    start(messageListener, statusListener) {
      onMessage = messageListener;
      onStatus = statusListener;
      connect();
    },
    send(event: CockpitUiEvent, seq?: number) {
      post(seq === undefined ? { t: 'event', event } : { t: 'event', event, seq });
    },
    drop(transfer) {
      const taken = takeDropped(transfer);
      if (taken.entries.length === 0 && taken.files.length === 0) return;
      const id = `d${Date.now().toString(36)}-${(dropSeq += 1)}`;
      void walkDropped(taken).then(
        (items) => upload(items, id),
        (error: unknown) => {
          const name = taken.entries[0]?.name ?? taken.files[0]?.name ?? 'drop';
          post({ t: 'event', event: { type: 'ui.dropFailed', name, reason: unreadable(error) } });
        },
      );
    },
  };
}
