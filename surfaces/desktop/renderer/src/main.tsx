/**
 * The renderer's entry: pick the host's bridge (Electron's preload, else the `--serve` WebSocket beside the
 * page), start the host features (system scheme, viewport rows, browser notifications) and draw.
 */
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { electronBridge } from './bridge/electron-bridge.js';
import { reportSystemScheme, reportViewportRows, showBrowserNotifications } from './bridge/host-features.js';
import type { CockpitPreloadApi, RendererBridge } from './bridge/types.js';
import { ViewStore } from './bridge/view-store.js';
import { bridgeSocketUrl, websocketBridge } from './bridge/websocket-bridge.js';
import './styles.css';

const preload = (window as unknown as { cockpitDesktop?: CockpitPreloadApi }).cockpitDesktop;
const bridge: RendererBridge = preload ? electronBridge(preload) : websocketBridge(bridgeSocketUrl(window.location));
const store = new ViewStore();
reportSystemScheme(store, (event) => bridge.send(event, store.nextSeq()));
reportViewportRows(store, (event) => bridge.send(event, store.nextSeq()));
if (bridge.host === 'browser') showBrowserNotifications(store);
bridge.start(store.receive, store.setStatus);

createRoot(document.getElementById('root')!).render(<App store={store} bridge={bridge} />);
