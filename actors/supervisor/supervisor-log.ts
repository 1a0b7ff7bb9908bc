/**
 * The supervisor's story for the Cockpit log tab: one line per change of state (`node started (pid 4242)`,
 * `node running: /health answered 200`, `node exited (1) during start-up: failed to build bee node: …`,
 * `restarting in 2 s (1/6 restarts in the last hour)`, `max restarts (6/6) hit`, …), and the capture
 * problems. Wire it to the log pane: `logSupervisorEvents(supervisor, (level, message) => pane.send({ type:
 * 'log.cockpit', level, message, time: cockpitTime() }))`.
 */
import type { Actor } from 'xstate';
import type { BeeLogLevel } from '../../core/log/bee-log-line.js';
import type { supervisorMachine } from '../../machines/cockpit/supervisor.machine.js';
import { selectSupervisorChip, type SupervisorSnapshotLike } from '../../machines/cockpit/supervisor.view.js';

function keyOf(snapshot: SupervisorSnapshotLike): string {
  return `${JSON.stringify(snapshot.value)}|${snapshot.context.pid ?? ''}|${snapshot.context.captureProblem?.message ?? ''}`;
}

export function supervisorLogLine(previous: SupervisorSnapshotLike | null, next: SupervisorSnapshotLike, nowMs: number): { level: BeeLogLevel; message: string } | null {
  if (previous && keyOf(previous) === keyOf(next)) return null;
  const chip = selectSupervisorChip(next, nowMs);
  const is = (path: string) => (next.matches as (p: string) => boolean)(path);
  const was = (path: string) => previous !== null && (previous.matches as (p: string) => boolean)(path);
  const capture = next.context.captureProblem?.message;
  if (capture && previous?.context.captureProblem?.message !== capture) return { level: 'warning', message: capture };
  if (!capture && previous?.context.captureProblem) return { level: 'info', message: 'node capture resumed' };
  if (is('supervising.starting') && next.context.pid !== null && previous?.context.pid !== next.context.pid) {
    return { level: 'info', message: `node started (pid ${next.context.pid}): ${next.context.settings.binPath} start --config ${next.context.settings.configPath}` };
  }
  if (is('supervising.starting.deadline.overdue') && !was('supervising.starting.deadline.overdue')) return { level: 'error', message: `node ${chip.text}: ${chip.detail}` };
  if (is('supervising.running') && !was('supervising.running')) return { level: 'info', message: `node running: /health answered 200 at ${next.context.apiUrl}` };
  if (is('supervising.stopping.draining') && !was('supervising.stopping.draining')) return { level: 'info', message: `draining before the stop: ${chip.detail}` };
  if (is('supervising.stopping.terminating') && !was('supervising.stopping.terminating')) return { level: 'info', message: `stopping the node: ${chip.detail}` };
  if (is('supervising.stopping.killing') && !was('supervising.stopping.killing')) return { level: 'warning', message: `node ${chip.detail}` };
  const tone = chip.tone === 'red' ? 'error' : 'info';
  for (const state of ['backingOff', 'exited', 'killed', 'gaveUp', 'refused', 'stoppedByOperator', 'stopped']) {
    if (is(state) && !was(state)) return { level: state.startsWith('stopped') ? 'info' : tone, message: `node ${chip.text}${chip.detail ? `: ${chip.detail}` : ''}` };
  }
  return null;
}

export function logSupervisorEvents(actor: Actor<typeof supervisorMachine>, log: (level: BeeLogLevel, message: string) => void, now: () => number = Date.now): () => void {
  let previous: SupervisorSnapshotLike | null = null;
  const onSnapshot = (snapshot: SupervisorSnapshotLike) => {
    const line = supervisorLogLine(previous, snapshot, now());
    previous = snapshot;
    if (line) log(line.level, line.message);
  };
  onSnapshot(actor.getSnapshot());
  const subscription = actor.subscribe(onSnapshot);
  return () => subscription.unsubscribe();
}
