/**
 * The renderer's side of the bridge (core/cockpit/bridge/protocol.ts): one interface, two adapters. The React
 * components see only a ViewStore (views and the connection's state) and `send`; which host carries the
 * messages (Electron IPC, the `--serve` WebSocket) is chosen once in main.tsx.
 */
import type { BridgeServerMessage } from '../../../../../core/cockpit/bridge/protocol.js';
import type { CockpitUiEvent } from '../../../../../core/cockpit/view/ui-events.js';

export interface BridgeStatus {
  /** `open` while views flow; `lost` after a connection dropped (the adapter keeps trying). */
  readonly state: 'connecting' | 'open' | 'lost';
  /** Reconnection attempts since the connection was lost. */
  readonly attempt: number;
}

export interface RendererBridge {
  readonly host: 'electron' | 'browser';
  /** Starts receiving; the adapter (re)connects on its own. */
  /** `arrivedAt`: performance.now() when the message arrived, before it was parsed. */
  start(onMessage: (message: BridgeServerMessage, arrivedAt: number) => void, onStatus: (status: BridgeStatus) => void): void;
  /** `seq`: the event's number (ViewStore.nextSeq), which the views acknowledge. */
  send(event: CockpitUiEvent, seq?: number): void;
  /** Files or folders dropped on the window. */
  drop(transfer: DataTransfer): void;
}

export type { CockpitPreloadApi } from '../../../../../core/cockpit/bridge/protocol.js';
