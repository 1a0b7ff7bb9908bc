/**
 * The desktop window's preload (Electron, sandboxed, context-isolated): the renderer's only door to the main
 * process. It exposes `window.cockpitDesktop` (CockpitPreloadApi, core/cockpit/bridge/protocol.ts): send a
 * bridge message, receive them, and the local paths of dropped files (webUtils.getPathForFile, which only a
 * preload can call). No Node API, no ipcRenderer and no Electron object reaches the page.
 *
 * A sandboxed preload can require nothing but Electron's own modules, so the channel names are repeated
 * here (surfaces/desktop/electron/main-process.test.ts checks they equal IPC_TO_MAIN and IPC_TO_RENDERER).
 */
import electron = require('electron');
import type { CockpitPreloadApi } from '../../../core/cockpit/bridge/protocol.js';

const TO_MAIN = 'cockpit:to-main';
const TO_RENDERER = 'cockpit:to-renderer';

const api: CockpitPreloadApi = {
  send(message) {
    electron.ipcRenderer.send(TO_MAIN, message);
  },
  onMessage(listener) {
    const handler = (_event: unknown, message: Parameters<typeof listener>[0]) => listener(message);
    electron.ipcRenderer.on(TO_RENDERER, handler);
    return () => {
      electron.ipcRenderer.removeListener(TO_RENDERER, handler);
    };
  },
  pathsOf(files) {
    return files.map((file) => {
      try {
        return electron.webUtils.getPathForFile(file);
      } catch {
        return '';
      }
    });
  },
};

electron.contextBridge.exposeInMainWorld('cockpitDesktop', api);
