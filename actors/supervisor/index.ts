/**
 * The real side effects of supervisorMachine, for `.provide()` at the composition root:
 *   createActor(supervisorMachine.provide({ actors: supervisorActors() }), { input })
 * `clientFor` lets the engine route the /health probes through its own node client (shared call
 * statistics, the node::http log tab).
 */
import { createCheckStartup } from './check-startup.js';
import { createProbeHealth, type ClientFor } from './health-probe.js';
import { createNodeProcess, type NodeProcessDeps } from './node-process.js';
import { createReadRedistribution, type RedistributionClientFor } from './read-redistribution.js';

export interface SupervisorActorDeps extends NodeProcessDeps {
  clientFor?: ClientFor & RedistributionClientFor;
}

export function supervisorActors(deps: SupervisorActorDeps = {}) {
  return {
    checkStartup: createCheckStartup(deps.env ?? process.env),
    probeHealth: createProbeHealth(deps.clientFor),
    nodeProcess: createNodeProcess(deps),
    readRedistribution: createReadRedistribution(deps.clientFor),
  };
}

export { startSupervision, type Supervision, type SupervisionOptions } from './start-supervision.js';
export { stopOnSignals } from './stop-on-signals.js';
export { disposeCapture } from './dispose-capture.js';
export { logSupervisorEvents, supervisorLogLine } from './supervisor-log.js';
export type * from '../../machines/cockpit/supervisor.contracts.js';
