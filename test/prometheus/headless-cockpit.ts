/** A headless `cockpit --serve-metrics` over the given node URLs (nodes named by URL), its data in `dir`. */
import { join } from 'node:path';
import { serveMetrics, type ServingMetrics } from '../../surfaces/cli/cockpit/serve-metrics.js';

export function startHeadlessCockpit(urls: readonly string[], dir: string, fleetPollIntervalMs = 500): Promise<ServingMetrics> {
  return serveMetrics({
    listen: { host: '127.0.0.1', port: 0 },
    launch: { urls },
    env: { COCKPIT_DATA: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') },
    homedir: dir,
    version: 'test',
    fleetPollIntervalMs,
  });
}
