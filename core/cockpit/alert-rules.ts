/**
 * The shipped Prometheus alerting rules (docs/prometheus/cockpit-alerts.yml) and the Alertmanager inhibit rules
 * (the `inhibit_rules` that end docs/alertmanager/alertmanager.yml), as text generated from the gate dependency graph
 * (gate-dependencies.ts), so Prometheus, Alertmanager and the cockpit's own sinks inhibit the same way: one
 * cause, one alert. `npm run build && node scripts/write-prometheus-rules.mjs` writes them (the rules file
 * whole; in alertmanager.yml everything from INHIBIT_MARKER on, the routes and receivers above it are
 * hand-written); a test fails when they differ from what this module makes. Pure: text out.
 *
 * How each alert is held back (the cockpit's rule, in PromQL, `unless on(node) …`):
 * - every gate and stamp alert of a node that does not answer /health (`cockpit_node_up == 0`, which
 *   CockpitNodeDown reports);
 * - CockpitGateFailing and CockpitGateWarning of a gate while a gate above it fails (`== 2`);
 * - CockpitGateNotMeasured (`== -1`) of a gate while a gate above it is anything but Pass (`!= 0`): the
 *   trouble above is why it could not be measured;
 * - the stamp alerts while a gate above stamp TTL fails.
 * Alertmanager's inhibit rules say the same for alerts that reach it from elsewhere or fire before the rule
 * expressions see the cause (`for:` durations differ): CockpitNodeDown inhibits every gate and stamp alert of
 * its node, CockpitGateFailing of a gate every gate alert below it, a Warning or NotMeasured one the
 * NotMeasured alerts below it (`equal: [node]`).
 */
import { GATE_ANCESTORS, GATE_DESCENDANTS } from './gate-dependencies.js';
import { GATE_IDS, type GateId } from './gate-definitions.js';
import { snakeGateId } from './metrics.js';

const names = (ids: readonly GateId[]) => ids.map(snakeGateId).join('|');

/** `unless on(node) (…)`: the node down, or a gate above `id` in a state that holds this alert back. */
function heldBack(ancestors: readonly GateId[], upstream: '== 2' | '!= 0'): string {
  const causes = ['cockpit_node_up == 0', ...(ancestors.length ? [`cockpit_gate_state{gate=~"${names(ancestors)}"} ${upstream}`] : [])];
  return `unless on(node) (${causes.join(' or ')})`;
}

/** One branch per gate, `or`-ed: each gate's state test held back by its own ancestors. */
function perGate(ids: readonly GateId[], test: string, upstream: '== 2' | '!= 0'): string {
  return ids.map((id) => `(cockpit_gate_state{gate="${snakeGateId(id)}"} ${test} ${heldBack(GATE_ANCESTORS[id], upstream)})`).join('\n  or\n');
}

const indent = (text: string, by: string) => text.split('\n').map((line) => `${by}${line}`).join('\n');

// The redistribution gates stay in Warn for good on nodes where they do not apply (light nodes, storage
// incentives off: Warn with applicable false, which the series cannot tell apart), and would warn forever.
const WARNING_GATES = GATE_IDS.filter((id) => id !== 'redistributionHealthy' && id !== 'notFrozen');

export function prometheusAlertRules(): string {
  // The worst TTL is the stamp TTL gate's fact: held back by what is above that gate.
  const stamps = heldBack(GATE_ANCESTORS.stampTtl, '== 2');
  return `# Alerting rules for the series of \`cockpit --serve-metrics\` (docs/cockpit.md "Prometheus"); Prometheus sends
# the firing ones to Alertmanager. Check with: promtool check rules docs/prometheus/cockpit-alerts.yml
#
# Generated from the gate dependency graph (core/cockpit/gate-dependencies.ts) by
# scripts/write-prometheus-rules.mjs: edit the graph or core/cockpit/alert-rules.ts, not this file.
# One cause, one alert: a gate alert is held back (\`unless on(node) …\`) while the node does not answer or a
# gate above it fails; a gate not measured while anything above it is not Pass. Alertmanager inhibit rules
# that say the same: ../alertmanager/alertmanager.yml.
groups:
  - name: cockpit
    rules:
      - alert: CockpitNodeDown
        expr: cockpit_node_up == 0
        for: 2m
        labels:
          severity: critical
        annotations:
          summary: 'Node {{ $labels.node }} does not answer /health as Bee'
          description: 'The cockpit could not read /health of {{ $labels.node }} for 2 minutes (unreachable, hanging, not Bee, or a missing token).'

      - alert: CockpitGateFailing
        expr: |
${indent(perGate(GATE_IDS, '== 2', '== 2'), '          ')}
        for: 5m
        labels:
          severity: critical
        annotations:
          summary: 'Gate {{ $labels.gate }} fails on {{ $labels.node }}'
          description: 'The {{ $labels.gate }} health gate of {{ $labels.node }} has been failing for 5 minutes; the cockpit''s S1 Health screen gives the reason.'

      - alert: CockpitGateWarning
        # Left out: redistribution_healthy and not_frozen, which stay in Warn for good where they do not apply.
        expr: |
${indent(perGate(WARNING_GATES, '== 1', '== 2'), '          ')}
        for: 30m
        labels:
          severity: warning
        annotations:
          summary: 'Gate {{ $labels.gate }} warns on {{ $labels.node }}'
          description: 'The {{ $labels.gate }} health gate of {{ $labels.node }} has been in Warn for 30 minutes.'

      - alert: CockpitGateNotMeasured
        # -1: the gate's endpoint gave no usable answer (or Bee does not know yet), while nothing above it is in trouble.
        expr: |
${indent(perGate(GATE_IDS, '== -1', '!= 0'), '          ')}
        for: 15m
        labels:
          severity: warning
        annotations:
          summary: 'Gate {{ $labels.gate }} of {{ $labels.node }} cannot be measured'
          description: 'The cockpit has not been able to measure the {{ $labels.gate }} gate of {{ $labels.node }} for 15 minutes; the S1 Health screen says why.'

      - alert: CockpitStampExpiresWithinADay
        expr: cockpit_stamp_ttl_worst_seconds < 86400 ${stamps}
        for: 10m
        labels:
          severity: warning
        annotations:
          summary: 'A postage batch of {{ $labels.node }} expires within a day'
          description: 'The worst batch of {{ $labels.node }} has {{ $value | humanizeDuration }} left: top it up.'

      - alert: CockpitStampExpiresWithinAnHour
        expr: cockpit_stamp_ttl_worst_seconds < 3600 ${stamps}
        for: 1m
        labels:
          severity: critical
        annotations:
          summary: 'A postage batch of {{ $labels.node }} expires within the hour'
          description: 'The worst batch of {{ $labels.node }} has {{ $value | humanizeDuration }} left: top it up now.'

      - alert: CockpitFleetDegraded
        expr: cockpit_fleet_nodes{status="fail"} / ignoring(status) sum without (status) (cockpit_fleet_nodes) > 0.25
        for: 10m
        labels:
          severity: critical
        annotations:
          summary: 'More than a quarter of the fleet fails a gate'
          description: '{{ $value | humanizePercentage }} of the nodes the cockpit polls fail at least one gate.'

      - alert: CockpitNodeApiSlow
        expr: histogram_quantile(0.95, sum by (le, endpoint) (rate(cockpit_http_request_duration_seconds_bucket[5m]))) > 2
        for: 10m
        labels:
          severity: warning
        annotations:
          summary: 'Node API calls to {{ $labels.endpoint }} are slow'
          description: 'The 95th percentile of the cockpit''s calls to {{ $labels.endpoint }} has been above 2 s for 10 minutes.'

      - alert: CockpitMetricsMissing
        expr: up{job="cockpit"} == 0
        for: 5m
        labels:
          severity: warning
        annotations:
          summary: 'Prometheus cannot scrape the cockpit'
          description: 'The cockpit --serve-metrics endpoint {{ $labels.instance }} has not answered for 5 minutes.'
`;
}

const GATE_ALERTS = 'CockpitGate(Failing|Warning|NotMeasured)';
const STAMP_ALERTS = 'CockpitStampExpiresWithin(ADay|AnHour)';

/** The first line of the generated part of docs/alertmanager/alertmanager.yml: everything from it on is generated. */
export const INHIBIT_MARKER = '# ---- inhibit rules: generated from the gate dependency graph; do not edit below this line ----';

/** The end of docs/alertmanager/alertmanager.yml, from INHIBIT_MARKER on. */
export function alertmanagerInhibitRules(): string {
  const rules: string[] = [
    `  # A node that does not answer /health: every gate and stamp alert of that node is its consequence.
  - source_matchers: ['alertname="CockpitNodeDown"']
    target_matchers: ['alertname=~"${GATE_ALERTS}|${STAMP_ALERTS}"']
    equal: [node]`,
  ];
  for (const id of GATE_IDS) {
    const below = GATE_DESCENDANTS[id];
    if (!below.length) continue;
    const gate = snakeGateId(id);
    rules.push(`  # ${gate} fails: the gates below it (${below.length}) are held under it.
  - source_matchers: ['alertname="CockpitGateFailing"', 'gate="${gate}"']
    target_matchers: ['alertname=~"${GATE_ALERTS}"', 'gate=~"${names(below)}"']
    equal: [node]
  # ${gate} warns or is not measured: the gates below it that cannot be measured are held under it.
  - source_matchers: ['alertname=~"CockpitGate(Warning|NotMeasured)"', 'gate="${gate}"']
    target_matchers: ['alertname="CockpitGateNotMeasured"', 'gate=~"${names(below)}"']
    equal: [node]`);
  }
  rules.push(`  # A gate above stamp TTL fails: the stamp alerts are held under it.
  - source_matchers: ['alertname="CockpitGateFailing"', 'gate=~"${names(GATE_ANCESTORS.stampTtl)}"']
    target_matchers: ['alertname=~"${STAMP_ALERTS}"']
    equal: [node]`);
  return `${INHIBIT_MARKER}
# One cause, one alert, as the cockpit's own sinks and the Prometheus rules (docs/prometheus/cockpit-alerts.yml):
# CockpitNodeDown inhibits every gate and stamp alert of its node; CockpitGateFailing of a gate every gate alert
# below it; a Warning or NotMeasured one the NotMeasured alerts below it (the graph: docs/cockpit.md "Alerts").
# Generated from core/cockpit/gate-dependencies.ts by scripts/write-prometheus-rules.mjs (edit the graph, not
# these lines); the cockpit's direct alerts (\`[alerts] alertmanager_url\`) carry the same labels.
inhibit_rules:
${rules.join('\n')}
`;
}
