/**
 * Every chain and node-operations route of a simulated Bee node. D1's server mounts these next to the
 * content routes; each handler reads the node's NodeChain (`node.chain`).
 */
import type { RouteDef } from '../../http/router.js';
import { chainStateRoutes, walletRoutes } from './chain-routes.js';
import { loggerRoutes } from './logger-routes.js';
import { stampsRoutes } from './stamps-routes.js';
import { statusRoutes } from './status-routes.js';
import { swapRoutes } from './swap-routes.js';
import { transactionRoutes } from './tx-routes.js';

export const chainRoutes: RouteDef[] = [
  ...statusRoutes,
  ...chainStateRoutes,
  ...walletRoutes,
  ...stampsRoutes,
  ...swapRoutes,
  ...transactionRoutes,
  ...loggerRoutes,
];
