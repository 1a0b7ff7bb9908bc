/**
 * The wire of the cockpit's fleet polls (actors/cockpit/engine.ts): a poll's nine requests go out pipelined, in
 * one write on the node's poll socket, and come back in order (raw-http-wire.ts): one write and one socket per
 * node and poll instead of nine writes on three sockets. An answer slower than the wire's stallMs (1 s) lets the
 * requests behind it go out again on a second socket, so one hanging endpoint does not hold up the node's other
 * answers. Its own module so the real-Bee tier polls Bee through exactly this configuration.
 */
import { SNAPSHOT_ENDPOINTS } from '../../core/cockpit/health-snapshot.js';
import { createRawHttpWire } from '../node-client/raw-http-wire.js';
import type { Wire } from '../node-client/wire.js';

export function createFleetPollWire(fallback: Wire, idleMs: number): Wire & { close(): void } {
  return createRawHttpWire({ fallback, idleMs, maxSockets: 2, pipeline: SNAPSHOT_ENDPOINTS.length });
}
