import { describe, expect, it } from 'vitest';
import { localUrlOf, parseListenAddress } from '../../node-config/bee-yaml.js';
import type { ResolvedCockpitConfig, ResolvedNode } from './resolved-config.js';
import { adoptSupervisedNode, reachesListener, type SupervisedListener } from './supervised-node.js';

/** The listener Bee opens for an api-addr, as the config loader builds it. */
function listenerOf(apiAddr: string): SupervisedListener {
  const address = parseListenAddress(apiAddr);
  if ('error' in address) throw new Error(address.error);
  return { apiUrl: localUrlOf(address), listenHost: address.host, port: address.port, from: `api-addr in /etc/bee.yaml` };
}

const node = (name: string, url: string, origin: ResolvedNode['origin'] = 'config'): ResolvedNode => ({ name, url, tokenFrom: { kind: 'none' }, origin, log: {} });

function config(nodes: ResolvedNode[], activeNode = nodes[0]!.name): ResolvedCockpitConfig {
  return { nodes, activeNode, store: { bin: '/opt/bee', config: '/etc/bee.yaml', origin: 'flag' } } as unknown as ResolvedCockpitConfig;
}

describe('the supervised node’s URL, from api-addr as Bee reads it (issue 24 item 11)', () => {
  it.each([
    [':1633', 'http://127.0.0.1:1633', ['http://localhost:1633', 'http://127.0.0.1:1633', 'http://[::1]:1633'], ['http://10.0.0.5:1633', 'http://localhost:1634', 'https://localhost:1633']],
    ['127.0.0.1:18633', 'http://127.0.0.1:18633', ['http://127.0.0.1:18633', 'http://localhost:18633'], ['http://localhost:1633', 'http://192.168.1.2:18633']],
    ['0.0.0.0:1733', 'http://127.0.0.1:1733', ['http://127.0.0.1:1733', 'http://localhost:1733'], ['http://127.0.0.1:1633']],
    ['[::1]:1633', 'http://[::1]:1633', ['http://[::1]:1633', 'http://localhost:1633'], ['http://[::2]:1633']],
    ['[::]:1633', 'http://[::1]:1633', ['http://[::1]:1633', 'http://127.0.0.1:1633'], ['http://example.com:1633']],
    ['bee.lan:1633', 'http://bee.lan:1633', ['http://bee.lan:1633'], ['http://localhost:1633']],
  ])('api-addr %s: polled at %s', (apiAddr, apiUrl, reaching, notReaching) => {
    const listener = listenerOf(apiAddr);
    expect(listener.apiUrl).toBe(apiUrl);
    for (const url of reaching) expect(reachesListener(url, listener), url).toBe(true);
    for (const url of notReaching) expect(reachesListener(url, listener), url).toBe(false);
  });

  it('nobody named a node: the supervised node replaces http://localhost:1633 and is active', () => {
    const { config: adopted, sources } = adoptSupervisedNode(config([node('http://localhost:1633', 'http://localhost:1633', 'default')]), {}, listenerOf('127.0.0.1:18633'));
    expect(adopted.nodes.map((n) => [n.name, n.url, n.origin])).toEqual([['http://127.0.0.1:18633', 'http://127.0.0.1:18633', 'supervised']]);
    expect(adopted.activeNode).toBe('http://127.0.0.1:18633');
    expect(adopted.store).toMatchObject({ node: 'http://127.0.0.1:18633', apiUrl: 'http://127.0.0.1:18633' });
    expect(sources.activeNode).toEqual({ origin: 'default', detail: "the supervised node's api-addr in /etc/bee.yaml" });
  });

  it('a configured node that reaches the listener is the supervised node, name and token kept', () => {
    const fleet = [node('far', 'http://10.0.0.9:1633'), node('local', 'http://localhost:18633')];
    const { config: adopted } = adoptSupervisedNode(config(fleet), {}, listenerOf(':18633'));
    expect(adopted.nodes.map((n) => n.name)).toEqual(['far', 'local']);
    expect(adopted.store?.node).toBe('local');
    expect(adopted.activeNode).toBe('far');
  });

  it('a fleet without it: the supervised node joins the front with the command line’s token; the active node stays', () => {
    const fleet = [node('far', 'http://10.0.0.9:1633')];
    const { config: adopted } = adoptSupervisedNode(config(fleet), {}, listenerOf('127.0.0.1:18633'), { token: 'secret', tokenFrom: { kind: 'env', name: 'NODE_TOKEN' } });
    expect(adopted.nodes.map((n) => [n.name, n.origin, n.tokenFrom.kind])).toEqual([['http://127.0.0.1:18633', 'supervised', 'env'], ['far', 'config', 'none']]);
    expect(adopted.nodes[0]!.token).toBe('secret');
    expect(adopted.activeNode).toBe('far');
    expect(adopted.store?.node).toBe('http://127.0.0.1:18633');
  });
});
