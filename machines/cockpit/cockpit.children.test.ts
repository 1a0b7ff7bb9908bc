/**
 * docs/cockpit.md lists the root machine's children; this keeps the list equal to the chart: every child the
 * machine runs (both branches of its input), the region that owns it, and the named actions it mentions.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef, type AnyStateNode } from 'xstate';
import type { GatesNode, HealthPollerEvent } from './gates.machine.js';
import { cockpitMachine, fleetNodeMachine, type CockpitMachineInput, type VerbInput, type VerbOutcome } from './cockpit.machine.js';

const docs = readFileSync(new URL('../../docs/cockpit.md', import.meta.url), 'utf8');
const section = docs.slice(docs.indexOf('**Children of the root machine**')).split('\n\n')[0]!;
/** id → the text of its list item. */
const listed = new Map([...section.matchAll(/^- `([^`]+)`:([^]*?)(?=^- |$(?![^]))/gm)].map((m) => [m[1]!, m[2]!]));

const input: CockpitMachineInput = {
  face: 'terminal',
  nodes: [{ name: 'n1', url: 'http://127.0.0.1:1633' }, { name: 'n2', url: 'http://127.0.0.1:1733' }],
  activeNode: 'n1',
  fleetPollIntervalMs: 10_000,
  session: { face: 'terminal' },
  log: { platform: 'linux', perNode: {} },
  alerts: { face: 'terminal', webhook: false, fleetWebhook: false, debounceMs: 60_000, aggregateWindowMs: 60_000, toast: { enabled: true, ttlMs: 8000 }, bell: 'warn', osNotifications: false },
};
const runningTheNode: CockpitMachineInput = {
  ...input,
  supervisor: { binPath: '/opt/bee/bee', configPath: '/etc/bee.yaml', autoRestart: false, maxRestartsPerHour: 2 },
  prometheusFleet: { names: [] },
};

const quiet = fromCallback<HealthPollerEvent, GatesNode | null | undefined>(() => undefined);
const quietFleet = fleetNodeMachine.provide({ actors: { healthPoller: quiet } });
const never = fromPromise<VerbOutcome, VerbInput>(() => new Promise(() => {}));

/** The ids of the children a run has, written as the docs write them. */
function childIds(machineInput: CockpitMachineInput): string[] {
  // The supervisor's and Prometheus's own actors are not provided: they fail at once, their ids stay.
  const machine = cockpitMachine.provide({ actors: { fleetNode: quietFleet, activeNodePoller: quietFleet, oneShot: never } });
  const actor = createActor(machine, { input: machineInput }).start();
  actor.send({ type: 'engine.watchStart', reference: 'a'.repeat(64), intervalSeconds: 60, clampedFrom: null });
  actor.send({ type: 'engine.oneShot', verb: 'hash', args: ['/tmp/x'] });
  const ids = Object.keys(actor.getSnapshot().children as Record<string, AnyActorRef>);
  actor.stop();
  return ids.map((id) =>
    id
      .replace(/^fleet:.+$/, 'fleet:<node>')
      .replace(/^screen:\d+:.+$/, 'screen:<generation>:<screen>')
      .replace(/^watch:.+$/, 'watch:<reference>')
      .replace(/^verb:\d+$/, 'verb:<n>'),
  );
}

const running = cockpitMachine.root.states.running!;
const regions = Object.values(running.states as Record<string, AnyStateNode>);
const below = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(below)];

describe('docs/cockpit.md lists the root machine’s children as the chart has them', () => {
  it('lists exactly the children the machine runs, with or without the supervised node and the Prometheus fleet', () => {
    const ran = new Set([...childIds(input), ...childIds(runningTheNode)]);
    expect([...listed.keys()].sort()).toEqual([...ran].sort());
  });

  it('names, for each invoked child, the region (and state) whose invoke it is', () => {
    const invoked = regions.flatMap((region) => below(region).flatMap((node) => node.invoke.map((inv) => ({ id: inv.id, region: region.key, state: node === region ? null : node.key }))));
    expect(invoked.map((i) => i.id).sort()).toEqual(['alerts', 'fleetPrometheus', 'logPane', 'session', 'supervisor', 'watchlist']);
    for (const { id, region, state } of invoked) {
      expect(listed.get(id), id).toContain(`region \`${region}\``);
      if (state) expect(listed.get(id), id).toContain(`state \`${state}\``);
    }
  });

  it('every region of `running` is named, and every action it names is one of the machine’s', () => {
    for (const region of regions) expect(section).toContain(`region \`${region.key}\``);
    const actions = Object.keys(cockpitMachine.implementations.actions);
    const named = [...section.matchAll(/`([a-z][A-Za-z]+)`/g)].map((m) => m[1]!).filter((name) => /^(spawn|restore|start|stop|run|finish|switch|resolve)[A-Z]/.test(name));
    expect(named.length).toBeGreaterThan(5);
    for (const name of named) expect(actions, name).toContain(name);
  });
});
