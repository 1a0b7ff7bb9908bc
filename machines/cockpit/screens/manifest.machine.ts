/**
 * S11 Manifest: the lazy manifest-trie fork walker (2-cockpit.md §1 "S11").
 *
 * States
 * - idle: no walk yet; the form asks for a root reference.
 * - walking: a walk of one root. The callback actor `manifestLoader` (id `manifestLoader`) lives as long as the
 *   walk: it fetches the root on start, and the machine sends it `load` for exactly the nodes that become visible
 *   (core/cockpit/manifest-tree.ts); it answers `node.loaded` / `node.failed`. Enter on a row opens or closes it
 *   (fetching its children when it opens), or retries a failed one.
 * A walk starts from the form (`screen.submit` of `root`) or from `:inspect <ref>` / `:manifest <ref>`
 * (`screen.command`); a new walk replaces the loader, which aborts what the old one was fetching. A reference
 * that is no 64/128-hex reference is refused in the form's field, without leaving the current walk.
 *
 * Context: the form's text and its refusal, the tree, the root's failure, the selected row.
 */
import { assign, enqueueActions, fromCallback, setup, type SnapshotFrom } from 'xstate';
import { nodeFailed, nodeLoaded, startTree, toggleNode, type ManifestTree } from '../../../core/cockpit/manifest-tree.js';
import { manifestRows, renderManifest, type LoaderEvent, type LoaderRequest } from '../../../core/cockpit/screens/manifest.js';
import { errorLine } from '../../../core/cockpit/text.js';
import type { ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';
import { selectPerSnapshot } from './screen-definition.js';
import { parseReference } from '../../../core/swarm/references.js';

export interface ManifestScreenContext {
  readonly rootInput: string;
  readonly inputError: string | null;
  readonly tree: ManifestTree | null;
  readonly rootError: string | null;
  readonly selected: number | null;
}

export const MANIFEST_FORM = 'root';
export const MANIFEST_TREE = 'manifest';
const WALK_VERBS = ['inspect', 'manifest'];

type Events = ScreenEvent | LoaderEvent;

/** Provided by the engine: manifestScreenActors(client) from actors/cockpit/screens/manifest.ts. */
const manifestLoaderNotProvided = fromCallback<LoaderRequest, { root: string }, LoaderEvent>(() => {
  throw new Error('manifestLoader actor not provided');
});

/** The root a submit or command asks for, as typed. */
function requestedRoot(event: Events): string | undefined {
  if (event.type === 'screen.submit' && event.section === MANIFEST_FORM) return event.values['root'] ?? '';
  if (event.type === 'screen.command' && WALK_VERBS.includes(event.verb)) return event.args[0] ?? '';
  return undefined;
}

function rootProblem(text: string): string | null {
  try {
    parseReference(text, 'root reference');
    return null;
  } catch (error) {
    return errorLine(error);
  }
}

export const manifestScreenMachine = setup({
  types: {} as { context: ManifestScreenContext; events: Events },
  actors: { manifestLoader: manifestLoaderNotProvided },
  guards: {
    isWalkRequest: ({ event }) => {
      const root = requestedRoot(event);
      return root !== undefined && rootProblem(root) === null;
    },
    isBadWalkRequest: ({ event }) => {
      const root = requestedRoot(event);
      return root !== undefined && rootProblem(root) !== null;
    },
    isTreeRow: ({ context, event }) =>
      (event.type === 'screen.activate' || event.type === 'screen.select') && event.section === MANIFEST_TREE && manifestRows(context.tree)[event.index] !== undefined,
  },
  actions: {
    editRoot: assign(({ event }) => (event.type === 'screen.input' && event.section === MANIFEST_FORM ? { rootInput: event.value } : {})),
    startWalk: assign(({ event }) => {
      const reference = parseReference(requestedRoot(event)!, 'root reference').hex;
      return { rootInput: reference, inputError: null, tree: startTree(reference), rootError: null, selected: null };
    }),
    refuseRoot: assign(({ event }) => {
      const root = requestedRoot(event) ?? '';
      return { rootInput: root, inputError: rootProblem(root) };
    }),
    select: assign(({ event }) => (event.type === 'screen.select' ? { selected: event.index } : {})),
    toggle: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'screen.activate' || !context.tree) return;
      const node = manifestRows(context.tree)[event.index];
      if (!node) return;
      const change = toggleNode(context.tree, node.key);
      enqueue.assign({ tree: change.tree, selected: event.index });
      for (const load of change.toLoad) enqueue.sendTo('manifestLoader', { type: 'load', key: load.key, reference: load.reference });
    }),
    nodeLoaded: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'node.loaded' || !context.tree) return;
      const change = nodeLoaded(context.tree, event.key, event.node);
      enqueue.assign({ tree: change.tree });
      for (const load of change.toLoad) enqueue.sendTo('manifestLoader', { type: 'load', key: load.key, reference: load.reference });
    }),
    nodeFailed: assign(({ context, event }) => {
      if (event.type !== 'node.failed' || !context.tree) return {};
      const tree = nodeFailed(context.tree, event.key, event.error);
      return event.key === '' ? { tree, rootError: event.notManifest ? `the root is ${event.error}` : `cannot read the root: ${event.error}` } : { tree };
    }),
  },
}).createMachine({
  id: 'manifestScreen',
  description: 'S11: walk a mantaray manifest from a root reference, fetching only the nodes shown.',
  context: { rootInput: '', inputError: null, tree: null, rootError: null, selected: null },
  initial: 'idle',
  on: {
    'screen.input': { actions: 'editRoot' },
    'screen.submit': [
      { guard: 'isWalkRequest', target: '.walking', reenter: true, actions: 'startWalk' },
      { guard: 'isBadWalkRequest', actions: 'refuseRoot' },
    ],
    'screen.command': [
      { guard: 'isWalkRequest', target: '.walking', reenter: true, actions: 'startWalk' },
      { guard: 'isBadWalkRequest', actions: 'refuseRoot' },
    ],
  },
  states: {
    idle: { description: 'No walk yet: the form asks for a root reference (or :inspect <ref>).' },
    walking: {
      description: 'The tree of one root; the loader fetches the root, then each node as it becomes visible.',
      invoke: { id: 'manifestLoader', src: 'manifestLoader', input: ({ context }) => ({ root: context.tree?.root ?? '' }) },
      on: {
        'node.loaded': { actions: 'nodeLoaded' },
        'node.failed': { actions: 'nodeFailed' },
        'screen.activate': { guard: 'isTreeRow', actions: 'toggle' },
        'screen.select': { guard: 'isTreeRow', actions: 'select' },
      },
    },
  },
});

export type ManifestScreenSnapshot = SnapshotFrom<typeof manifestScreenMachine>;

export const selectManifestContent = selectPerSnapshot((state: ManifestScreenSnapshot) => {
  const c = state.context;
  return renderManifest({ rootInput: c.rootInput, inputError: c.inputError, tree: c.tree, rootError: c.rootError, selected: c.selected });
});
