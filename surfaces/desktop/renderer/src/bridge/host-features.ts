/**
 * What the renderer's host does besides drawing, outside React:
 * - the system colour scheme (prefers-color-scheme; in Electron it follows nativeTheme), reported to the
 *   engine as `ui.scheme` on every (re)connection and change, so `[ui].theme = auto` follows it;
 * - how many text rows the window has room for (its height over the body's line height), reported as
 *   `ui.viewport` on every (re)connection and when a resize changes it: the engine opens the log pane from 40
 *   rows, as the terminal's does, unless `[ui] log_pane` or the operator chose (the face only measures);
 * - under `--serve`, OS notifications through the browser's Notification API: each of the view's
 *   notifications once, newer than what the page saw first (older ones are in the Ctrl+A alerts list), when
 *   the browser permits (asked once, when the first one arrives). Electron's main process shows them itself.
 */
import type { CockpitUiEvent } from '../../../../../core/cockpit/view/ui-events.js';
import type { ViewStore } from './view-store.js';

export function reportSystemScheme(store: ViewStore, send: (event: CockpitUiEvent) => void): void {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const report = () => send({ type: 'ui.scheme', scheme: query.matches ? 'dark' : 'light' });
  let wasOpen = false;
  store.subscribe(() => {
    const open = store.getStatus().state === 'open';
    if (open && !wasOpen) report();
    wasOpen = open;
  });
  query.addEventListener('change', report);
}

/** The text rows the window's height holds: the body's computed line height (14 px × 1.4) into innerHeight. */
export function viewportRows(): number {
  const line = parseFloat(getComputedStyle(document.body).lineHeight);
  return Math.floor(window.innerHeight / (Number.isFinite(line) && line > 0 ? line : 19.6));
}

export function reportViewportRows(store: ViewStore, send: (event: CockpitUiEvent) => void): void {
  let sent: number | null = null;
  const report = (force: boolean) => {
    const rows = viewportRows();
    if (!force && rows === sent) return;
    sent = rows;
    send({ type: 'ui.viewport', rows });
  };
  let wasOpen = false;
  store.subscribe(() => {
    const open = store.getStatus().state === 'open';
    if (open && !wasOpen) report(true);
    wasOpen = open;
  });
  // A drag-resize fires many events: the last size within 150 ms is the one reported.
  let timer: ReturnType<typeof setTimeout> | undefined;
  window.addEventListener('resize', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (wasOpen) report(false);
    }, 150);
  });
}

export function showBrowserNotifications(store: ViewStore): void {
  if (typeof Notification === 'undefined') return;
  let shown: number | null = null;
  let asking = false;
  const show = (title: string, body: string) => {
    try {
      new Notification(title, { body });
    } catch {
      // Some browsers only notify from a service worker; the alerts list still has it.
    }
  };
  store.subscribe(() => {
    const view = store.getView();
    if (view === null) return;
    const newest = view.notifications.reduce((max, n) => Math.max(max, n.seq), 0);
    if (shown === null) {
      shown = newest;
      return;
    }
    const fresh = view.notifications.filter((n) => n.seq > shown!).sort((a, b) => a.seq - b.seq);
    if (fresh.length === 0) return;
    shown = newest;
    if (Notification.permission === 'granted') fresh.forEach((n) => show(n.title, n.body));
    else if (Notification.permission === 'default' && !asking) {
      asking = true;
      void Notification.requestPermission().then((answer) => {
        if (answer === 'granted') fresh.forEach((n) => show(n.title, n.body));
      });
    }
  });
}
