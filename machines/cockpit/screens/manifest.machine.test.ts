import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { describeMachineModel } from '../../../test/model-based.js';
import { NODE_TYPE_EDGE, NODE_TYPE_VALUE } from '../../../core/swarm/mantaray.js';
import type { LoaderEvent, LoaderRequest } from '../../../core/cockpit/screens/manifest.js';
import { manifestScreenMachine, selectManifestContent, type ManifestScreenSnapshot } from './manifest.machine.js';

const ROOT = '11'.repeat(32);
const hex = (s: string) => Buffer.from(s).toString('hex');
const rootNode = {
  entry: null,
  forks: [
    { key: hex('a/'), prefixText: 'a/', type: NODE_TYPE_EDGE, reference: '22'.repeat(32), metadata: null },
    { key: hex('b.txt'), prefixText: 'b.txt', type: NODE_TYPE_VALUE, reference: '33'.repeat(32), metadata: { 'Content-Type': 'text/plain' } },
  ],
};
const dirNode = { entry: null, forks: [{ key: hex('a/c.txt'), prefixText: 'c.txt', type: NODE_TYPE_VALUE, reference: '44'.repeat(32), metadata: null }] };

function expectView(s: ManifestScreenSnapshot): void {
  const content = selectManifestContent(s);
  const form = content.sections[0];
  expect(form?.kind === 'form' && form.fields[0]?.value).toBe(s.context.rootInput);
  if (s.context.inputError) expect(form?.kind === 'form' && form.fields[0]?.error).toBe(s.context.inputError);
}

describeMachineModel(manifestScreenMachine, {
  events: {
    'screen.submit': { walk: { type: 'screen.submit', section: 'root', values: { root: ROOT } }, bad: { type: 'screen.submit', section: 'root', values: { root: 'xyz' } } },
    'screen.command': { inspect: { type: 'screen.command', verb: 'inspect', args: [`0x${ROOT}`] }, bad: { type: 'screen.command', verb: 'manifest', args: [] } },
    'screen.input': { typed: { type: 'screen.input', section: 'root', field: 'root', value: 'ab' } },
    'node.loaded': { root: { type: 'node.loaded', key: '', node: rootNode }, dir: { type: 'node.loaded', key: hex('a/'), node: dirNode } },
    'node.failed': { root: { type: 'node.failed', key: '', error: 'not a manifest node: bad version hash', notManifest: true } },
    'screen.activate': { dir: { type: 'screen.activate', section: 'manifest', index: 0 } },
    'screen.select': { file: { type: 'screen.select', section: 'manifest', index: 1 } },
  },
  states: {
    idle: (s) => {
      expect(s.context.tree).toBeNull();
      expectView(s);
    },
    walking: (s, probe) => {
      expect(probe.inputOf('manifestLoader')).toEqual({ root: ROOT });
      expect(s.context.tree?.root).toBe(ROOT);
      expectView(s);
      const content = selectManifestContent(s);
      if (s.context.rootError) expect(content).toMatchObject({ status: 'error', subtitle: 'the root is not a manifest node: bad version hash' });
    },
  },
});

describe('manifest walk requests', () => {
  it('fetches the root on start, then exactly the children of what is shown', async () => {
    const requests: string[] = [];
    let send: ((event: LoaderEvent) => void) | undefined;
    const machine = manifestScreenMachine.provide({
      actors: {
        manifestLoader: fromCallback<LoaderRequest, { root: string }, LoaderEvent>(({ input, receive, sendBack }) => {
          requests.push(`root ${input.root.slice(0, 2)}`);
          send = sendBack;
          receive((r) => requests.push(r.reference.slice(0, 2)));
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'screen.command', verb: 'manifest', args: [ROOT] });
    send!({ type: 'node.loaded', key: '', node: rootNode });
    expect(requests).toEqual(['root 11', '22', '33']);
    send!({ type: 'node.loaded', key: hex('a/'), node: dirNode });
    expect(requests).toEqual(['root 11', '22', '33']);
    actor.send({ type: 'screen.activate', section: 'manifest', index: 0 });
    expect(requests).toEqual(['root 11', '22', '33', '44']);
    const tree = selectManifestContent(actor.getSnapshot()).sections.find((s) => s.kind === 'tree');
    expect(tree?.kind === 'tree' && tree.rows.map((r) => [r.depth, r.label, r.loading])).toEqual([
      [0, 'a/', false],
      [1, 'c.txt', true],
      [0, 'b.txt', true],
    ]);
    actor.stop();
  });
});
