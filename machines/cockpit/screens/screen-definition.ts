/**
 * What a screen registers with the engine (core/cockpit/view/screen-contract.ts says where the rest of a
 * screen lives). The engine spawns `machine` once per active node with ScreenInput, forwards ScreenEvents to
 * it, and puts `select(snapshot, env)` into the view when the screen is shown.
 *
 * - The machine's invoked actors are named in its `setup` with "not provided" defaults; their real
 *   implementations come from actors/cockpit/screens/index.ts (`SCREEN_ACTORS`), bound once per engine to
 *   `deps.client`, the active node's client (a switch stops every screen actor before the next node's start).
 * - A screen that polls invokes the one polling-screen machine as its child `poller` (polling-screen.machine.ts:
 *   fetch, wait its cadence, pause while hidden) and forwards `screen.visible` to it; its actors provide
 *   `poller: pollingScreenWith(fetch)`. The screen keeps what the answers mean and draws them.
 * - `select` is called many times per snapshot: wrap it in `selectPerSnapshot` (below) when it reads only the
 *   snapshot, so each snapshot is rendered once.
 * - A screen asks the engine for engine-wide things (switch node, re-poll the fleet) with `sendParent` of an
 *   EngineRequest (core/cockpit/interaction/commands.ts), through a named action, so its model test can provide a
 *   no-op in its place.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { EngineNodeRef, ScreenEnv } from '../../../core/cockpit/interaction/screen-env.js';
import type { ScreenContent } from '../../../core/cockpit/view/screen-contract.js';
import type { Face } from '../../../core/cockpit/view/view-model.js';

/** The input every screen machine is spawned with. */
export interface ScreenInput {
  readonly node: EngineNodeRef;
  readonly face: Face;
  /** Whether the screen is shown at spawn time; `screen.visible` events follow. */
  readonly visible: boolean;
  /** The polling preset's interval for this screen (`[ui] polling`, `--polling`); absent: the screen's own cadence. */
  readonly pollIntervalMs?: number;
}

export interface ScreenDefinition<TMachine extends AnyStateMachine> {
  readonly machine: TMachine;
  readonly select: (snapshot: SnapshotFrom<TMachine>, env: ScreenEnv) => ScreenContent;
}

/** A registry entry with its machine type erased (the registry holds fifteen different machines). */
export interface AnyScreenDefinition {
  readonly machine: AnyStateMachine;
  readonly select: (snapshot: ReturnType<AnyStateMachine['getInitialSnapshot']>, env: ScreenEnv) => ScreenContent;
}

export function defineScreen<TMachine extends AnyStateMachine>(definition: ScreenDefinition<TMachine>): AnyScreenDefinition {
  return definition as unknown as AnyScreenDefinition;
}

/**
 * A selector that renders each snapshot once: the engine composes the view, and the faces and tests read the
 * content, many times per snapshot, and a snapshot never changes. Keyed weakly, so old snapshots are collected.
 */
export function selectPerSnapshot<TSnapshot extends object>(render: (snapshot: TSnapshot) => ScreenContent): (snapshot: TSnapshot) => ScreenContent {
  const contentCache = new WeakMap<TSnapshot, ScreenContent>();
  return (snapshot) => {
    let content = contentCache.get(snapshot);
    if (!content) {
      content = render(snapshot);
      contentCache.set(snapshot, content);
    }
    return content;
  };
}

/**
 * selectPerSnapshot for a selector that also reads a value derived from the engine (`extra`, e.g. the trend
 * ring's radius history): each snapshot is rendered again only when `extra` changed (`same` says when).
 */
export function selectPerSnapshotWith<TSnapshot extends object, TExtra>(render: (snapshot: TSnapshot, extra: TExtra) => ScreenContent, same: (a: TExtra, b: TExtra) => boolean): (snapshot: TSnapshot, extra: TExtra) => ScreenContent {
  const contentCache = new WeakMap<TSnapshot, { extra: TExtra; content: ScreenContent }>();
  return (snapshot, extra) => {
    const cached = contentCache.get(snapshot);
    if (cached && same(cached.extra, extra)) return cached.content;
    const content = render(snapshot, extra);
    contentCache.set(snapshot, { extra, content });
    return content;
  };
}
