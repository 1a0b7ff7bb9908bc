/**
 * The side effects of each screen machine, bound once per engine (machines/cockpit/screens/index.ts has the
 * machines). An entry returns the actors its machine names in `setup`, by name, built on ScreenDeps:
 *
 * ```ts
 * stamps: (deps) => stampsScreenActors(deps.client, deps.now),
 * ```
 * A screen that polls gets its fetch through its poller: `poller: pollingScreenWith(fromPromise(fetch))`
 * (machines/cockpit/screens/polling-screen.machine.ts), beside its own actors (a drill, a benchmark).
 * `deps.client` is the active node's client: each call goes to the node that is active when it is made, which
 * is the screen actor's own node, because a switch stops every screen actor (aborting its calls) before the
 * new node's actors start. It carries the node's token, the engine's request timeout and the shared call
 * statistics; every call must pass `signal`.
 */
import type { AnyActorLogic } from 'xstate';
import { apiHealthScreenActors } from './api-health.js';
import { lotteryScreenActors } from './lottery.js';
import { stampsScreenActors } from './stamps.js';
import { swapScreenActors } from './swap.js';
import { warmupScreenActors } from './warmup.js';
import { feedTimelineScreenActors } from './feed-timeline.js';
import { manifestScreenActors } from './manifest.js';
import { networkScreenActors } from './network.js';
import { peersScreenActors } from './peers.js';
import { pinsScreenActors } from './pins.js';
import { pubsubScreenActors } from './pubsub.js';
import { tagsScreenActors } from './tags.js';
import type { PubsubHistoryConfig } from '../../../core/cockpit/screens/pubsub.js';
import type { CallStats, NodeClient } from '../../node-client/index.js';
import type { EngineNodeRef } from '../../../core/cockpit/interaction/screen-env.js';
import type { ScreenId } from '../../../core/cockpit/view/screens.js';
import type { Face } from '../../../core/cockpit/view/view-model.js';

export interface ScreenDeps {
  /** The active node's client (see above). */
  readonly client: NodeClient;
  /** The client of a given node: token, timeout and call statistics included. */
  readonly clientFor: (node: EngineNodeRef) => NodeClient;
  /** Wall clock (the engine's; tests pass a simulated one). */
  readonly now: () => number;
  readonly face: Face;
  /** The cockpit's own outbound call statistics (S8). */
  readonly callStats: CallStats;
  /** The active node's base URL and token, for what the node client cannot carry (S14's WebSocket). */
  readonly connection: () => { readonly baseUrl: string; readonly token?: string };
  /** `[pubsub]` of the configuration: S14's history file, or null. */
  readonly pubsub: PubsubHistoryConfig | null;
}

export type ScreenActorBinding = (deps: ScreenDeps) => Record<string, AnyActorLogic>;

export const SCREEN_ACTORS: Readonly<Partial<Record<ScreenId, ScreenActorBinding>>> = {
  stamps: (deps) => stampsScreenActors(deps.client, deps.now),
  swap: (deps) => swapScreenActors(deps.client, deps.now),
  lottery: (deps) => lotteryScreenActors(deps.client, deps.now),
  warmup: (deps) => warmupScreenActors(deps.client, deps.now),
  apiHealth: (deps) => apiHealthScreenActors(deps.client, deps.now),
  peers: (deps) => peersScreenActors(deps.client, deps.now),
  network: (deps) => networkScreenActors(deps.client, deps.now),
  tags: (deps) => tagsScreenActors(deps.client, deps.now),
  pins: (deps) => pinsScreenActors(deps.client, deps.now),
  manifest: (deps) => manifestScreenActors(deps.client),
  feedTimeline: (deps) => feedTimelineScreenActors(deps.client),
  pubsub: (deps) => pubsubScreenActors({ connection: deps.connection, history: deps.pubsub, now: deps.now }),
};
