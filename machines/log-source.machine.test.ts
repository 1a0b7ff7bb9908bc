import { describe, expect, it } from 'vitest';
import { actorDone, actorFailed, describeMachineModel } from '../test/model-based.js';
import type { ListenerLookup, LogFileCheck, StdoutClass } from './log-source.contracts.js';
import { EMPTY_FILE_CHECKS, followCommandFor, logSourceMachine, loopbackPort, selectLogSource, type LogSourceInput } from './log-source.machine.js';

const local = 'http://127.0.0.1:1633';
const supervised: LogSourceInput = { nodeUrl: local, platform: 'linux', supervisedCaptureFile: '/var/lib/cockpit/node-1.log', cli: { logCommand: 'cli-cmd' }, config: { logFile: '/etc-file' } };
const switchTo = (input: LogSourceInput) => ({ type: 'node.switched' as const, input });

/** Independent oracle for the tier rules of the spec, to check the machine's choice against. */
function expectedTier(inputs: LogSourceInput) {
  if (inputs.supervisedCaptureFile) return { kind: 'file', path: inputs.supervisedCaptureFile, origin: 'supervised' } as const;
  for (const origin of ['cli', 'config'] as const) {
    const choice = inputs[origin];
    if (choice?.logCommand) return { kind: 'command', command: choice.logCommand, origin } as const;
    if (choice?.logFile) return { kind: 'file', path: choice.logFile, origin } as const;
  }
  return { kind: 'discover' } as const;
}

const found: ListenerLookup = { found: true, pid: 4242, processName: 'bee' };
const stdoutFixtures: Record<string, StdoutClass> = {
  file: { kind: 'regularFile', path: '/srv/bee/stdout.log' },
  docker: { kind: 'containerPipe', runtime: 'docker', containerId: '0123456789abcdef0123' },
  systemd: { kind: 'servicePipe', unit: 'bee.service', scope: 'system' },
  tty: { kind: 'uncapturable', what: 'tty', detail: 'its stdout is the terminal /dev/pts/3' },
  notBee: { kind: 'notBeeLog', path: '/tmp/devnet.out', why: 'its one line is not a Bee log line' },
  empty: { kind: 'notBeeLog', path: '/srv/bee/new.out', why: 'it is empty: nothing in it reads as Bee’s log yet', empty: true },
};
const discoveredCommands = [followCommandFor(stdoutFixtures.docker as never), followCommandFor(stdoutFixtures.systemd as never)];
const fileChecks: Record<string, LogFileCheck> = {
  present: { status: 'regularFile', sizeBytes: 10 },
  missing: { status: 'missing' },
  directory: { status: 'notRegularFile', what: 'directory' },
  unreadable: { status: 'unreadable', code: 'EACCES' },
};

describeMachineModel(logSourceMachine, {
  input: supervised,
  events: {
    'node.switched': {
      cliCommand: switchTo({ nodeUrl: local, platform: 'linux', cli: { logCommand: 'ssh n1 journalctl -fu bee', logFile: '/x' }, config: { logCommand: 'cfg' } }),
      cliFile: switchTo({ nodeUrl: local, platform: 'linux', cli: { logFile: '/var/log/bee.log' }, config: { logCommand: 'cfg' } }),
      configCommand: switchTo({ nodeUrl: local, platform: 'linux', config: { logCommand: 'tail -F /b.log', logFile: '/b.log' } }),
      configFile: switchTo({ nodeUrl: local, platform: 'linux', config: { logFile: '/b.log' } }),
      discover: switchTo({ nodeUrl: local, platform: 'linux' }),
      offLinux: switchTo({ nodeUrl: local, platform: 'darwin' }),
      remote: switchTo({ nodeUrl: 'https://node.example:1633', platform: 'linux' }),
    },
    'xstate.done.actor.inspectLogFile': Object.fromEntries(Object.entries(fileChecks).map(([k, v]) => [k, actorDone('inspectLogFile', v)])),
    'xstate.error.actor.inspectLogFile': { eio: actorFailed('inspectLogFile', 'EIO') },
    'xstate.done.actor.findListener': {
      found: actorDone('findListener', found),
      nobody: actorDone('findListener', { found: false, reason: 'nothing listens on port 1633' }),
    },
    'xstate.error.actor.findListener': { procGone: actorFailed('findListener', 'no /proc') },
    'xstate.done.actor.classifyStdout': Object.fromEntries(Object.entries(stdoutFixtures).map(([k, v]) => [k, actorDone('classifyStdout', v)])),
    'xstate.error.actor.classifyStdout': { vanished: actorFailed('classifyStdout', 'process exited') },
  },
  states: {
    checkingFile: (s, probe) => {
      const tier = expectedTier(s.context.inputs);
      expect(tier.kind).toBe('file');
      expect(probe.inputOf('inspectLogFile')).toEqual({ path: tier.kind === 'file' ? tier.path : '' });
      expect(selectLogSource(s)).toBeUndefined();
    },
    'discovering.findingListener': (s, probe) => {
      expect(expectedTier(s.context.inputs).kind).toBe('discover');
      expect(probe.inputOf('findListener')).toEqual({ port: 1633 });
    },
    'discovering.classifyingStdout': (s, probe) => {
      expect(probe.inputOf('classifyStdout')).toEqual({ pid: 4242, processName: 'bee' });
    },
    waitingForFirstLine: (s, probe) => {
      // An empty stdout file is not refused at once: nothing runs while the machine waits to look again.
      expect(s.context.emptyStdoutFile).toBe('/srv/bee/new.out');
      expect(s.context.emptyFileChecks).toBeGreaterThan(0);
      expect(s.context.emptyFileChecks).toBeLessThanOrEqual(EMPTY_FILE_CHECKS);
      expect(probe.running()).toEqual([]);
      expect(selectLogSource(s)).toBeUndefined();
    },
    resolved: (s, probe) => {
      const source = selectLogSource(s);
      const tier = expectedTier(s.context.inputs);
      expect(probe.running()).toEqual([]);
      if (tier.kind === 'command') expect(source).toMatchObject({ kind: 'command', command: tier.command, origin: tier.origin });
      if (tier.kind === 'file') expect(source).toMatchObject({ kind: 'file', path: tier.path, origin: tier.origin });
      if (tier.kind === 'discover') {
        expect(source?.origin).toBe('discovered');
        if (source?.kind === 'file') expect(source.path).toBe('/srv/bee/stdout.log');
        if (source?.kind === 'command') expect(discoveredCommands).toContain(source.command);
        expect(source?.reason).toContain('process 4242 (bee)');
      }
    },
    unavailable: (s, probe) => {
      const source = selectLogSource(s);
      expect(probe.running()).toEqual([]);
      expect(source).toMatchObject({ kind: 'none', origin: 'none' });
      expect(source?.reason.length).toBeGreaterThan(10);
      if (s.context.inputs.platform !== 'linux') expect(source?.reason).toContain('darwin');
      if (s.context.inputs.nodeUrl !== local) expect(source?.reason).toContain('node.example');
      // A stdout file that is not Bee's log is named with why, and how to follow it anyway.
      if (source?.reason.includes('/srv/bee/new.out')) {
        expect(s.context.emptyFileChecks).toBe(EMPTY_FILE_CHECKS);
        expect(source.reason).toBe(
          "process 4242 (bee) writes its stdout to /srv/bee/new.out, which was still empty after 3 s, so it cannot be told to be Bee's log; not followed: set --node-log /srv/bee/new.out to follow it anyway",
        );
      }
      if (source?.reason.includes('/tmp/devnet.out')) {
        expect(source.reason).toBe(
          "process 4242 (bee) writes its stdout to /tmp/devnet.out, which does not read as Bee's log (its one line is not a Bee log line); not followed: set --node-log /tmp/devnet.out to follow it anyway",
        );
      }
    },
  },
});

describe('logSourceMachine helpers', () => {
  it('treats only loopback URLs as local, with the default port per scheme', () => {
    expect(loopbackPort('http://127.0.0.1:1633')).toBe(1633);
    expect(loopbackPort('http://localhost')).toBe(80);
    expect(loopbackPort('https://[::1]/')).toBe(443);
    expect(loopbackPort('http://127.8.9.10:9')).toBe(9);
    expect(loopbackPort('http://10.0.0.1:1633')).toBeUndefined();
    expect(loopbackPort('http://localhost.evil.example:1633')).toBeUndefined();
    expect(loopbackPort('not a url')).toBeUndefined();
  });

  it('builds follow commands that capture stderr and quote odd unit names', () => {
    expect(followCommandFor({ kind: 'containerPipe', runtime: 'podman', containerId: 'abc123' })).toBe('podman logs --follow --tail 0 abc123 2>&1');
    expect(followCommandFor({ kind: 'servicePipe', unit: 'bee.service', scope: 'user' })).toBe('journalctl --user --follow --lines 0 --unit bee.service');
    expect(followCommandFor({ kind: 'servicePipe', unit: "we'ird unit", scope: 'system' })).toBe(`journalctl --follow --lines 0 --unit 'we'\\''ird unit'`);
  });
});
