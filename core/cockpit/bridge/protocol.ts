/**
 * The desktop bridge: how a CockpitView reaches the React renderer and how its CockpitUiEvents come back, in
 * one small typed protocol with two adapters (Electron IPC, and the WebSocket of `cockpit --serve`). The engine
 * runs in Node (the Electron main process, or the `--serve` process); the renderer only draws what arrives and
 * sends what the operator does. Pure types and constants: both ends import this file.
 *
 * Views travel as slices: the first message after a (re)connection is the whole view, then each message holds
 * only the top-level slices (`topBar`, `screen`, `logPane`, ...) that changed since the last one (the sender
 * passes views through shareUnchanged, so "changed" is "not the same object"). The renderer merges them and
 * passes each slice through shareUnchanged again, so a fleet update that changes one row re-renders one row.
 *
 * Events are numbered (`seq`, from 1 on each connection; Electron's page says `hello` first) and every view
 * message says up to which event it reflects (`ack`; an `ack` message alone when an event changed nothing). The renderer's text inputs use it:
 * a view older than the last edit sent is not the input's value yet, and an input that opened while keys
 * typed before it were still on their way takes the focus only once the view has them.
 *
 * Dropped files on `--serve`: a browser cannot hand over local paths, so the renderer's adapter uploads them
 * through the bridge into a temporary directory on the cockpit's machine (`drop.begin`, binary chunks, each
 * acknowledged so at most a few are in flight, `drop.end`), and the engine then gets `ui.drop` with that path.
 * A file the browser cannot read ends the drop with `drop.abort`, which the engine shows as a red banner.
 * Electron gives real paths (webUtils.getPathForFile in the preload), so its renderer sends `ui.drop` itself.
 */
import type { CockpitUiEvent } from '../view/ui-events.js';
import type { CockpitView } from '../view/view-model.js';

export type ViewSlices = { -readonly [K in keyof CockpitView]?: CockpitView[K] };

/** Cockpit (Node) -> renderer. */
export type BridgeServerMessage =
  /** The whole view: the first message of every connection (and the answer to `hello`). */
  | { readonly t: 'view'; readonly view: CockpitView; readonly ack?: number }
  /** The top-level slices that changed since the last message, as of event `ack`. */
  | { readonly t: 'patch'; readonly slices: ViewSlices; readonly ack?: number }
  /** Events up to `ack` are in, and changed nothing the view shows. */
  | { readonly t: 'ack'; readonly ack: number }
  /** `count` bytes of a dropped file's chunk are written; the sender may send more. */
  | { readonly t: 'drop.ack'; readonly id: string; readonly bytes: number }
  /** The cockpit refused or failed a drop (no room, a bad name); the engine has shown why. */
  | { readonly t: 'drop.failed'; readonly id: string; readonly message: string }
  /** The drop is written; the engine got `ui.drop` with these paths. */
  | { readonly t: 'drop.done'; readonly id: string; readonly paths: readonly string[] };

/** One dropped entry, by its path relative to the drop (`site/css/main.css`); directories may be empty. */
export interface DropEntry {
  readonly path: string;
  readonly kind: 'file' | 'directory';
  /** Bytes, for files. */
  readonly size?: number;
}

/** Renderer -> cockpit (JSON text messages; file bytes go as binary frames, see encodeDropChunk). */
export type BridgeClientMessage =
  /** The renderer (re)started: send the whole view. */
  | { readonly t: 'hello' }
  /** `seq`: 1, 2, 3, ... on each connection (see `ack`). */
  | { readonly t: 'event'; readonly event: CockpitUiEvent; readonly seq?: number }
  | { readonly t: 'drop.begin'; readonly id: string; readonly entries: readonly DropEntry[] }
  | { readonly t: 'drop.end'; readonly id: string }
  /** A dropped file could not be read by the browser (`path` relative to the drop). */
  | { readonly t: 'drop.abort'; readonly id: string; readonly path: string; readonly reason: string };

/**
 * What the Electron preload (surfaces/desktop/electron/preload.cts) exposes to the renderer as
 * `window.cockpitDesktop`, through contextBridge: the renderer gets these three functions and no Node.
 */
export interface CockpitPreloadApi {
  send(message: BridgeClientMessage): void;
  /** Returns the unsubscribe function. */
  onMessage(listener: (message: BridgeServerMessage) => void): () => void;
  /** Local paths of dropped files and folders (Electron's webUtils.getPathForFile); '' where there is none. */
  pathsOf(files: readonly File[]): string[];
}

/** Electron IPC channels (the sandboxed preload repeats them: it cannot import; a test compares). */
export const IPC_TO_RENDERER = 'cockpit:to-renderer';
export const IPC_TO_MAIN = 'cockpit:to-main';

/** The WebSocket's path under the token prefix: `ws://host:port/<token>/bridge`. */
export const BRIDGE_SOCKET_PATH = 'bridge';

/** File bytes per binary frame, and frames a sender may have unacknowledged. */
export const DROP_CHUNK_BYTES = 256 * 1024;
export const DROP_CHUNKS_IN_FLIGHT = 8;

export interface DropChunkHeader {
  readonly id: string;
  /** Index into the drop's entries. */
  readonly entry: number;
  /** Byte offset of this chunk in the file. */
  readonly offset: number;
}

/** A binary frame: 4-byte big-endian header length, the header as JSON, then the bytes. */
export function encodeDropChunk(header: DropChunkHeader, bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const head = new TextEncoder().encode(JSON.stringify(header));
  const frame = new Uint8Array(4 + head.length + bytes.length);
  new DataView(frame.buffer).setUint32(0, head.length);
  frame.set(head, 4);
  frame.set(bytes, 4 + head.length);
  return frame;
}

/** The inverse of encodeDropChunk; null for a frame that is not one. */
export function decodeDropChunk(frame: Uint8Array): { header: DropChunkHeader; bytes: Uint8Array } | null {
  if (frame.length < 4) return null;
  const length = new DataView(frame.buffer, frame.byteOffset, frame.byteLength).getUint32(0);
  if (length > 1024 || 4 + length > frame.length) return null;
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(frame.subarray(4, 4 + length)));
  } catch {
    return null;
  }
  const h = header as Partial<DropChunkHeader> | null;
  if (!h || typeof h.id !== 'string' || !Number.isSafeInteger(h.entry) || !Number.isSafeInteger(h.offset) || (h.entry as number) < 0 || (h.offset as number) < 0) return null;
  return { header: { id: h.id, entry: h.entry as number, offset: h.offset as number }, bytes: frame.subarray(4 + length) };
}
