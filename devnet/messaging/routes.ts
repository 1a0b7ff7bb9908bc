/**
 * The messaging routes a devnet node serves over plain HTTP. The subscribe endpoints are WebSockets (see
 * websocket-upgrade.ts); registering them here as well makes CORS preflights list GET for them, and a plain
 * GET without the upgrade gets what Bee's gorilla upgrader answers: 400 "Bad Request" (after the path check).
 */
import type { DevnetResponse, RouteDef } from '../http/router.js';
import { guarded } from '../routes/guard.js';
import { CHUNK_STREAM_PATH, decideChunkStream } from './chunk-stream.js';
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

/** GET /chunks/stream without the upgrade: Bee checks tag and batch first, then the upgrade fails. */
const streamWithoutUpgrade = guarded((req, node) => {
  const decision = decideChunkStream(node, req);
  return decision.kind === 'reject' ? decision.response : notAWebSocketHandshake();
});

export const messagingRoutes: RouteDef[] = [
  { method: 'GET', path: CHUNK_STREAM_PATH, handle: streamWithoutUpgrade },
  pssSendRoute,
  { method: 'GET', path: '/pss/subscribe/:topic', handle: subscribeWithoutUpgrade },
  { method: 'GET', path: '/gsoc/subscribe/:address', handle: subscribeWithoutUpgrade },
];
