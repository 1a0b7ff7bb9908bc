/**
 * The desktop cockpit's window: the CockpitView the engine sends, drawn, and the operator's keys, clicks and
 * drops sent back as CockpitUiEvents. Nothing is decided here (core/cockpit/interaction decides for both faces).
 *
 * - Views come from the ViewStore through useSyncExternalStore; each region is memoised on its slice.
 * - Keys: one window listener (keys.ts) turns KeyboardEvents into `ui.key` / `ui.submit`.
 * - Drops anywhere on the window go to the bridge (Electron: paths; a browser: the files themselves).
 * - Theme: `view.theme.scheme` (light, dark, mono under NO_COLOR) on the root element.
 * - Speed: each view's drawing is measured (`cockpit:repaint`, `cockpit:frame`; bench/desktop-renderer.ts).
 */
import { useCallback, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { RendererBridge } from './bridge/types.js';
import type { ViewStore } from './bridge/view-store.js';
import { inputTargetOf, keyAction } from './keys.js';
import { Banner, ConnectionNotice, ExitNotice, Hints, Tabs, TopBar } from './components/Chrome.js';
import { LogPane } from './components/LogPane.js';
import { Overlay } from './components/Overlays.js';
import { Screen } from './components/Screen.js';
import { SendContext, StoreContext } from './components/send-context.js';
import { cx } from './components/tone.js';
import type { InputTarget } from '../../../../core/cockpit/view/view-model.js';
import type { CockpitUiEvent } from '../../../../core/cockpit/view/ui-events.js';

const MEASURES_KEPT = 1000;

/**
 * The cost of drawing each view, in the page's performance timeline (read by bench/desktop-renderer.ts):
 * `cockpit:repaint` from the message's arrival (parse, merge, React render and commit) to style and layout
 * done, which the browser would otherwise do at the next frame anyway; `cockpit:frame` to the end of that
 * next frame (it includes waiting for it).
 */
function useRepaintMeasure(store: ViewStore, view: unknown): void {
  useLayoutEffect(() => {
    if (view === null) return;
    const start = store.receivedAt;
    void document.body.offsetHeight;
    performance.measure('cockpit:repaint', { start, end: performance.now() });
    requestAnimationFrame(() => {
      setTimeout(() => {
        performance.measure('cockpit:frame', { start, end: performance.now() });
        for (const name of ['cockpit:repaint', 'cockpit:frame']) if (performance.getEntriesByName(name).length > MEASURES_KEPT) performance.clearMeasures(name);
      }, 0);
    });
  }, [store, view]);
}

export function App({ store, bridge }: { readonly store: ViewStore; readonly bridge: RendererBridge }) {
  const view = useSyncExternalStore(store.subscribe, store.getView);
  const status = useSyncExternalStore(store.subscribe, store.getStatus);
  const send = useCallback((event: CockpitUiEvent) => bridge.send(event, store.nextSeq()), [bridge, store]);
  const [dragging, setDragging] = useState(false);
  useRepaintMeasure(store, view);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = keyAction(event, inputTargetOf(event.target));
      if (action === null) return;
      if (action.preventDefault) event.preventDefault();
      send(action.event);
    };
    const onDragOver = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    };
    const onDragLeave = (event: DragEvent) => {
      if (event.relatedTarget === null) setDragging(false);
    };
    const onDrop = (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      if (event.dataTransfer) bridge.drop(event.dataTransfer);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, [bridge, send]);

  const scheme = view?.theme.scheme ?? 'dark';
  useLayoutEffect(() => {
    document.documentElement.dataset.scheme = scheme;
  }, [scheme]);
  // The window's title names the node and its state (the taskbar, a browser tab).
  const node = view?.topBar.node;
  useEffect(() => {
    document.title = node ? `${node.name} ${node.status} · cockpit` : 'cockpit';
  }, [node]);

  if (view === null) {
    return (
      <div className="cockpit waiting">
        <ConnectionNotice status={status.state === 'open' ? { state: 'connecting', attempt: 0 } : status} />
      </div>
    );
  }
  const focus: InputTarget | null = view.inputFocus;
  return (
    <StoreContext.Provider value={store}>
    <SendContext.Provider value={send}>
      <div className={cx('cockpit', status.state !== 'open' && 'stale', dragging && 'dragging', view.logPane.visible && 'with-log')} data-face={view.face}>
        <TopBar bar={view.topBar} />
        <Tabs tabs={view.tabs} />
        <main className="body">
          <Screen screen={view.screen} focus={focus?.kind === 'form' ? focus : null} />
        </main>
        {view.logPane.visible ? <LogPane pane={view.logPane} filterFocused={focus?.kind === 'logFilter'} /> : null}
        {view.banner !== null ? <Banner banner={view.banner} /> : null}
        <Hints hints={view.hints} />
        {view.overlay !== null ? <Overlay overlay={view.overlay} paletteFocused={focus?.kind === 'palette'} /> : null}
        {dragging ? (
          <div className="drop-hint" aria-hidden="true">
            Drop to upload (pre-fills :upload)
          </div>
        ) : null}
        <ConnectionNotice status={status} />
        {view.exit !== null ? <ExitNotice exit={view.exit} /> : null}
      </div>
    </SendContext.Provider>
    </StoreContext.Provider>
  );
}
