/**
 * The real side effects of logPaneMachine, for `.provide()` at the composition root:
 *   createActor(logPaneMachine.provide({ actors: logPaneActors() }), { input: { book, height } })
 */
import { createFollowCommand, type FollowCommandDeps } from './command-follower.js';
import { createTailFile, type TailFileDeps } from './file-tailer.js';
import { createResolveLogSource } from './resolve-source.js';

export function logPaneActors(deps: TailFileDeps & FollowCommandDeps = {}) {
  return {
    resolveLogSource: createResolveLogSource(),
    tailFile: createTailFile(deps),
    followCommand: createFollowCommand(deps),
  };
}

export { createFollowCommand, createResolveLogSource, createTailFile };
export { loadPaneHeight, persistPaneHeight, type PaneHeightStore } from './pane-settings.js';
export type * from '../../machines/cockpit/log-pane.contracts.js';
export { cockpitTime } from './cockpit-time.js';
