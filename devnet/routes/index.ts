/**
 * Every route a devnet node serves. Content routes live here; chain and operations routes come from
 * devnet/routes/chain.
 */
import type { RouteDef } from '../http/router.js';
import { messagingRoutes } from '../messaging/routes.js';
import { renderBeeMetrics } from '../metrics/bee-metrics.js';
import { EXPOSITION_CONTENT_TYPE } from '../../core/prometheus/exposition.js';
import { bytesRoutes } from './bytes.js';
import { bzzRoutes } from './bzz.js';
import { chainRoutes } from './chain/index.js';
import { chunkRoutes } from './chunks.js';
import { feedPostRoutes } from './feed-post.js';
import { granteeRoutes } from './grantee.js';
import { socFeedRoutes } from './soc-feeds.js';
import { stewardshipRoutes } from './stewardship.js';
import { tagPinRoutes } from './tags-pins.js';
import { pprofRoutes } from './pprof.js';

/** Bee answers its root with a plain greeting (router.go); bee-js checkConnection GETs it. */
const rootRoute: RouteDef = {
  method: 'GET',
  path: '/',
  rootOnly: true,
  handle: () => ({ status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: new TextEncoder().encode('Ethereum Swarm Bee\n') }),
};

/** Bee's Prometheus endpoint (router.go mountTechnicalDebug): root only, no auth. */
const metricsRoute: RouteDef = {
  method: 'GET',
  path: '/metrics',
  rootOnly: true,
  handle: (_req, node) => ({
    status: 200,
    headers: { 'content-type': EXPOSITION_CONTENT_TYPE },
    body: new TextEncoder().encode(renderBeeMetrics(node)),
  }),
};

export const contentRoutes: RouteDef[] = [
  ...bytesRoutes,
  ...bzzRoutes,
  ...chunkRoutes,
  ...socFeedRoutes,
  ...feedPostRoutes,
  ...tagPinRoutes,
  ...stewardshipRoutes,
  ...granteeRoutes,
  ...messagingRoutes,
];

export const allRoutes: RouteDef[] = [rootRoute, metricsRoute, ...pprofRoutes, ...contentRoutes, ...chainRoutes];
