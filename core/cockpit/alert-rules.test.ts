import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { alertmanagerInhibitRules, INHIBIT_MARKER, prometheusAlertRules } from './alert-rules.js';
import { GATE_DESCENDANTS } from './gate-dependencies.js';
import { GATE_IDS } from './gate-definitions.js';
import { snakeGateId } from './metrics.js';

const shipped = (path: string) => readFileSync(new URL(`../../docs/${path}`, import.meta.url), 'utf8');

describe('the shipped Prometheus and Alertmanager rules', () => {
  it('are what the gate dependency graph makes (regenerate: npm run build && node scripts/write-prometheus-rules.mjs)', () => {
    expect(shipped('prometheus/cockpit-alerts.yml')).toBe(prometheusAlertRules());
    // alertmanager.yml: the routes and receivers are written by hand, the inhibit rules from the marker on are generated.
    const config = shipped('alertmanager/alertmanager.yml');
    expect(config.indexOf(INHIBIT_MARKER)).toBeGreaterThan(0);
    expect(config.slice(config.indexOf(INHIBIT_MARKER))).toBe(alertmanagerInhibitRules());
  });

  it('hold every gate alert back while the node is down, and each gate while a gate above it fails', () => {
    const rules = prometheusAlertRules();
    for (const id of GATE_IDS) {
      expect(rules).toContain(`(cockpit_gate_state{gate="${snakeGateId(id)}"} == 2 unless on(node) (cockpit_node_up == 0`);
    }
    expect(rules).toContain('(cockpit_gate_state{gate="wallet_funded"} == 2 unless on(node) (cockpit_node_up == 0 or cockpit_gate_state{gate=~"api_reachable|chain_rpc_fresh"} == 2))');
    expect(rules).toContain('(cockpit_gate_state{gate="stamp_ttl"} == -1 unless on(node) (cockpit_node_up == 0 or cockpit_gate_state{gate=~"api_reachable|chain_rpc_fresh"} != 0))');
  });

  it('inhibit in Alertmanager what each gate has below it, per node', () => {
    const inhibit = alertmanagerInhibitRules();
    for (const id of GATE_IDS.filter((each) => GATE_DESCENDANTS[each].length)) {
      expect(inhibit).toContain(`'gate="${snakeGateId(id)}"']\n    target_matchers: ['alertname=~"CockpitGate(Failing|Warning|NotMeasured)"', 'gate=~"${GATE_DESCENDANTS[id].map(snakeGateId).join('|')}"']`);
    }
    expect(inhibit.match(/equal: \[node\]/g)).toHaveLength(1 + 2 * GATE_IDS.filter((each) => GATE_DESCENDANTS[each].length).length + 1);
  });
});
