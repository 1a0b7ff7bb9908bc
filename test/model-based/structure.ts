/**
 * Static anatomy of a machine for the model-based helper: its state nodes, a stable key for every
 * transition it declares (eventless ones included), and what each invoke runs.
 *
 * Transition keys are `<source id>|<event type>|<index>`, built from positions in the source node,
 * so the same key names the same transition in the machine and in a `.provide()`-ed copy of it
 * (which has new node objects).
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { describeEventType, describeGuard, transitionsOf } from '../../machines/visualize.js';

export interface TransitionInfo {
  key: string;
  /** e.g. `discovering.findingListener --findListener.done [isListenerFound]--> discovering.classifyingStdout` */
  label: string;
  eventType: string;
}

export interface InvokeInfo {
  id: string;
  src: string;
  /** Path of the state that invokes it. */
  statePath: string;
}

/** The dotted path `snapshot.matches()` takes; '' is the root. */
export const pathOf = (node: AnyStateNode): string => node.path.join('.');

export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  return getStateNodes(machine.root);
}

export const isLeaf = (node: AnyStateNode): boolean => node.type === 'atomic' || node.type === 'final';

/** A leaf that leaves at once through an eventless transition never shows up in a snapshot. */
export const isTransient = (node: AnyStateNode): boolean => (node.always?.length ?? 0) > 0;

export function transitionKey(t: AnyTransitionDefinition): string | undefined {
  const siblings: AnyTransitionDefinition[] | undefined = t.eventType === '' ? t.source.always : t.source.transitions.get(t.eventType);
  const index = siblings?.indexOf(t) ?? -1;
  return index < 0 ? undefined : `${t.source.id}|${t.eventType}|${index}`;
}

function labelOf(t: AnyTransitionDefinition): string {
  const from = pathOf(t.source) || '(root)';
  const to = (t.target ?? []).map(pathOf).join(', ') || '(stays)';
  const guard = describeGuard(t.guard);
  return `${from} --${describeEventType(t.eventType)}${guard ? ` [${guard}]` : ''}--> ${to}`;
}

export function transitionsOfMachine(machine: AnyStateMachine): TransitionInfo[] {
  return [machine.root, ...stateNodesOf(machine)].flatMap((node) =>
    transitionsOf(node).map((t) => ({ key: transitionKey(t) as string, label: labelOf(t), eventType: t.eventType })),
  );
}

/** Every invoke; inline logic is refused, as house style names every implementation in `setup`. */
export function invokesOf(machine: AnyStateMachine): InvokeInfo[] {
  return [machine.root, ...stateNodesOf(machine)].flatMap((node) =>
    node.invoke.map((inv) => {
      // xstate registers inline logic under a generated `xstate.invoke.*` name.
      if (typeof inv.src !== 'string' || inv.src.startsWith('xstate.invoke.')) {
        throw new Error(`state '${pathOf(node)}' invokes inline logic (id '${inv.id}'): name it in setup({ actors }) so tests can provide a double`);
      }
      return { id: inv.id, src: inv.src, statePath: pathOf(node) };
    }),
  );
}
