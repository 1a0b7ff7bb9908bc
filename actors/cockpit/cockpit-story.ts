/**
 * The cockpit's own story, as it happens: what the supervisor does with the node (`node started (pid 4242)`,
 * `node start-up check failed: node binary ./missing does not exist`, `node killed (sig 9)`) and what the state
 * store could not do (`state.json … moved aside`, `the cockpit's state was not saved …`). Each line goes to the
 * Cockpit log tab, and to the engine's story listeners: the headless modes (`--serve`, `--serve-metrics`) print
 * them on stderr at once, since no one there looks at a log pane.
 *
 * The engine keeps the last STORY_REPLAY lines so a listener that subscribes after start-up (a headless mode
 * gets the engine only once it is built) still hears the beginning.
 */
import type { Actor } from 'xstate';
import type { BeeLogLevel } from '../../core/log/bee-log-line.js';
import type { EngineStateStore } from '../../core/cockpit/interaction/config.js';
import type { supervisorMachine } from '../../machines/cockpit/supervisor.machine.js';
import { logSupervisorEvents } from '../supervisor/supervisor-log.js';

export interface CockpitStoryLine {
  readonly level: BeeLogLevel;
  readonly message: string;
  /** The Cockpit tab's logger name: `cockpit::supervisor`, `cockpit::state`. */
  readonly logger: string;
}

export const STORY_REPLAY = 100;

export interface CockpitStory {
  /** Tells a line: to the Cockpit tab (`write`) and every listener. */
  tell(line: CockpitStoryLine): void;
  /** Listens from now on, after the lines told so far (the last STORY_REPLAY). Returns the unsubscribe. */
  listen(listener: (line: CockpitStoryLine) => void): () => void;
  /** Starts telling what the supervisor and the state store do; returns what stops it. */
  follow(sources: { readonly supervisor?: Actor<typeof supervisorMachine> | undefined; readonly stateStore: EngineStateStore }): () => void;
}

export function createCockpitStory(write: (line: CockpitStoryLine) => void): CockpitStory {
  const told: CockpitStoryLine[] = [];
  const listeners = new Set<(line: CockpitStoryLine) => void>();
  const tell = (line: CockpitStoryLine) => {
    told.push(line);
    if (told.length > STORY_REPLAY) told.shift();
    write(line);
    for (const listener of listeners) listener(line);
  };
  return {
    tell,
    listen(listener) {
      for (const line of told) listener(line);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    follow({ supervisor, stateStore }) {
      for (const warning of stateStore.warnings ?? []) tell({ level: 'warning', message: warning, logger: 'cockpit::state' });
      const offProblems = stateStore.onProblem?.((message) => tell({ level: 'error', message, logger: 'cockpit::state' }));
      const offSupervisor = supervisor ? logSupervisorEvents(supervisor, (level, message) => tell({ level, message, logger: 'cockpit::supervisor' })) : undefined;
      return () => {
        offProblems?.();
        offSupervisor?.();
      };
    },
  };
}
