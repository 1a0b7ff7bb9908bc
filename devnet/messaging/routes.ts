/**
 * The messaging routes a devnet node serves over plain HTTP. The subscribe endpoints are WebSockets (see
 * websocket-upgrade.ts); registering them here as well makes CORS preflights list GET for them, and a plain
 * GET without the upgrade gets what Bee's gorilla upgrader answers: 400 "Bad Request" (after the path check).
 */
import type { DevnetResponse, RouteDef } from '../http/router.js';
import { guarded } from '../routes/guard.js';
import { pssSendRoute } from './pss.js';
import { subscriptionFor } from './websocket-upgrade.js';

function notAWebSocketHandshake(): DevnetResponse {
  return {
    status: 400,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'sec-websocket-version': '13', 'x-content-type-options': 'nosniff' },
    body: new TextEncoder().encode('Bad Request\n'),
  };
}

const subscribeWithoutUpgrade = guarded((req) => {
  subscriptionFor(req.path);
  return notAWebSocketHandshake();
});

export const messagingRoutes: RouteDef[] = [
  pssSendRoute,
  { method: 'GET', path: '/pss/subscribe/:topic', handle: subscribeWithoutUpgrade },
  { method: 'GET', path: '/gsoc/subscribe/:address', handle: subscribeWithoutUpgrade },
];
