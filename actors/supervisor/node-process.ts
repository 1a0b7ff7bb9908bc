/**
 * The `nodeProcess` actor of the supervisor: one run of the node binary as `<bin> start --config <yaml>`,
 * the leader of its own process group (`detached`), stdout and stderr captured into the rotating capture
 * file, a lifeline watchdog beside it (lifeline.ts) so the group dies with the cockpit.
 *
 * Sends to the supervisor: `process.spawned`, `process.exited` (code or signal, with the last lines of
 * output that explain an early exit), `process.failed` (the binary could not be executed at all) and
 * `capture.status` (the capture file stopped or resumed working).
 * Receives `process.signal` (SIGTERM, SIGKILL), delivered to the whole process group while it has members.
 *
 * The node is its whole group: when the leader exits, what is left of the group is ended (process-group.ts:
 * SIGTERM, the grace, SIGKILL) before `process.exited` goes out with the leader's code or signal and how the
 * rest ended (`groupEnded`); the lifeline covers the group until it is empty. Once the node is reported gone,
 * its pipes are closed even if a process that left the group (setsid) still holds them, so nothing it holds
 * keeps the cockpit from exiting.
 * Cleanup (the supervisor left the state that runs the node without seeing it exit, e.g. the engine was
 * torn down): SIGKILL to the group; the lifeline is released once the group is empty.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { fromCallback } from 'xstate';
import type { NodeProcessEvent, NodeProcessInput, NodeProcessSignal } from '../../machines/cockpit/supervisor.contracts.js';
import { startLifeline, type Lifeline } from './lifeline.js';
import { RotatingCapture } from './rotating-capture.js';
import { OutputTail } from './output-tail.js';
import { endRestOfGroup, signalGroup, untilGroupGone } from './process-group.js';

export interface NodeProcessDeps {
  spawn?: typeof spawn;
  now?: () => number;
  env?: NodeJS.ProcessEnv;
}

/** The signal's number as `kill -l` shows it (Linux numbering for the names Node reports). */
export function signalNumber(name: NodeJS.Signals): number | null {
  return (constants.signals as Record<string, number | undefined>)[name] ?? null;
}

function spawnFailure(error: NodeJS.ErrnoException, bin: string): string {
  if (error.code === 'ENOENT') return `${bin} was not found`;
  if (error.code === 'EACCES') return `${bin} is not executable (permission denied)`;
  if (error.code === 'ENOEXEC') return `${bin} is not a program this system can run`;
  return `could not start ${bin}: ${error.message}`;
}

export function createNodeProcess(deps: NodeProcessDeps = {}) {
  const spawnImpl = deps.spawn ?? spawn;
  const now = deps.now ?? Date.now;
  return fromCallback<NodeProcessSignal, NodeProcessInput, NodeProcessEvent>(({ input, sendBack, receive }) => {
    const capture = new RotatingCapture(
      { path: input.captureFile, rotateBytes: input.rotateBytes, keepFiles: input.keepFiles },
      (status) => sendBack({ type: 'capture.status', ...status }),
    );
    const tail = new OutputTail();
    let lifeline: Lifeline | undefined;
    let exited = false;
    let child: ChildProcess;
    try {
      child = spawnImpl(input.binPath, ['start', '--config', input.configPath], {
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: deps.env ?? process.env,
      });
    } catch (error) {
      // spawn throws synchronously only for bad arguments (e.g. a NUL byte in the path).
      queueMicrotask(() => sendBack({ type: 'process.failed', message: spawnFailure(error as NodeJS.ErrnoException, input.binPath) }));
      return () => capture.close();
    }
    const pgid = child.pid;
    if (pgid !== undefined) lifeline = startLifeline(pgid, input.stopGraceMs);
    /** Set once the whole group is gone (or given up on): no more signals to its id, whose number may be reused. */
    let groupDone = false;
    let cleanedUp = false;
    const onOutput = (chunk: Buffer) => {
      capture.write(chunk);
      tail.push(chunk);
    };
    const closePipes = () => {
      child.stdout?.destroy();
      child.stderr?.destroy();
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', onOutput);
    child.once('spawn', () => sendBack({ type: 'process.spawned', pid: child.pid ?? -1, atMs: now() }));
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (exited) return;
      exited = true;
      groupDone = true;
      lifeline?.release();
      sendBack({ type: 'process.failed', message: spawnFailure(error, input.binPath) });
    });
    child.once('exit', (code, signal) => {
      if (exited) return;
      exited = true;
      const atMs = now();
      const pipesClosed = new Promise<void>((resolve) => child.once('close', () => resolve()));
      void (async () => {
        const ending = pgid === undefined ? 'none' : await endRestOfGroup(pgid, input.stopGraceMs, () => cleanedUp);
        groupDone = true;
        if (cleanedUp) return;
        lifeline?.release();
        // Output written just before the exit may still sit in the pipes: report once they are drained
        // ('close'), or shortly after if a process that left the group keeps them open (then they are closed).
        await Promise.race([pipesClosed, new Promise((resolve) => setTimeout(resolve, 250))]);
        closePipes();
        if (cleanedUp) return;
        sendBack({
          type: 'process.exited',
          code,
          signal: signal ? signalNumber(signal) : null,
          signalName: signal ?? null,
          atMs,
          tail: tail.lines(),
          ...(ending === 'none' ? {} : { groupEnded: ending }),
        });
      })();
    });
    receive((event) => {
      if (event.type === 'process.signal' && !groupDone && pgid !== undefined) signalGroup(pgid, event.signal);
    });
    return () => {
      cleanedUp = true;
      child.stdout?.off('data', onOutput);
      child.stderr?.off('data', onOutput);
      closePipes();
      capture.close();
      if (groupDone || pgid === undefined) {
        lifeline?.release();
        return;
      }
      signalGroup(pgid, 'SIGKILL');
      // The lifeline stays until the group is empty (its number is then free for reuse, and must not be signalled).
      void untilGroupGone(pgid, input.stopGraceMs).then(() => lifeline?.release());
    };
  });
}
