import { describe, expect, it } from 'vitest';
import type { AlertRecord } from './interaction/compose-view.js';
import { alertsBody, applyTransitions, EMPTY_ALERT_SET, markDelivered } from './alertmanager.js';

const at = (to: AlertRecord['to'], atMs: number, reason = `reason ${atMs}`): AlertRecord => ({ node: 'n1', seq: 0, gateId: 'stampTtl', gateName: 'stamp TTL', from: null, to, reason, atMs, recovery: to === 'Pass', caused: [] });

describe('gate transitions as Alertmanager alerts', () => {
  it('Warn raises a warning, Warn → Fail ends it and raises a critical one, Fail → Pass ends that', () => {
    let { set } = applyTransitions(EMPTY_ALERT_SET, [at('Warn', 1_000)], 10);
    expect(Object.values(set.active)).toEqual([
      { labels: { alertname: 'CockpitGateWarning', node: 'n1', gate: 'stamp_ttl', severity: 'warning' }, annotations: { summary: 'Gate stamp_ttl warns on n1', description: 'reason 1000' }, startsAt: '1970-01-01T00:00:01.000Z' },
    ]);
    ({ set } = applyTransitions(set, [at('Fail', 2_000)], 10));
    expect(Object.values(set.active).map((a) => [a.labels.alertname, a.labels.severity, a.startsAt])).toEqual([['CockpitGateFailing', 'critical', '1970-01-01T00:00:02.000Z']]);
    expect(set.ended.map((a) => [a.labels.alertname, a.endsAt])).toEqual([['CockpitGateWarning', '1970-01-01T00:00:02.000Z']]);
    ({ set } = applyTransitions(set, [at('Pass', 3_000)], 10));
    expect(set.active).toEqual({});
    expect(set.ended.map((a) => [a.labels.alertname, a.endsAt])).toEqual([
      ['CockpitGateWarning', '1970-01-01T00:00:02.000Z'],
      ['CockpitGateFailing', '1970-01-01T00:00:03.000Z'],
    ]);
    expect(markDelivered(set, 1).ended).toHaveLength(1);
  });

  it('a still-failing gate keeps its start and takes the newest reason; an unchanged one is no change', () => {
    const first = applyTransitions(EMPTY_ALERT_SET, [at('Fail', 1_000, 'a')], 10);
    const again = applyTransitions(first.set, [at('Fail', 2_000, 'a')], 10);
    expect(again.changed).toBe(false);
    const reason = applyTransitions(first.set, [at('Fail', 3_000, 'b')], 10);
    expect(reason.changed).toBe(true);
    expect(Object.values(reason.set.active)[0]).toMatchObject({ startsAt: '1970-01-01T00:00:01.000Z', annotations: { description: 'b' } });
  });

  it('the body: active alerts valid until the given time, ended ones with their end', () => {
    const { set } = applyTransitions(EMPTY_ALERT_SET, [at('Fail', 1_000), { ...at('Warn', 1_000), gateId: 'peerCount' }, { ...at('Pass', 2_000), gateId: 'peerCount' }], 10);
    expect(alertsBody(set, 60_000).map((a) => [a.labels.gate, a.endsAt])).toEqual([
      ['stamp_ttl', '1970-01-01T00:01:00.000Z'],
      ['peer_count', '1970-01-01T00:00:02.000Z'],
    ]);
  });
});
