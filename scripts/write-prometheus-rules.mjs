#!/usr/bin/env node
// Regenerates the shipped Prometheus alerting rules and Alertmanager inhibit rules from the gate dependency
// graph (core/cockpit/gate-dependencies.ts, through core/cockpit/alert-rules.ts). Run after `npm run build`;
// core/cockpit/alert-rules.test.ts fails when the files differ from what it makes.
import { writeFileSync } from 'node:fs';
import { alertmanagerInhibitRules, prometheusAlertRules } from '../dist/core/cockpit/alert-rules.js';

const files = {
  'docs/prometheus/cockpit-alerts.yml': prometheusAlertRules(),
  'docs/prometheus/alertmanager-inhibit.yml': alertmanagerInhibitRules(),
};
for (const [path, text] of Object.entries(files)) {
  writeFileSync(path, text);
  console.log(`wrote ${path}`);
}
