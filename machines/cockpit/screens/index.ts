/**
 * The screen registry: one entry per screen, S1..S15 (screen-definition.ts says what an entry is). An entry
 * that has not landed yet is `notBuilt(id)`: its content says "screen not built yet" in one line. To add a
 * screen: write its model (core/cockpit/screens/), actors (actors/cockpit/screens/ + SCREEN_ACTORS), machine
 * (here, registered in machines/index.ts with a model test; a screen that polls invokes the polling-screen
 * machine as its `poller`, see screen-definition.ts), then replace its line below. A node screen's figures get their
 * last hour beside them through withScreenTrends (core/cockpit/screens/screen-trends.ts).
 */
import { fleetScreen } from '../../../core/cockpit/screens/fleet.js';
import { healthScreen } from '../../../core/cockpit/screens/health.js';
import { notBuiltScreen } from '../../../core/cockpit/screens/not-built.js';
import { withScreenTrends } from '../../../core/cockpit/screens/screen-trends.js';
import { activeFleetNode } from '../../../core/cockpit/interaction/screen-env.js';
import { activeRadiusRing } from '../../../core/cockpit/radius-ring.js';
import type { ScreenId } from '../../../core/cockpit/view/screens.js';
import { apiHealthScreenMachine, selectApiHealthContent } from './api-health.machine.js';
import { fleetScreenMachine } from './fleet.machine.js';
import { watchlistScreenMachine } from './watchlist.machine.js';
import { watchlistScreen } from '../../../core/cockpit/screens/watchlist.js';
import { lotteryScreenMachine, selectLotteryContent } from './lottery.machine.js';
import { selectStampsContent, stampsScreenMachine } from './stamps.machine.js';
import { selectSwapContent, swapScreenMachine } from './swap.machine.js';
import { selectWarmupContent, warmupScreenMachine } from './warmup.machine.js';
import { healthScreenMachine } from './health.machine.js';
import { notBuiltScreenMachine } from './not-built.machine.js';
import { defineScreen, type AnyScreenDefinition } from './screen-definition.js';
import { feedTimelineScreenMachine, selectFeedTimelineContent } from './feed-timeline.machine.js';
import { manifestScreenMachine, selectManifestContent } from './manifest.machine.js';
import { networkScreenMachine, selectNetworkContent } from './network.machine.js';
import { peersScreenMachine, selectPeersContent } from './peers.machine.js';
import { pinsScreenMachine, selectPinsContent } from './pins.machine.js';
import { pubsubScreenMachine, selectPubsubContent } from './pubsub.machine.js';
import { selectTagsContent, tagsScreenMachine } from './tags.machine.js';

export type { AnyScreenDefinition, ScreenDefinition, ScreenInput } from './screen-definition.js';
export { defineScreen } from './screen-definition.js';

export function notBuilt(id: ScreenId): AnyScreenDefinition {
  return defineScreen({ machine: notBuiltScreenMachine, select: () => notBuiltScreen(id) });
}

export const SCREEN_REGISTRY: Readonly<Record<ScreenId, AnyScreenDefinition>> = {
  health: defineScreen({ machine: healthScreenMachine, select: (_, env) => healthScreen(activeFleetNode(env)) }),
  stamps: defineScreen({ machine: stampsScreenMachine, select: (snapshot, env) => withScreenTrends('stamps', selectStampsContent(snapshot, env.ascii === true, activeFleetNode(env)?.stampFill), activeFleetNode(env)) }),
  swap: defineScreen({ machine: swapScreenMachine, select: (snapshot, env) => withScreenTrends('swap', selectSwapContent(snapshot), activeFleetNode(env)) }),
  lottery: defineScreen({ machine: lotteryScreenMachine, select: (snapshot, env) => withScreenTrends('lottery', selectLotteryContent(snapshot), activeFleetNode(env)) }),
  warmup: defineScreen({ machine: warmupScreenMachine, select: (snapshot, env) => withScreenTrends('warmup', selectWarmupContent(snapshot, activeRadiusRing(env)), activeFleetNode(env)) }),
  peers: defineScreen({ machine: peersScreenMachine, select: (snapshot, env) => withScreenTrends('peers', selectPeersContent(snapshot), activeFleetNode(env), snapshot.context.topology) }),
  network: defineScreen({ machine: networkScreenMachine, select: (snapshot, env) => withScreenTrends('network', selectNetworkContent(snapshot, activeRadiusRing(env)), activeFleetNode(env)) }),
  apiHealth: defineScreen({ machine: apiHealthScreenMachine, select: (snapshot, env) => withScreenTrends('apiHealth', selectApiHealthContent(snapshot), activeFleetNode(env)) }),
  tags: defineScreen({ machine: tagsScreenMachine, select: (snapshot) => selectTagsContent(snapshot) }),
  pins: defineScreen({ machine: pinsScreenMachine, select: (snapshot) => selectPinsContent(snapshot) }),
  manifest: defineScreen({ machine: manifestScreenMachine, select: (snapshot) => selectManifestContent(snapshot) }),
  watchlist: defineScreen({ machine: watchlistScreenMachine, select: (snapshot, env) => watchlistScreen(env.watchlist, snapshot.context) }),
  feedTimeline: defineScreen({ machine: feedTimelineScreenMachine, select: (snapshot) => selectFeedTimelineContent(snapshot) }),
  pubsub: defineScreen({ machine: pubsubScreenMachine, select: (snapshot) => selectPubsubContent(snapshot) }),
  fleet: defineScreen({ machine: fleetScreenMachine, select: (snapshot, env) => fleetScreen(env.fleet, env.ascii === true, snapshot.context.selectedNode) }),
};
