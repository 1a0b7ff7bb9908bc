/**
 * The contracts between the supervisor machine and the actors that run the node for it. The machine
 * owns them (actors/supervisor/ implements them) and imports them as types only, so it stays free of I/O.
 *
 * Expected outcomes come back as values: a start-up check that refuses (`{ ok: false, reason }`), a
 * /health probe that is not 200 (`{ healthy: false, detail }`); actors throw only for the unexpected.
 */
import type { ExitRecord, SupervisorSettings } from '../../core/cockpit/supervisor-rules.js';
import type { DrainVerdict, RedistributionReading } from '../../core/cockpit/drain.js';

/** Check before the first spawn (and before each manual start). */
export interface StartupCheckInput {
  binPath: string;
  configPath: string;
  /** Directory for the capture file; default a fresh directory under the OS temp dir. */
  captureDir?: string;
  /** The capture file of an earlier run (a `:start` after `:stop`): kept, so the log pane goes on following it. */
  captureFile?: string;
}

export type StartupCheck =
  | {
      ok: true;
      /** Where /health is polled: the YAML's api-addr (or BEE_API_ADDR, as Bee's viper reads it). */
      apiUrl: string;
      /** The rotating capture file the node's stdout and stderr go to; the log pane tails it. */
      captureFile: string;
      /** Absolute paths, so the node is started the same way whatever the cockpit's cwd later is. */
      binPath: string;
      configPath: string;
    }
  | { ok: false; reason: string };

export interface HealthProbeInput {
  apiUrl: string;
}

export type HealthProbe = { healthy: true; version: string } | { healthy: false; detail: string };

export interface RedistributionReadInput {
  apiUrl: string;
}

/** One GET /redistributionstate while draining; a node that cannot answer it is a value with why. */
export type RedistributionRead = { ok: true; reading: RedistributionReading; atMs: number } | { ok: false; detail: string; atMs: number };

/** How a drain ended: the phase made stopping safe, the drain_secs limit passed, the state could not be read, a second stop skipped it. */
export type DrainEnd = 'safe' | 'limit' | 'unreadable' | 'skipped';

/** The drain before a stop (`[store.supervisor] drain_secs` > 0): what the last read of /redistributionstate said. */
export interface DrainProgress {
  /** When the first read answered (the drain's clock starts there; the machine reads no clock). */
  sinceMs: number;
  lastAtMs: number;
  verdict: DrainVerdict | null;
  /** Why /redistributionstate could not be read. */
  unreadable: string | null;
  ended: DrainEnd | null;
}

export interface NodeProcessInput {
  binPath: string;
  configPath: string;
  captureFile: string;
  rotateBytes: number;
  keepFiles: number;
  /** The lifeline waits this long between SIGTERM and SIGKILL if the cockpit dies. */
  stopGraceMs: number;
}

/** Sent to the node process actor: signal the whole process group. */
export type NodeProcessSignal = { type: 'process.signal'; signal: 'SIGTERM' | 'SIGKILL' };

/** Sent by the node process actor to the supervisor. */
export type NodeProcessEvent =
  | { type: 'process.spawned'; pid: number; atMs: number }
  | {
      type: 'process.exited';
      /** Exit code, or null when a signal ended it. */
      code: number | null;
      /** Signal number (`kill -l`), or null. */
      signal: number | null;
      signalName: string | null;
      atMs: number;
      /** The last lines the node wrote (stdout and stderr), oldest first, to explain an early exit. */
      tail: string[];
      /**
       * Processes of the node's group outlived the leader and were ended: by SIGTERM, by SIGKILL after the
       * grace, or `stuck` (still there after SIGKILL). Absent when the leader was the last of its group.
       */
      groupEnded?: 'SIGTERM' | 'SIGKILL' | 'stuck';
    }
  | { type: 'process.failed'; message: string }
  | { type: 'capture.status'; ok: true }
  | { type: 'capture.status'; ok: false; message: string; droppedBytes: number };

/** The supervisor machine's context and events (supervisor.machine.ts). */
export interface SupervisorContext {
  settings: SupervisorSettings;
  /** From the start-up check. */
  apiUrl: string | null;
  captureFile: string | null;
  pid: number | null;
  spawnedAtMs: number | null;
  /** Times of the respawns inside the sliding hour, oldest first. */
  restarts: number[];
  lastExit: ExitRecord | null;
  /** Why the node was not started (check refused, binary could not run). */
  refusal: string | null;
  /** The last not-ready answer of /health while starting. */
  healthDetail: string | null;
  /** The capture file is failing (disk full, …); the node keeps running. */
  captureProblem: { message: string; droppedBytes: number } | null;
  /** Set when even SIGKILL did not end the group within the grace (a process stuck in the kernel). */
  stopProblem: string | null;
  /** The drain of the current stop; null when none ran (drain_secs 0, or the node was not running). */
  drain: DrainProgress | null;
  /** Who asked for the current stop: the operator (`:stop`, supervision goes on) or the cockpit ending (final). */
  stopBy: StopBy | null;
}

/** `operator`: `:stop`, the node rests in `stoppedByOperator` and `:start` runs it again; `shutdown`: supervision ends. */
export type StopBy = 'operator' | 'shutdown';

export type SupervisorEvent =
  /** `by` absent is the cockpit ending (window closed, SIGTERM, `:quit`): the same as `shutdown`. */
  | { type: 'supervisor.stop'; by?: StopBy }
  | { type: 'supervisor.start' }
  | { type: 'supervisor.autoRestart'; enabled: boolean }
  | NodeProcessEvent;

export type ProcessExited = Extract<NodeProcessEvent, { type: 'process.exited' }>;
