/**
 * Every route a devnet node serves. Content routes live here; chain and operations routes come from
 * devnet/routes/chain.
 */
import type { RouteDef } from '../http/router.js';
import { messagingRoutes } from '../messaging/routes.js';
import { bytesRoutes } from './bytes.js';
import { bzzRoutes } from './bzz.js';
import { chainRoutes } from './chain/index.js';
import { chunkRoutes } from './chunks.js';
import { feedPostRoutes } from './feed-post.js';
import { granteeRoutes } from './grantee.js';
import { socFeedRoutes } from './soc-feeds.js';
import { stewardshipRoutes } from './stewardship.js';
import { tagPinRoutes } from './tags-pins.js';

/** Bee answers its root with a plain greeting (router.go); bee-js checkConnection GETs it. */
const rootRoute: RouteDef = {
  method: 'GET',
  path: '/',
  rootOnly: true,
  handle: () => ({ status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: new TextEncoder().encode('Ethereum Swarm Bee\n') }),
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

export const allRoutes: RouteDef[] = [rootRoute, ...contentRoutes, ...chainRoutes];
