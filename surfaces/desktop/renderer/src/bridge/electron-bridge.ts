/**
 * The Electron adapter: the preload's `window.cockpitDesktop` (contextBridge over IPC; the renderer has no
 * Node). The main process answers `hello` with the whole view; IPC does not drop, so the state is always
 * open. Dropped files have real paths here (webUtils.getPathForFile in the preload), so `ui.drop` carries
 * them as they are.
 */
import type { BridgeClientMessage } from '../../../../../core/cockpit/bridge/protocol.js';
import type { CockpitPreloadApi, RendererBridge } from './types.js';

export function electronBridge(api: CockpitPreloadApi): RendererBridge {
  const post = (message: BridgeClientMessage) => api.send(message);
  return {
    host: 'electron',
    start(onMessage, onStatus) {
      api.onMessage((message) => onMessage(message, performance.now()));
      // hello first: the main process numbers this page's events from it.
      post({ t: 'hello' });
      onStatus({ state: 'open', attempt: 0 });
    },
    send(event, seq) {
      post(seq === undefined ? { t: 'event', event } : { t: 'event', event, seq });
    },
    drop(transfer) {
      const files = Array.from(transfer.files ?? []);
      if (files.length === 0) return;
      const paths = api.pathsOf(files).filter((path) => path !== '');
      if (paths.length > 0) post({ t: 'event', event: { type: 'ui.drop', paths } });
      else post({ t: 'event', event: { type: 'ui.dropFailed', name: files[0]!.name, reason: 'it has no local path (dropped from another application?)' } });
    },
  };
}
