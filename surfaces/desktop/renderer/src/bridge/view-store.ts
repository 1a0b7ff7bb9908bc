/**
 * Views as the renderer holds them: every bridge message merged into the last view (core's applyViewMessage,
 * which keeps the identity of unchanged parts), and the connection's state, for useSyncExternalStore.
 *
 * It also marks, for the speed bench (bench/desktop-renderer.ts), when each view arrived: App measures from
 * there to the frame after React committed it (`cockpit:repaint` in the page's performance timeline).
 */
import type { BridgeServerMessage } from '../../../../../core/cockpit/bridge/protocol.js';
import { applyViewMessage } from '../../../../../core/cockpit/bridge/view-slices.js';
import type { CockpitView } from '../../../../../core/cockpit/view/view-model.js';
import type { BridgeStatus } from './types.js';

export class ViewStore {
  private view: CockpitView | null = null;
  private status: BridgeStatus = { state: 'connecting', attempt: 0 };
  private readonly listeners = new Set<() => void>();
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

  readonly receive = (message: BridgeServerMessage): void => {
    if (message.t !== 'view' && message.t !== 'patch') return;
    const next = applyViewMessage(this.view, message);
    if (next === this.view) return;
    this.receivedAt = performance.now();
    this.view = next;
    this.emit();
  };

  readonly setStatus = (status: BridgeStatus): void => {
    if (status.state === this.status.state && status.attempt === this.status.attempt) return;
    this.status = status;
    this.emit();
  };

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
