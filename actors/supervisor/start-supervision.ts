/**
 * One call for the engine (and any mode that keeps running: terminal UI, desktop window, `--serve`,
 * `--serve-metrics`): start supervising the node, learn where its capture file is, stop it.
 *
 *   const supervision = startSupervision({ binPath, configPath, autoRestart: false });
 *   const { captureFile } = await supervision.started;   // feed it to the log pane as the supervised tier
 *   const finalStatus = await supervision.stop();          // SIGTERM, 5 s grace, SIGKILL; "node exited (0) after SIGTERM, uptime 4m 10s"
 *                                                          // (the temp capture directory is removed after a clean stop)
 *
 * The actor is an ordinary XState actor: the engine may subscribe to it, or spawn the machine itself as a
 * child with `supervisorMachine.provide({ actors: supervisorActors() })` and use `selectSupervisorChip`.
 */
import { createActor, waitFor, type Actor } from 'xstate';
import { supervisorMachine, type SupervisorInput } from '../../machines/cockpit/supervisor.machine.js';
import { supervisorActors, type SupervisorActorDeps } from './index.js';
import { disposeCapture } from './dispose-capture.js';

export interface SupervisionOptions extends SupervisorInput {
  deps?: SupervisorActorDeps;
  /** Overrides of the machine's named delays (tests shorten the back-off). */
  delays?: Partial<Record<'readinessTimeout' | 'healthPollInterval' | 'stopGrace' | 'restartBackoff' | 'drainPollInterval', number>>;
}

export interface Supervision {
  actor: Actor<typeof supervisorMachine>;
  /** Settles once the start-up check is over: the capture file and API URL, or null when refused. */
  started: Promise<{ captureFile: string | null; apiUrl: string | null; refusal: string | null }>;
  /** Stops the node as the state table says and resolves with the final status line. Idempotent. */
  stop(): Promise<string>;
}

export function startSupervision(options: SupervisionOptions): Supervision {
  const { deps, delays, ...input } = options;
  const machine = supervisorMachine.provide({ actors: supervisorActors(deps), ...(delays ? { delays } : {}) });
  const actor = createActor(machine, { input }).start();
  const started = waitFor(actor, (s) => !s.matches('checking'), { timeout: Infinity }).then((s) => ({
    captureFile: s.context.captureFile,
    apiUrl: s.context.apiUrl,
    refusal: s.context.refusal,
  }));
  let stopping: Promise<string> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      actor.send({ type: 'supervisor.stop' });
      const done = await waitFor(actor, (s) => s.status === 'done', { timeout: Infinity });
      await disposeCapture(done.context).catch(() => undefined);
      return done.output?.finalStatus ?? 'node stopped';
    })();
    return stopping;
  };
  return { actor, started, stop };
}
