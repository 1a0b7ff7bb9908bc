/**
 * The registry of every machine in machines/. The visualization exporter and its staleness test
 * read it, and test/machine-registry.test.ts fails when a `*.machine.ts` file is missing from it
 * or its model test does not exist. Adding a machine: import it and append one entry.
 */
import { logSourceMachine } from './log-source.machine.js';
import { webSessionMachine } from './web/web-session.machine.js';
import { chunkWalkMachine } from './retcheck/chunk-walk.machine.js';
import { probeMachine } from './retcheck/probe.machine.js';
import { reseedMachine } from './retcheck/reseed.machine.js';
import { retcheckMachine } from './retcheck/retcheck.machine.js';
import { probeRunMachine } from './retcheck/probe-run.machine.js';
import { gatesMachine } from './cockpit/gates.machine.js';
import { apiHealthScreenMachine } from './cockpit/screens/api-health.machine.js';
import { lotteryScreenMachine } from './cockpit/screens/lottery.machine.js';
import { pollingScreenMachine } from './cockpit/screens/polling-screen.machine.js';
import { stampsScreenMachine } from './cockpit/screens/stamps.machine.js';
import { swapScreenMachine } from './cockpit/screens/swap.machine.js';
import { warmupScreenMachine } from './cockpit/screens/warmup.machine.js';
import { supervisorMachine } from './cockpit/supervisor.machine.js';
import { logPaneMachine } from './cockpit/log-pane.machine.js';
import { logPaneDisplayMachine } from './cockpit/log-pane-display.machine.js';
import { cockpitMachine } from './cockpit/cockpit.machine.js';
import { uiSessionMachine } from './cockpit/ui-session.machine.js';
import { fleetScreenMachine } from './cockpit/screens/fleet.machine.js';
import { healthScreenMachine } from './cockpit/screens/health.machine.js';
import { notBuiltScreenMachine } from './cockpit/screens/not-built.machine.js';
import { peersScreenMachine } from './cockpit/screens/peers.machine.js';
import { networkScreenMachine } from './cockpit/screens/network.machine.js';
import { tagsScreenMachine } from './cockpit/screens/tags.machine.js';
import { pinsScreenMachine } from './cockpit/screens/pins.machine.js';
import { manifestScreenMachine } from './cockpit/screens/manifest.machine.js';
import { feedTimelineScreenMachine } from './cockpit/screens/feed-timeline.machine.js';
import { pubsubScreenMachine } from './cockpit/screens/pubsub.machine.js';
import { alertsMachine } from './cockpit/alerts.machine.js';
import { webhookSinkMachine } from './cockpit/webhook-sink.machine.js';
import { alertmanagerSinkMachine } from './cockpit/alertmanager-sink.machine.js';
import { prometheusFleetMachine } from './cockpit/prometheus-fleet.machine.js';
import { watchlistMachine } from './cockpit/watchlist.machine.js';
import { watchRefMachine } from './cockpit/watch-ref.machine.js';
import { watchlistScreenMachine } from './cockpit/screens/watchlist.machine.js';
import type { RegisteredMachine } from './visualize.js';

export const machineRegistry: readonly RegisteredMachine[] = [
  { machine: logSourceMachine, source: 'machines/log-source.machine.ts', modelTest: 'machines/log-source.machine.test.ts' },
  { machine: webSessionMachine, source: 'machines/web/web-session.machine.ts', modelTest: 'machines/web/web-session.machine.test.ts' },
  { machine: retcheckMachine, source: 'machines/retcheck/retcheck.machine.ts', modelTest: 'machines/retcheck/retcheck.machine.model.test.ts' },
  { machine: probeMachine, source: 'machines/retcheck/probe.machine.ts', modelTest: 'machines/retcheck/probe.machine.test.ts' },
  { machine: chunkWalkMachine, source: 'machines/retcheck/chunk-walk.machine.ts', modelTest: 'machines/retcheck/chunk-walk.machine.test.ts' },
  { machine: reseedMachine, source: 'machines/retcheck/reseed.machine.ts', modelTest: 'machines/retcheck/reseed.machine.test.ts' },
  { machine: probeRunMachine, source: 'machines/retcheck/probe-run.machine.ts', modelTest: 'machines/retcheck/probe-run.machine.test.ts' },
  { machine: gatesMachine, source: 'machines/cockpit/gates.machine.ts', modelTest: 'machines/cockpit/gates.machine.test.ts' },
  { machine: pollingScreenMachine, source: 'machines/cockpit/screens/polling-screen.machine.ts', modelTest: 'machines/cockpit/screens/polling-screen.machine.test.ts' },
  { machine: stampsScreenMachine, source: 'machines/cockpit/screens/stamps.machine.ts', modelTest: 'machines/cockpit/screens/stamps.machine.test.ts' },
  { machine: swapScreenMachine, source: 'machines/cockpit/screens/swap.machine.ts', modelTest: 'machines/cockpit/screens/swap.machine.test.ts' },
  { machine: lotteryScreenMachine, source: 'machines/cockpit/screens/lottery.machine.ts', modelTest: 'machines/cockpit/screens/lottery.machine.test.ts' },
  { machine: warmupScreenMachine, source: 'machines/cockpit/screens/warmup.machine.ts', modelTest: 'machines/cockpit/screens/warmup.machine.test.ts' },
  { machine: apiHealthScreenMachine, source: 'machines/cockpit/screens/api-health.machine.ts', modelTest: 'machines/cockpit/screens/api-health.machine.test.ts' },
  { machine: supervisorMachine, source: 'machines/cockpit/supervisor.machine.ts', modelTest: 'machines/cockpit/supervisor.machine.test.ts' },
  { machine: logPaneMachine, source: 'machines/cockpit/log-pane.machine.ts', modelTest: 'machines/cockpit/log-pane.machine.test.ts' },
  { machine: logPaneDisplayMachine, source: 'machines/cockpit/log-pane-display.machine.ts', modelTest: 'machines/cockpit/log-pane-display.machine.test.ts' },
  { machine: cockpitMachine, source: 'machines/cockpit/cockpit.machine.ts', modelTest: 'machines/cockpit/cockpit.machine.test.ts' },
  { machine: alertsMachine, source: 'machines/cockpit/alerts.machine.ts', modelTest: 'machines/cockpit/alerts.machine.test.ts' },
  { machine: webhookSinkMachine, source: 'machines/cockpit/webhook-sink.machine.ts', modelTest: 'machines/cockpit/webhook-sink.machine.test.ts' },
  { machine: alertmanagerSinkMachine, source: 'machines/cockpit/alertmanager-sink.machine.ts', modelTest: 'machines/cockpit/alertmanager-sink.machine.test.ts' },
  { machine: prometheusFleetMachine, source: 'machines/cockpit/prometheus-fleet.machine.ts', modelTest: 'machines/cockpit/prometheus-fleet.machine.test.ts' },
  { machine: watchlistMachine, source: 'machines/cockpit/watchlist.machine.ts', modelTest: 'machines/cockpit/watchlist.machine.test.ts' },
  { machine: watchRefMachine, source: 'machines/cockpit/watch-ref.machine.ts', modelTest: 'machines/cockpit/watch-ref.machine.test.ts' },
  { machine: watchlistScreenMachine, source: 'machines/cockpit/screens/watchlist.machine.ts', modelTest: 'machines/cockpit/screens/watchlist.machine.test.ts' },
  { machine: uiSessionMachine, source: 'machines/cockpit/ui-session.machine.ts', modelTest: 'machines/cockpit/ui-session.machine.test.ts' },
  { machine: healthScreenMachine, source: 'machines/cockpit/screens/health.machine.ts', modelTest: 'machines/cockpit/screens/health.machine.test.ts' },
  { machine: fleetScreenMachine, source: 'machines/cockpit/screens/fleet.machine.ts', modelTest: 'machines/cockpit/screens/fleet.machine.test.ts' },
  { machine: notBuiltScreenMachine, source: 'machines/cockpit/screens/not-built.machine.ts', modelTest: 'machines/cockpit/screens/not-built.machine.test.ts' },
  { machine: peersScreenMachine, source: 'machines/cockpit/screens/peers.machine.ts', modelTest: 'machines/cockpit/screens/peers.machine.test.ts' },
  { machine: networkScreenMachine, source: 'machines/cockpit/screens/network.machine.ts', modelTest: 'machines/cockpit/screens/network.machine.test.ts' },
  { machine: tagsScreenMachine, source: 'machines/cockpit/screens/tags.machine.ts', modelTest: 'machines/cockpit/screens/tags.machine.test.ts' },
  { machine: pinsScreenMachine, source: 'machines/cockpit/screens/pins.machine.ts', modelTest: 'machines/cockpit/screens/pins.machine.test.ts' },
  { machine: manifestScreenMachine, source: 'machines/cockpit/screens/manifest.machine.ts', modelTest: 'machines/cockpit/screens/manifest.machine.test.ts' },
  { machine: feedTimelineScreenMachine, source: 'machines/cockpit/screens/feed-timeline.machine.ts', modelTest: 'machines/cockpit/screens/feed-timeline.machine.test.ts' },
  { machine: pubsubScreenMachine, source: 'machines/cockpit/screens/pubsub.machine.ts', modelTest: 'machines/cockpit/screens/pubsub.machine.test.ts' },
];
