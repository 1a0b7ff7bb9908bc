/**
 * A CockpitEngineHandle that serves views it is given and records the events it is sent: the face's tests
 * drive the face with it, with no engine behind. (The real engine is actors/cockpit/engine.ts.)
 */
import type { CockpitEngineHandle } from '../../../core/cockpit/view/engine.js';
import type { CockpitUiEvent } from '../../../core/cockpit/view/ui-events.js';
import type { CockpitView } from '../../../core/cockpit/view/view-model.js';

export interface FixtureEngine extends CockpitEngineHandle {
  /** Shows a new view, as the engine does after a snapshot. */
  setView(view: CockpitView): void;
  readonly sent: CockpitUiEvent[];
  readonly stopped: boolean;
}

export function fixtureEngine(initial: CockpitView, onEvent?: (event: CockpitUiEvent, engine: FixtureEngine) => void): FixtureEngine {
  let view = initial;
  let stopped = false;
  const listeners = new Set<(view: CockpitView) => void>();
  const sent: CockpitUiEvent[] = [];
  const engine: FixtureEngine = {
    getView: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    send(event) {
      sent.push(event);
      onEvent?.(event, engine);
    },
    async stop() {
      stopped = true;
      return { finalStatus: view.exit?.finalStatus ?? null };
    },
    setView(next) {
      view = next;
      for (const listener of [...listeners]) listener(view);
    },
    sent,
    get stopped() {
      return stopped;
    },
  };
  return engine;
}
