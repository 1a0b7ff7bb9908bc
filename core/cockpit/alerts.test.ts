import { describe, expect, it } from 'vitest';
import { fleetAlertMessage, fleetWebhookBody, latestPerGate, raisesOsNotification, ringsBell, transitionLine, transitionWebhookBody } from './alerts.js';
import type { AlertRecord } from './interaction/compose-view.js';

let seq = 0;
function record(node: string, gateId: AlertRecord['gateId'], from: AlertRecord['from'], to: AlertRecord['to'], atMs = 1_700_000_000_000): AlertRecord {
  const names: Partial<Record<AlertRecord['gateId'], string>> = { stampTtl: 'stamp TTL', peerCount: 'peer count', notFrozen: 'not frozen' };
  return { node, gateId, gateName: names[gateId] ?? gateId, from, to, reason: `${gateId} is ${to}`, atMs, recovery: to === 'Pass', seq: ++seq, causedBy: null, caused: [] };
}

describe('alert rules', () => {
  it('writes one line per transition, first-poll states included', () => {
    expect(transitionLine(record('n1', 'stampTtl', 'Pass', 'Fail'))).toBe('n1: stamp TTL Pass → Fail: stampTtl is Fail');
    expect(transitionLine(record('n1', 'peerCount', null, 'Warn'))).toBe('n1: peer count Warn at first poll: peerCount is Warn');
  });

  it('posts a chat-compatible body: text (Slack, Mattermost, Rocket.Chat) and content (Discord) with the same line, plus the data', () => {
    const body = transitionWebhookBody(record('n2', 'notFrozen', 'Pass', 'Fail', Date.UTC(2025, 0, 2, 3, 4, 5)));
    expect(body.text).toBe('[cockpit] n2: not frozen Pass → Fail: notFrozen is Fail');
    expect(body.content).toBe(body.text);
    expect(body.cockpit).toEqual({ kind: 'transition', transitions: [{ node: 'n2', gate: 'notFrozen', gateName: 'not frozen', from: 'Pass', to: 'Fail', reason: 'notFrozen is Fail', at: '2025-01-02T03:04:05.000Z', causedBy: null }] });
  });

  it('aggregates the latest transition per node and gate, counted by the state it went to', () => {
    const records = [
      record('n1', 'stampTtl', 'Pass', 'Warn'),
      record('n1', 'stampTtl', 'Warn', 'Fail'),
      record('n2', 'peerCount', 'Pass', 'Warn'),
      record('n3', 'notFrozen', 'Fail', 'Pass'),
    ];
    expect(latestPerGate(records).map((r) => `${r.node}:${r.to}`)).toEqual(['n1:Fail', 'n2:Warn', 'n3:Pass']);
    expect(fleetAlertMessage(records)).toBe('Fleet alert: 1 fail, 1 warn, 1 recovered (3 nodes): n1 stamp TTL → Fail; n2 peer count → Warn; n3 not frozen → Pass');
    expect(fleetWebhookBody(records).cockpit.transitions).toHaveLength(3);
    const many = Array.from({ length: 13 }, (_, i) => record(`n${i}`, 'stampTtl', 'Pass', 'Fail'));
    // One cause, one alert: what rides under an alert is not counted, and the alert says how much rides.
    const down = { ...record('n4', 'apiReachable', 'Pass', 'Fail'), gateName: 'API reachable', caused: [{ ...record('n4', 'chainRpcFresh', 'Pass', 'Unknown'), causedBy: 'apiReachable' as const }, { ...record('n4', 'stampTtl', 'Pass', 'Unknown'), causedBy: 'apiReachable' as const }] };
    expect(fleetAlertMessage([down])).toBe('Fleet alert: 1 fail, 0 warn, 0 recovered (1 node): n4 API reachable → Fail (+2 under it)');
    expect(fleetAlertMessage(many)).toMatch(/^Fleet alert: 13 fail, 0 warn, 0 recovered \(13 nodes\): .*; … and 3 more$/);
  });

  it('rings the bell on Warn and Fail (warn) or Fail only (fail), never on recovery or at first poll', () => {
    const toWarn = record('n', 'peerCount', 'Pass', 'Warn');
    const toFail = record('n', 'peerCount', 'Warn', 'Fail');
    const recovered = record('n', 'peerCount', 'Fail', 'Pass');
    const first = record('n', 'peerCount', null, 'Fail');
    expect([toWarn, toFail, recovered, first].map((r) => ringsBell(r, 'warn'))).toEqual([true, true, false, false]);
    expect([toWarn, toFail, recovered, first].map((r) => ringsBell(r, 'fail'))).toEqual([false, true, false, false]);
    expect(ringsBell(toFail, 'off')).toBe(false);
    expect([toWarn, recovered, first].map(raisesOsNotification)).toEqual([true, false, false]);
  });

  it('a gate that could not be measured rings no bell and raises no OS notification; its line and webhook say Unknown, not Fail', () => {
    const blind = { ...record('n1', 'chainRpcFresh', 'Pass', 'Unknown'), gateName: 'chain RPC fresh', reason: 'not measured: /chainstate: 500 Internal Server Error' };
    expect([ringsBell(blind, 'warn'), ringsBell(blind, 'fail'), raisesOsNotification(blind)]).toEqual([false, false, false]);
    expect(transitionLine(blind)).toBe('n1: chain RPC fresh Pass → Unknown: not measured: /chainstate: 500 Internal Server Error');
    expect(transitionWebhookBody(blind).cockpit.transitions[0]).toMatchObject({ from: 'Pass', to: 'Unknown' });
    expect(fleetAlertMessage([blind, record('n2', 'stampTtl', 'Pass', 'Fail')])).toMatch(/^Fleet alert: 1 fail, 0 warn, 1 not measured, 0 recovered \(2 nodes\)/);
  });
});
