#!/usr/bin/env node
// Regenerates the shipped Prometheus alerting rules and the Alertmanager inhibit rules from the gate dependency
// graph (core/cockpit/gate-dependencies.ts, through core/cockpit/alert-rules.ts). Run after `npm run build`;
// core/cockpit/alert-rules.test.ts fails when the files differ from what it makes. In docs/alertmanager/
// alertmanager.yml only the end is generated (from the marker line on, or from the first `inhibit_rules:` when
// there is no marker yet); the routes and receivers above it stay as written.
import { readFileSync, writeFileSync } from 'node:fs';
import { alertmanagerInhibitRules, INHIBIT_MARKER, prometheusAlertRules } from '../dist/core/cockpit/alert-rules.js';

const RULES = 'docs/prometheus/cockpit-alerts.yml';
const ALERTMANAGER = 'docs/alertmanager/alertmanager.yml';

writeFileSync(RULES, prometheusAlertRules());
console.log(`wrote ${RULES}`);

const config = readFileSync(ALERTMANAGER, 'utf8');
let cut = config.indexOf(INHIBIT_MARKER);
if (cut === -1) {
  const rules = config.search(/^inhibit_rules:/m);
  if (rules === -1) throw new Error(`${ALERTMANAGER}: neither the marker nor inhibit_rules found`);
  // Take the comment lines right above inhibit_rules with it.
  const before = config.slice(0, rules).replace(/(?:^#.*\n)+$/m, '');
  cut = before.length;
}
writeFileSync(ALERTMANAGER, `${config.slice(0, cut).trimEnd()}\n\n${alertmanagerInhibitRules()}`);
console.log(`wrote the inhibit rules of ${ALERTMANAGER}`);
