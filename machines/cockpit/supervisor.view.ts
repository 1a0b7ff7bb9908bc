/**
 * Pure selectors from a supervisor snapshot to what the faces draw: the chip (exact texts of the spec's
 * state table), the capture file for the log pane, and the final status line. `nowMs` comes from the
 * caller (the engine's clock), so uptime and "restarting in" stay testable.
 *
 * Decisions where the spec is silent (also in docs/cockpit.md):
 * - an exit before /health ever answered 200 is a failed start: the chip is red whatever the code (Bee
 *   v2.8.1 exits 0 after "failed to build bee node"), and the detail quotes the node's last error line;
 * - no 200 within 60 s: `starting (no /health 200 in 60 s)` red, node left running, polling continues;
 * - a failed start-up check: `start-up check failed` red, the reason as the detail.
 */
import { backoffMs, restartsInWindow } from '../../core/cockpit/supervisor-rules.js';
import type { ChipView, Tone } from '../../core/cockpit/view/view-model.js';
import { parseBeeLogLine } from '../../core/log/bee-log-line.js';
import type { ExitRecord, SupervisorContext } from './supervisor.machine.js';
import { drainingChipText } from '../../core/cockpit/drain.js';
import type { DrainProgress } from './supervisor.contracts.js';

export type ChipTone = 'green' | 'grey' | 'amber' | 'red';

export interface SupervisorChip {
  /** Exactly the spec's chip text: `running`, `exited (0)`, `killed (sig 9)`, `max restarts (6/6) hit`, … */
  text: string;
  tone: ChipTone;
  /** One line under or beside the chip: uptime, restarts, why it stopped, what went wrong. */
  detail: string;
  pid: number | null;
  /** Milliseconds since the current process was spawned; null when no process runs. */
  uptimeMs: number | null;
  /** Restarts inside the sliding hour, and the budget; null without auto_restart. */
  restarts: { count: number; max: number } | null;
}

/** Structural view of a supervisor snapshot, so callers need not import the machine. */
export interface SupervisorSnapshotLike {
  value: unknown;
  context: SupervisorContext;
  matches(state: never): boolean;
}

export const SUPERVISOR_STATE_NAMES = ['checking', 'starting', 'overdue', 'running', 'draining', 'stopping', 'killing', 'backingOff', 'exited', 'killed', 'gaveUp', 'refused', 'stoppedByOperator', 'stopped'] as const;
export type SupervisorStateName = (typeof SUPERVISOR_STATE_NAMES)[number];

/** The one state the chip is drawn from (`/metrics` exports it as cockpit_supervised_node_state). */
export function selectSupervisorState(snapshot: SupervisorSnapshotLike): SupervisorStateName {
  return stateOf(snapshot);
}

function stateOf(snapshot: SupervisorSnapshotLike): SupervisorStateName {
  const is = (path: string) => (snapshot.matches as (p: string) => boolean)(path);
  if (is('supervising.starting')) return is('supervising.starting.deadline.overdue') ? 'overdue' : 'starting';
  if (is('supervising.running')) return 'running';
  if (is('supervising.stopping.killing')) return 'killing';
  if (is('supervising.stopping.draining')) return 'draining';
  if (is('supervising.stopping')) return 'stopping';
  for (const name of ['checking', 'backingOff', 'exited', 'killed', 'gaveUp', 'refused', 'stoppedByOperator', 'stopped'] as const) if (is(name)) return name;
  return 'checking';
}

/** `2h 03m`, `4m 05s`, `12s`. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m ${String(s).padStart(2, '0')}s`;
  return `${s}s`;
}

/** The exit as the chip names it. */
export function exitText(exit: ExitRecord): string {
  return exit.code !== null ? `exited (${exit.code})` : `killed (sig ${exit.signal ?? exit.signalName ?? '?'})`;
}

function exitTone(exit: ExitRecord): ChipTone {
  if (exit.phase === 'starting') return 'red';
  return exit.code === 0 ? 'grey' : 'red';
}

/**
 * The line that best explains an exit: the last error-level log line (its msg and error field), else the
 * last line the node wrote.
 */
export function exitReason(exit: ExitRecord): string {
  for (let i = exit.tail.length - 1; i >= 0; i--) {
    const parsed = parseBeeLogLine(exit.tail[i]!);
    if (parsed.level === 'error') {
      const error = parsed.fields.error;
      return error ? `${parsed.msg}: ${error}` : parsed.msg;
    }
  }
  return exit.tail.at(-1) ?? '';
}

const GROUP_ENDED: Readonly<Record<NonNullable<ExitRecord['groupEnded']>, string>> = {
  SIGTERM: 'the rest of its process group was ended (SIGTERM)',
  SIGKILL: 'the rest of its process group ignored SIGTERM and was killed (SIGKILL)',
  stuck: 'processes of its group are still there after SIGKILL (stuck in the kernel?); check them with ps',
};

/**
 * Why a signal ended the node, as far as the cockpit knows: its own stop sent it, or it came from outside (the
 * OOM killer, an operator's kill). The node's last words are not the reason for a kill, so they are labelled
 * as what they are rather than quoted as the cause.
 */
function killReason(exit: ExitRecord): string {
  const name = exit.signalName ?? (exit.signal !== null ? `signal ${exit.signal}` : 'a signal');
  const sender = exit.phase === 'terminating' || exit.phase === 'killing' ? `${name} from the cockpit's stop` : `${name}, not sent by the cockpit (the OOM killer or another process?)`;
  const last = exitReason(exit);
  return last ? `${sender}; its last output: ${last}` : sender;
}

function exitDetail(exit: ExitRecord): string {
  const when = exit.phase === 'starting' ? `during start-up${exit.uptimeMs !== null ? ` (after ${formatDuration(exit.uptimeMs)})` : ''}` : exit.uptimeMs !== null ? `after ${formatDuration(exit.uptimeMs)} up` : '';
  const reason = exit.code === null ? killReason(exit) : exitReason(exit);
  const group = exit.groupEnded ? GROUP_ENDED[exit.groupEnded] : '';
  return [[when, reason].filter(Boolean).join(': '), group].filter(Boolean).join(' · ');
}

function withCapture(detail: string, context: SupervisorContext): string {
  const problem = context.captureProblem;
  if (!problem) return detail;
  const kib = Math.ceil(problem.droppedBytes / 1024);
  return [detail, `${problem.message}${kib > 0 ? ` (${kib} KiB dropped)` : ''}`].filter(Boolean).join(' · ');
}

export function selectSupervisorChip(snapshot: SupervisorSnapshotLike, nowMs: number): SupervisorChip {
  const { context } = snapshot;
  const { settings } = context;
  const restarts = settings.autoRestart ? { count: restartsInWindow(context.restarts, nowMs).length, max: settings.maxRestartsPerHour } : null;
  const running = context.spawnedAtMs !== null && context.pid !== null;
  const uptimeMs = running ? Math.max(0, nowMs - (context.spawnedAtMs ?? nowMs)) : null;
  const base = { pid: context.pid, uptimeMs, restarts };
  const restartText = restarts ? `${restarts.count}/${restarts.max} restarts in the last hour` : '';
  const chip = (text: string, tone: ChipTone, detail: string): SupervisorChip => ({ text, tone, detail: withCapture(detail, context), ...base });
  const exit = context.lastExit;
  switch (stateOf(snapshot)) {
    case 'checking':
      return chip('starting', 'amber', `checking ${settings.binPath} and ${settings.configPath}`);
    case 'starting':
      return chip('starting', 'amber', [`waiting for /health at ${context.apiUrl}`, context.healthDetail, restartText].filter(Boolean).join(' · '));
    case 'overdue':
      return chip(
        `starting (no /health 200 in ${Math.round(settings.readinessTimeoutMs / 1000)} s)`,
        'red',
        [`pid ${context.pid ?? '?'} left running`, context.healthDetail, `see ${context.captureFile}`].filter(Boolean).join(' · '),
      );
    case 'running':
      return chip('running', 'green', [uptimeMs !== null ? `up ${formatDuration(uptimeMs)}` : '', restartText].filter(Boolean).join(' · '));
    case 'draining': {
      const drain = context.drain;
      const leftMs = drain ? Math.max(0, drain.sinceMs + settings.drainMs - nowMs) : settings.drainMs;
      const what = drain?.verdict?.explanation ?? 'reading /redistributionstate';
      return chip(drainingChipText(drain?.verdict ?? null), 'amber', `${what}; SIGTERM when it is safe, or in ${Math.ceil(leftMs / 1000)} s at the latest (drain_secs ${Math.round(settings.drainMs / 1000)})`);
    }
    case 'stopping': {
      const term = `SIGTERM sent to process group ${context.pid ?? '?'}; SIGKILL after ${Math.round(settings.stopGraceMs / 1000)} s`;
      const drained = drainNote(context.drain);
      const text = context.drain?.ended === 'unreadable' ? 'stopping (not drained: /redistributionstate unreadable)' : 'stopping';
      return chip(text, 'amber', [drained, term].filter(Boolean).join(' · '));
    }
    case 'killing':
      return chip('stopping', 'red', `still alive ${Math.round(settings.stopGraceMs / 1000)} s after SIGTERM: SIGKILL sent`);
    case 'backingOff': {
      const last = exit!;
      const step = backoffMs(Math.max(0, context.restarts.length - 1));
      const inMs = Math.max(0, last.atMs + step - nowMs);
      return chip(exitText(last), exitTone(last), [exitDetail(last), `restarting in ${Math.ceil(inMs / 1000)} s`, restartText].filter(Boolean).join(' · '));
    }
    case 'exited':
    case 'killed':
      return chip(exitText(exit!), exitTone(exit!), exitDetail(exit!));
    case 'gaveUp':
      return chip(`max restarts (${settings.maxRestartsPerHour}/${settings.maxRestartsPerHour}) hit`, 'red', exit ? `last: ${exitText(exit)} ${exitDetail(exit)}`.trim() : '');
    case 'refused':
      return chip('start-up check failed', 'red', context.refusal ?? '');
    case 'stoppedByOperator':
      return chip(context.lastExit ? `stopped (${exitText(context.lastExit)})` : 'stopped', 'grey', `${finalStatusOf(context)}; stopped with :stop, :start runs it again`);
    case 'stopped':
      return chip(context.lastExit ? `stopped (${exitText(context.lastExit)})` : 'stopped', 'grey', finalStatusOf(context));
  }
}

/** How the drain before this stop ended, in words; empty when none ran. */
export function drainNote(drain: DrainProgress | null): string {
  if (!drain || drain.ended === null) return '';
  const verdict = drain.verdict;
  switch (drain.ended) {
    case 'safe': {
      const waited = drain.lastAtMs - drain.sinceMs;
      return waited > 0 ? `drained ${formatDuration(waited)}: ${verdict?.explanation ?? 'safe'}` : `safe to stop at once: ${verdict?.explanation ?? ''}`;
    }
    case 'limit':
      return `drain limit reached, stopped anyway${verdict?.blocksUntilSafe != null ? ` (reveal ended in ~${verdict.blocksUntilSafe} blocks at the last read)` : ''}`;
    case 'unreadable':
      return `not drained: cannot read /redistributionstate (${drain.unreadable ?? 'no answer'})`;
    case 'skipped':
      return 'drain skipped by a second stop';
  }
}

/** The file the log pane tails while the node is supervised (tier 1 of the log sources). */
export function selectCaptureFile(snapshot: { context: SupervisorContext }): string | null {
  return snapshot.context.captureFile;
}

/**
 * Whether the capture outlives supervision: only when the node failed on its own (a red exit the cockpit did not
 * cause), since its last output explains why. A clean stop removes the capture directory; a kept one is named in
 * the final status, and removed at a later start once unused for a day (actors/cockpit/temp-dirs.ts).
 */
export function keepsCapture(context: SupervisorContext): boolean {
  const exit = context.lastExit;
  return context.captureFile !== null && exit !== null && (exit.phase === 'starting' || exit.phase === 'running') && exitTone(exit) === 'red';
}

/** The line printed when supervision ends (spec: "The final status is printed"). */
export function finalStatusOf(context: SupervisorContext): string {
  const exit = context.lastExit;
  if (!exit) return context.refusal ? `node not started: ${context.refusal}` : 'node not started';
  const after = exit.phase === 'terminating' ? ' after SIGTERM' : exit.phase === 'killing' ? ` after SIGKILL (SIGTERM was ignored for ${Math.round(context.settings.stopGraceMs / 1000)} s)` : '';
  const uptime = exit.uptimeMs === null ? '' : `, uptime ${formatDuration(exit.uptimeMs)}`;
  const stuck = context.stopProblem ? `; ${context.stopProblem}` : '';
  const kept = keepsCapture(context) ? `; its output is kept in ${context.captureFile}` : '';
  const drained = drainNote(context.drain);
  return `node ${exitText(exit)}${after}${uptime}${drained ? `; ${drained}` : ''}${stuck}${kept}`;
}

const TONES: Readonly<Record<ChipTone, Tone>> = { green: 'ok', grey: 'muted', amber: 'warn', red: 'fail' };

/**
 * The top-bar chip of the engine's view contract (core/cockpit/view): the spec's exact text, with uptime and
 * the restart count after it while running (`running · up 2h 03m · 1/6 restarts in the last hour`), and the
 * countdown while backing off. The longer explanation stays in `selectSupervisorChip(...).detail`.
 */
export function selectSupervisorChipView(snapshot: SupervisorSnapshotLike, nowMs: number): ChipView {
  const chip = selectSupervisorChip(snapshot, nowMs);
  const is = (path: string) => (snapshot.matches as (p: string) => boolean)(path);
  let text = chip.text;
  if (is('supervising.running')) text = [chip.text, chip.uptimeMs !== null ? `up ${formatDuration(chip.uptimeMs)}` : '', chip.restarts ? `${chip.restarts.count}/${chip.restarts.max} restarts` : ''].filter(Boolean).join(' · ');
  if (is('backingOff')) text = [chip.text, /restarting in \d+ s/.exec(chip.detail)?.[0] ?? '', chip.restarts ? `${chip.restarts.count}/${chip.restarts.max} restarts` : ''].filter(Boolean).join(' · ');
  return { text, tone: TONES[chip.tone] };
}

/** `backingOff` -> `backing_off`: Prometheus label values in the exposition's usual snake case. */
function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * The supervised node's state for `/metrics` (`--serve-metrics --node-bin …`), as a Prometheus state set: one
 * line per state, 1 for the one it is in, so `cockpit_supervised_node_state{state="refused"} == 1` alerts on a
 * start-up check that failed, at the first scrape after it did. Nothing without supervision.
 */
export function renderSupervisorMetrics(snapshot: SupervisorSnapshotLike | null): string {
  if (!snapshot) return '';
  const current = stateOf(snapshot);
  const lines = [
    '# HELP cockpit_supervised_node_state State of the node the cockpit runs (--node-bin): 1 for the state it is in (overdue: no /health 200 within 60 s).',
    '# TYPE cockpit_supervised_node_state gauge',
    ...SUPERVISOR_STATE_NAMES.map((name) => `cockpit_supervised_node_state{state="${snakeCase(name)}"} ${name === current ? 1 : 0}`),
  ];
  return `${lines.join('\n')}\n`;
}
