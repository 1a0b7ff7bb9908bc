/**
 * Turns a machine's state-node tree into the files under visualizations/: a Stately-importable
 * config (JSON) and a Mermaid stateDiagram-v2 with the state descriptions as notes.
 *
 * Why not `machine.toJSON()`: in xstate 5.33 `StateNode.definition` leaves out eventless
 * (`always`) transitions, and its shape (`transitions`, `order`, target arrays) is the inspector's,
 * not the config that Stately's "Import from code" reads. So both outputs are built here from the
 * parsed state nodes, which hold every transition. Pure: the export script and the staleness test
 * call the same functions, so a stale file is exactly one the script would rewrite.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export interface RegisteredMachine {
  machine: AnyStateMachine;
  /** Where the chart is defined, relative to the repository root. */
  source: string;
  /** The file that runs describeMachineModel on it. */
  modelTest: string;
}

type GuardLike = string | { type: string } | ((...args: never[]) => unknown) & { guards?: unknown[] };

/** A guard as text: names for named guards, `not(a)` / `and(a, b)` for the built-in combinators. */
export function describeGuard(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  const g = guard as GuardLike;
  if (typeof g === 'string') return g;
  if (typeof g === 'function') {
    const inner = (g.guards ?? []).map((x) => describeGuard(x) ?? '?');
    return inner.length ? `${g.name}(${inner.join(', ')})` : g.name || 'inline';
  }
  return g.type;
}

/** Event types as people read them: `always`, `after 5000`, `findListener.done`, `findListener.error`. */
export function describeEventType(eventType: string): string {
  if (eventType === '') return 'always';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]}.done`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (failed) return `${failed[1]}.error`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  const stateDone = /^xstate\.done\.state\./.exec(eventType);
  if (stateDone) return 'done';
  return eventType;
}

function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  const named = action as { type?: unknown; name?: unknown } | null;
  if (named && typeof named.type === 'string') return named.type;
  return 'inline';
}

/** Every transition a node declares, eventless ones included, in declaration order. */
export function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

function targetIds(t: AnyTransitionDefinition): string[] {
  return (t.target ?? []).map((target: AnyStateNode) => target.id);
}

function transitionConfig(t: AnyTransitionDefinition): Record<string, unknown> {
  const targets = targetIds(t).map((id) => `#${id}`);
  const config: Record<string, unknown> = {};
  if (targets.length) config.target = targets.length === 1 ? targets[0] : targets;
  const guard = describeGuard(t.guard);
  if (guard) config.guard = guard;
  const actions = t.actions.map(actionName);
  if (actions.length) config.actions = actions;
  if (t.reenter) config.reenter = true;
  if (t.description) config.description = t.description;
  return config;
}

/** xstate implements each `after` with an entry raise and an exit cancel; `after` in the config recreates them. */
function withoutTimerActions(names: string[], builtin: string, count: number): string[] {
  let left = count;
  return names.filter((name) => !(name === builtin && left-- > 0));
}

function nodeConfig(node: AnyStateNode): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  if (!node.parent) config.id = node.id;
  if (node.description) config.description = node.description;
  if (node.type !== 'atomic' && node.type !== 'compound') config.type = node.type;
  if (node.type === 'compound' && typeof node.config.initial === 'string') config.initial = node.config.initial;
  if (node.tags.length) config.tags = [...node.tags];
  const entry = withoutTimerActions(node.entry.map(actionName), 'xstate.raise', node.after.length);
  const exit = withoutTimerActions(node.exit.map(actionName), 'xstate.cancel', node.after.length);
  if (entry.length) config.entry = entry;
  if (exit.length) config.exit = exit;
  const invoke = node.invoke.map((inv) => ({ id: inv.id, src: typeof inv.src === 'string' ? inv.src : 'inline' }) as Record<string, unknown>);
  const on: Record<string, unknown[]> = {};
  const after: Record<string, unknown[]> = {};
  for (const [eventType, list] of node.transitions) {
    const configs = list.map(transitionConfig);
    const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
    const owner = done ? invoke.find((inv) => inv.id === done[2]) : undefined;
    if (owner && done) owner[done[1] === 'done' ? 'onDone' : 'onError'] = configs;
    else if (eventType.startsWith('xstate.after.')) after[String((list[0] as { delay?: unknown } | undefined)?.delay)] = configs;
    else if (eventType === `xstate.done.state.${node.id}`) config.onDone = configs;
    else on[eventType] = configs;
  }
  if (invoke.length) config.invoke = invoke.length === 1 ? invoke[0] : invoke;
  if (Object.keys(after).length) config.after = after;
  if (node.always?.length) config.always = node.always.map(transitionConfig);
  if (Object.keys(on).length) config.on = on;
  const children = Object.entries(node.states as Record<string, AnyStateNode>);
  if (children.length) config.states = Object.fromEntries(children.map(([key, child]) => [key, nodeConfig(child)]));
  return config;
}

/** The machine as a config object: paste `createMachine(<this JSON>)` into Stately's "Import from code". */
export function toStatelyConfig(machine: AnyStateMachine): Record<string, unknown> {
  return nodeConfig(machine.root);
}

const mermaidId = (node: AnyStateNode): string => node.path.join('__');
/** Mermaid ends a statement at ';' and a label at a newline. */
const mermaidText = (text: string): string => text.replaceAll(';', ',').replaceAll('\n', ' ');

function lowestCommonAncestor(a: AnyStateNode, b: AnyStateNode): AnyStateNode | undefined {
  const chain = new Set<AnyStateNode>();
  for (let n: AnyStateNode | undefined = a.parent; n; n = n.parent) chain.add(n);
  for (let n: AnyStateNode | undefined = b.parent; n; n = n.parent) if (chain.has(n)) return n;
  return undefined;
}

function edgeLabel(t: AnyTransitionDefinition): string {
  const guard = describeGuard(t.guard);
  return mermaidText(`${describeEventType(t.eventType)}${guard ? ` [${guard}]` : ''}`);
}

function mermaidBlock(node: AnyStateNode, edgesByBlock: Map<AnyStateNode, string[]>, indent: string): string[] {
  const lines: string[] = [];
  const children = Object.values(node.states as Record<string, AnyStateNode>);
  const initial = node.type === 'compound' ? node.initial?.target[0] : undefined;
  if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
  for (const child of children) {
    lines.push(`${indent}state "${child.key}" as ${mermaidId(child)}`);
    if (Object.keys(child.states).length) {
      lines.push(`${indent}state ${mermaidId(child)} {`, ...mermaidBlock(child, edgesByBlock, `${indent}  `), `${indent}}`);
    }
    if (child.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`);
    if (child.description) {
      lines.push(`${indent}note right of ${mermaidId(child)}`, `${indent}  ${mermaidText(child.description)}`, `${indent}end note`);
    }
  }
  lines.push(...(edgesByBlock.get(node) ?? []).map((edge) => `${indent}${edge}`));
  return lines;
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes)];
}

/** A Mermaid stateDiagram-v2; transitions declared on the root (from any state) go in the table instead. */
export function toMermaid(machine: AnyStateMachine): string {
  const edgesByBlock = new Map<AnyStateNode, string[]>();
  for (const node of allNodes(machine.root)) {
    if (!node.parent) continue;
    for (const t of transitionsOf(node)) {
      for (const target of (t.target ?? []) as AnyStateNode[]) {
        const block = lowestCommonAncestor(node, target) ?? machine.root;
        edgesByBlock.set(block, [...(edgesByBlock.get(block) ?? []), `${mermaidId(node)} --> ${mermaidId(target)} : ${edgeLabel(t)}`]);
      }
    }
  }
  return ['stateDiagram-v2', ...mermaidBlock(machine.root, edgesByBlock, '  ')].join('\n');
}

function transitionTable(machine: AnyStateMachine): string[] {
  const rows = allNodes(machine.root).flatMap((node) =>
    transitionsOf(node).map((t) => {
      const from = node.parent ? node.path.join('.') : '(any state)';
      const to = (t.target ?? []).map((n: AnyStateNode) => n.path.join('.')).join(', ') || '(stays)';
      const cells = [from, describeEventType(t.eventType), describeGuard(t.guard) ?? '', to, t.actions.map(actionName).join(', ')];
      return `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
    }),
  );
  return ['| from | event | guard | to | actions |', '|---|---|---|---|---|', ...rows];
}

/**
 * The actors invoked by the machine itself, which live as long as it does: the diagram has no box for them, so
 * they are named under the description, a child machine with a link to its own diagram.
 */
function rootChildren(machine: AnyStateMachine): string[] {
  const invokes = machine.root.invoke;
  if (!invokes.length) return [];
  const named = invokes.map((inv) => {
    const src = typeof inv.src === 'string' ? inv.src : 'inline';
    const logic = (machine.implementations.actors as Record<string, unknown>)[src] as { id?: unknown; root?: unknown } | undefined;
    const child = logic && typeof logic.id === 'string' && logic.root ? ` ([${logic.id}](${logic.id}.md))` : '';
    return `\`${inv.id}\`${child}`;
  });
  return [`Invoked for as long as the machine runs: ${named.join(', ')}.`, ''];
}

export function toMarkdown(entry: RegisteredMachine): string {
  const { machine } = entry;
  return [
    `# ${machine.id}`,
    '',
    machine.root.description ?? '',
    '',
    ...rootChildren(machine),
    `Generated from \`${entry.source}\` by \`npm run build && npm run visualize\`; do not edit by hand.`,
    `Import into Stately: see [README.md](README.md). Model-based test: \`${entry.modelTest}\`.`,
    '',
    '```mermaid',
    toMermaid(machine),
    '```',
    '',
    '## Transitions',
    '',
    ...transitionTable(machine),
    '',
  ].join('\n');
}

function toIndex(entries: readonly RegisteredMachine[]): string {
  return [
    '# Machine visualizations',
    '',
    'Generated by `npm run build && npm run visualize` from the registry in `machines/index.ts`; do not edit by hand.',
    '`test/visualizations.test.ts` fails when a file here is missing or stale.',
    '',
    '| machine | diagram | Stately config | source |',
    '|---|---|---|---|',
    ...entries.map(({ machine, source }) => `| ${machine.id} | [${machine.id}.md](${machine.id}.md) | [${machine.id}.json](${machine.id}.json) | \`${source}\` |`),
    '',
    '## Opening a machine in Stately',
    '',
    '1. In the Stately editor (stately.ai), create a machine in a project and open the Code panel.',
    '2. Choose Import and paste `createMachine(` + the contents of `<id>.json` + `)`.',
    '3. Guards and actions arrive as names; implementations stay in the source file.',
    '',
    'The `.md` files render on GitHub and GitLab (Mermaid), or paste the diagram into mermaid.live.',
    '',
  ].join('\n');
}

/** Every file under visualizations/, by file name, for the given registry. */
export function renderVisualizations(entries: readonly RegisteredMachine[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of entries) {
    files.set(`${entry.machine.id}.json`, `${JSON.stringify(toStatelyConfig(entry.machine), null, 2)}\n`);
    files.set(`${entry.machine.id}.md`, toMarkdown(entry));
  }
  files.set('README.md', toIndex(entries));
  return files;
}
