/**
 * A headless cockpit for tests: a devnet (or the URLs you give), the real engine on it, and helpers to press
 * keys, type, click and wait for the view. Screen, face and bench tests reuse it:
 *
 * ```ts
 * const h = await startEngineHarness({ nodes: 2, face: 'terminal' });
 * try {
 *   h.key('5', { alt: true });                                   // terminal Alt+5: Fleet
 *   await h.waitForView((v) => v.screen.id === 'fleet' && v.screen.status === 'ready');
 *   h.type(':ft 0x… …'); h.key('Enter');
 * } finally {
 *   await h.stop();
 * }
 * ```
 * Poll intervals default to 200 ms so a test sees several polls quickly; pass `fleetPollIntervalMs` to change.
 */
import { startDevnet, type DevnetOptions, type StartedDevnet } from '../../devnet/devnet.js';
import { startCockpitEngine, type CockpitEngine, type StartCockpitEngineOptions } from '../../actors/cockpit/engine.js';
import { engineConfigForUrls, memoryStateStore, type CockpitEngineConfig, type EngineStateStore } from '../../core/cockpit/interaction/config.js';
import type { CockpitUiEvent, KeyEvent } from '../../core/cockpit/view/ui-events.js';
import type { CockpitView, Face } from '../../core/cockpit/view/view-model.js';

export interface EngineHarnessOptions extends Partial<Omit<StartCockpitEngineOptions, 'config' | 'face'>> {
  readonly face?: Face;
  /** Start a devnet with this many nodes (default 2), unless `devnet` or `urls` is given. */
  readonly nodes?: number;
  readonly devnetOptions?: DevnetOptions;
  /** Use a running devnet (not stopped by the harness). */
  readonly devnet?: StartedDevnet;
  /** Nodes to poll instead of a devnet's (named by URL). */
  readonly urls?: readonly string[];
  /** Changes to the config built from the URLs. */
  readonly config?: Partial<CockpitEngineConfig> | ((urls: readonly string[]) => CockpitEngineConfig);
}

export interface EngineHarness {
  readonly engine: CockpitEngine;
  readonly devnet: StartedDevnet | null;
  readonly stateStore: EngineStateStore;
  view(): CockpitView;
  send(event: CockpitUiEvent): void;
  key(key: string, modifiers?: Omit<KeyEvent, 'type' | 'key'>): void;
  /** Each character as a key press (the terminal face's way of typing). */
  type(text: string): void;
  /** Resolves with the first view (current or coming) that satisfies the predicate. */
  waitForView(predicate: (view: CockpitView) => boolean, options?: { timeoutMs?: number; what?: string }): Promise<CockpitView>;
  stop(): Promise<void>;
}

export async function startEngineHarness(options: EngineHarnessOptions = {}): Promise<EngineHarness> {
  const ownDevnet = !options.devnet && !options.urls ? await startDevnet({ nodes: options.nodes ?? 2, port: 0, mineBlocks: false, pushDelayMs: 0, ...options.devnetOptions }) : null;
  const devnet = options.devnet ?? ownDevnet;
  const urls = options.urls ?? devnet!.nodes.map((node) => node.url);
  const config = typeof options.config === 'function' ? options.config(urls) : engineConfigForUrls(urls, options.config ?? {});
  const stateStore = options.stateStore ?? memoryStateStore();
  const engine = startCockpitEngine({ fleetPollIntervalMs: 200, ...options, face: options.face ?? 'desktop', config, stateStore });

  const waitForView: EngineHarness['waitForView'] = (predicate, { timeoutMs = 10_000, what = 'view' } = {}) =>
    new Promise((resolve, reject) => {
      let off = () => {};
      const check = (view: CockpitView) => {
        if (!predicate(view)) return false;
        clearTimeout(timer);
        off();
        resolve(view);
        return true;
      };
      const timer = setTimeout(() => {
        off();
        const v = engine.getView();
        reject(new Error(`no ${what} within ${timeoutMs} ms; last: screen ${v.screen.id} ${v.screen.status} ${JSON.stringify(v.screen.subtitle)}, overlay ${v.overlay?.kind ?? 'none'}, banner ${JSON.stringify(v.banner?.text ?? null)}, log ${v.logPane.activeTab} ${JSON.stringify(v.logPane.source)} ${v.logPane.tabs.map((t) => `${t.id}:${t.count}`).join(' ')}`));
      }, timeoutMs);
      if (check(engine.getView())) return;
      off = engine.subscribe(check);
    });

  return {
    engine,
    devnet,
    stateStore,
    view: () => engine.getView(),
    send: (event) => engine.send(event),
    key: (key, modifiers = {}) => engine.send({ type: 'ui.key', key, ...modifiers }),
    type: (text) => {
      for (const char of text) engine.send({ type: 'ui.key', key: char });
    },
    waitForView,
    async stop() {
      await engine.stop();
      await ownDevnet?.stop();
    },
  };
}
