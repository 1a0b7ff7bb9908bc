/**
 * The contracts between the log-source machine and the actors that look at the host for it. The
 * machine owns them and imports them as types only, so it stays free of I/O; the implementations in
 * actors/log-source/ read the file system and /proc.
 *
 * Expected outcomes ("no such file", "nobody listens on that port", "stdout is a terminal") are
 * values of these types; an actor throws only for the unexpected (an unreadable /proc, say).
 */

/** Ask what sits at a log file path the operator (or the supervisor) named. */
export interface LogFileQuery {
  path: string;
}

/** What the file check found. A missing file is usable: the tailer waits for it to appear. */
export type LogFileCheck =
  | { status: 'regularFile'; sizeBytes: number }
  | { status: 'missing' }
  | { status: 'notRegularFile'; what: string }
  | { status: 'unreadable'; code: string };

/** Ask which local process listens on a TCP port. */
export interface ListenerQuery {
  port: number;
}

export type ListenerLookup =
  | { found: true; pid: number; processName: string }
  | { found: false; reason: string };

/** Ask where a process's standard output (fd 1) goes. */
export interface StdoutQuery {
  pid: number;
  processName: string;
}

export type ContainerRuntime = 'docker' | 'podman';

/**
 * Where the node's stdout goes, as far as the log pane is concerned. A regular file is one that reads as Bee's
 * log (core/log/bee-log-sniff.ts); a file that does not (a devnet's JSON line, another program's output) is
 * `notBeeLog`, with why; an empty one may be a node that has not written its first line yet.
 */
export type StdoutClass =
  | { kind: 'regularFile'; path: string }
  /** `empty`: the file has no complete line yet, so discovery asks again within its time limit. */
  | { kind: 'notBeeLog'; path: string; why: string; empty?: true }
  | { kind: 'containerPipe'; runtime: ContainerRuntime; containerId: string }
  | { kind: 'servicePipe'; unit: string; scope: 'system' | 'user' }
  | { kind: 'uncapturable'; what: 'tty' | 'null' | 'opaquePipe' | 'portForwarder' | 'other'; detail: string };
