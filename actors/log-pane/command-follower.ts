/**
 * The `followCommand` actor: one run of a log command (`--node-log-cmd`, `log_command`, or the follow
 * command discovery chose) through `sh -c`, as the spec says: stdout is the node's log; stderr goes to
 * the Cockpit tab (so `ssh: connect to host … refused` is visible), never into the node tabs.
 *
 * The command leads its own process group, so stopping it also stops what it started (the `tail -F` under
 * a `ssh`, a pipeline), and a lifeline watchdog ends that group if the cockpit is killed. When the command
 * exits the actor reports how long it ran and how much it said; the machine decides when to run it again.
 */
import { spawn } from 'node:child_process';
import { fromCallback, type EventObject } from 'xstate';
import { LineSplitter } from '../../core/log/line-splitter.js';
import { startLifeline } from '../supervisor/lifeline.js';
import type { FollowCommandInput, LogFollowerEvent } from '../../machines/cockpit/log-pane.contracts.js';
import { cockpitTime } from './cockpit-time.js';

/** Grace between SIGTERM and SIGKILL for a log command's group (cleanup and the lifeline). */
const COMMAND_STOP_GRACE_MS = 2_000;

export interface FollowCommandDeps {
  now?: () => number;
  env?: NodeJS.ProcessEnv;
}

function signalGroup(pgid: number | undefined, signal: NodeJS.Signals): void {
  if (pgid === undefined) return;
  try {
    process.kill(-pgid, signal);
  } catch {
    // gone already
  }
}

export function createFollowCommand(deps: FollowCommandDeps = {}) {
  const now = deps.now ?? Date.now;
  return fromCallback<EventObject, FollowCommandInput, LogFollowerEvent>(({ input, sendBack }) => {
    const startedAt = now();
    const child = spawn('sh', ['-c', input.command], { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: deps.env ?? process.env });
    const pgid = child.pid;
    const lifeline = pgid !== undefined ? startLifeline(pgid, COMMAND_STOP_GRACE_MS) : undefined;
    const out = new LineSplitter();
    const err = new LineSplitter();
    let lines = 0;
    let lastStderr = '';
    let exited = false;
    let killTimer: NodeJS.Timeout | undefined;
    sendBack({ type: 'follower.status', status: 'following', detail: `running: ${input.command}` });
    child.stdout?.on('data', (chunk: Buffer) => {
      const got = out.push(chunk);
      lines += got.length;
      if (got.length) input.sink.ingestNodeLines(got);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      for (const { text } of err.push(chunk)) {
        if (!text.trim()) continue;
        lastStderr = text;
        input.sink.addCockpitEvent('warning', `log command stderr: ${text}`, cockpitTime(), 'cockpit::log-command');
      }
    });
    child.once('error', (error) => {
      // sh itself could not start (no /bin/sh): report as an exit so the machine backs off and says why.
      if (exited) return;
      exited = true;
      lifeline?.release();
      sendBack({ type: 'command.exited', code: null, signalName: null, ranMs: now() - startedAt, lines, lastStderr: `cannot run sh: ${error.message}` });
    });
    child.once('close', (code, signal) => {
      if (exited) return;
      exited = true;
      clearTimeout(killTimer);
      lifeline?.release();
      const tail = out.flush();
      lines += tail.length;
      if (tail.length) input.sink.ingestNodeLines(tail);
      const errTail = err.flush().map((l) => l.text).filter((t) => t.trim());
      if (errTail.length) lastStderr = errTail[errTail.length - 1]!;
      sendBack({ type: 'command.exited', code, signalName: signal, ranMs: now() - startedAt, lines, lastStderr });
    });
    return () => {
      if (exited) return;
      exited = true;
      signalGroup(pgid, 'SIGTERM');
      // A command that ignores SIGTERM is killed; the timer must not keep the cockpit alive on its own.
      killTimer = setTimeout(() => signalGroup(pgid, 'SIGKILL'), COMMAND_STOP_GRACE_MS);
      killTimer.unref();
      child.once('close', () => {
        clearTimeout(killTimer);
        lifeline?.release();
      });
    };
  });
}
