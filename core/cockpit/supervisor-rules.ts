/**
 * The supervisor's rules and limits (2-cockpit.md §3 and §8), pure: the settings a supervision runs with,
 * the sliding-hour restart window and the back-off. machines/cockpit/supervisor.machine.ts charts them.
 */

export const READINESS_TIMEOUT_MS = 60_000;
export const STOP_GRACE_MS = 5_000;
export const HEALTH_POLL_MS = 1_000;
/** How often /redistributionstate is read while draining (Bee itself reads the chain's block every 5 blocks). */
export const DRAIN_POLL_MS = 5_000;
export const DEFAULT_MAX_RESTARTS_PER_HOUR = 6;
export const RESTART_WINDOW_MS = 3_600_000;
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;
const MIB = 1024 * 1024;

export interface SupervisorInput {
  binPath: string;
  configPath: string;
  /** `[store.supervisor] auto_restart` (terminal sibling); the desktop always passes false. */
  autoRestart: boolean;
  /** `[store.supervisor] max_restarts_per_hour`, default 6. */
  maxRestartsPerHour?: number;
  /** `[store.logs] rotate_size_mb` (64) and `keep_files` (5). */
  rotateSizeMb?: number;
  keepFiles?: number;
  /** Capture directory; default a fresh one under the OS temp dir. */
  captureDir?: string;
  readinessTimeoutMs?: number;
  stopGraceMs?: number;
  healthPollMs?: number;
  /** `[store.supervisor] drain_secs`: how long a stop waits for a commit/reveal the node plays (default 0: no wait). */
  drainSecs?: number;
  drainPollMs?: number;
}

export type ExitPhase = 'starting' | 'running' | 'terminating' | 'killing';

export interface ExitRecord {
  code: number | null;
  signal: number | null;
  signalName: string | null;
  atMs: number;
  /** Time since the spawn; null if the spawn was never seen. */
  uptimeMs: number | null;
  phase: ExitPhase;
  tail: string[];
  /** What outlived the leader in its process group, and how it was ended (null: nothing did). */
  groupEnded: 'SIGTERM' | 'SIGKILL' | 'stuck' | null;
}

export interface SupervisorSettings {
  binPath: string;
  configPath: string;
  captureDir?: string;
  autoRestart: boolean;
  maxRestartsPerHour: number;
  rotateBytes: number;
  keepFiles: number;
  readinessTimeoutMs: number;
  stopGraceMs: number;
  healthPollMs: number;
  drainMs: number;
  drainPollMs: number;
}

export function settingsFrom(input: SupervisorInput): SupervisorSettings {
  return {
    binPath: input.binPath,
    configPath: input.configPath,
    ...(input.captureDir !== undefined ? { captureDir: input.captureDir } : {}),
    autoRestart: input.autoRestart,
    maxRestartsPerHour: input.maxRestartsPerHour ?? DEFAULT_MAX_RESTARTS_PER_HOUR,
    rotateBytes: (input.rotateSizeMb ?? 64) * MIB,
    keepFiles: input.keepFiles ?? 5,
    readinessTimeoutMs: input.readinessTimeoutMs ?? READINESS_TIMEOUT_MS,
    stopGraceMs: input.stopGraceMs ?? STOP_GRACE_MS,
    healthPollMs: input.healthPollMs ?? HEALTH_POLL_MS,
    drainMs: (input.drainSecs ?? 0) * 1000,
    drainPollMs: input.drainPollMs ?? DRAIN_POLL_MS,
  };
}

/** Restarts inside the hour before `atMs`. */
export function restartsInWindow(restarts: readonly number[], atMs: number): number[] {
  return restarts.filter((t) => t > atMs - RESTART_WINDOW_MS);
}

/** 1 s, 2 s, 4 s, … doubling with each restart already in the window, capped at 30 s. */
export function backoffMs(restartsBefore: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(restartsBefore, 10));
}
