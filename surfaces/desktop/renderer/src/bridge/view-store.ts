/**
 * Views as the renderer holds them: every bridge message merged into the last view (core's applyViewMessage,
 * which keeps the identity of unchanged parts), and the connection's state, for useSyncExternalStore.
 *
 * It also keeps, for the speed bench (bench/desktop-renderer.ts), when the current view's message arrived:
 * App measures from there (see useRepaintMeasure).
 */
import type { BridgeServerMessage } from '../../../../../core/cockpit/bridge/protocol.js';
import { applyViewMessage } from '../../../../../core/cockpit/bridge/view-slices.js';
import type { CockpitView } from '../../../../../core/cockpit/view/view-model.js';
import type { BridgeStatus } from './types.js';

export class ViewStore {
  private view: CockpitView | null = null;
  private status: BridgeStatus = { state: 'connecting', attempt: 0 };
  private readonly listeners = new Set<() => void>();
  /** The number of the last event sent, and of the last one the views reflect (protocol.ts `ack`). */
  private sentSeq = 0;
  private ackedSeq = 0;
  /** performance.now() when the current view arrived. */
  receivedAt = 0;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getView = (): CockpitView | null => this.view;
  readonly getStatus = (): BridgeStatus => this.status;

  /** True when the views reflect every event sent (text inputs trust the view's value then). */
  readonly isSynced = (): boolean => this.ackedSeq >= this.sentSeq;

  /** The number for the next event sent. */
  readonly nextSeq = (): number => {
    const wasSynced = this.isSynced();
    this.sentSeq += 1;
    if (wasSynced) this.emit();
    return this.sentSeq;
  };

  readonly receive = (message: BridgeServerMessage, arrivedAt: number = performance.now()): void => {
    if (message.t !== 'view' && message.t !== 'patch' && message.t !== 'ack') return;
    const wasSynced = this.isSynced();
    // A whole view opens a connection's (or a hello's) stream: it reflects the events up to its ack, if any.
    if (message.t === 'view') this.ackedSeq = message.ack ?? 0;
    else if (message.ack !== undefined) this.ackedSeq = Math.max(this.ackedSeq, message.ack);
    const next = message.t === 'ack' ? this.view : applyViewMessage(this.view, message);
    if (next === this.view) {
      if (wasSynced !== this.isSynced()) this.emit();
      return;
    }
    this.receivedAt = arrivedAt;
    this.view = next;
    this.emit();
  };

  readonly setStatus = (status: BridgeStatus): void => {
    if (status.state === this.status.state && status.attempt === this.status.attempt) return;
    // Each connection numbers its events from 1 (the cockpit's session for it starts at 0).
    if (status.state === 'open' && this.status.state !== 'open') {
      this.sentSeq = 0;
      this.ackedSeq = 0;
    }
    this.status = status;
    this.emit();
  };

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
