#!/usr/bin/env node
/**
 * Entry point of `devnet`: starts the simulated swarm, prints where it listens, stops cleanly on SIGINT/SIGTERM.
 * `devnet start --config <yaml>` runs one node with Bee's own command line instead (devnet/start-command.ts).
 */
import { CommanderError } from 'commander';
import { mkdir } from 'node:fs/promises';
import { parseDevnetArgs, UsageError } from './cli-options.js';
import type { StartedDevnet } from './devnet.js';
import { showControlCharacters, terminalSafeOutput } from '../core/terminal/visible-text.js';

// The simulated swarm is imported once the arguments are valid: `devnet --help` and usage errors start fast.

function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    const onSignal = (): void => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'start') {
    const { runStartCommand } = await import('./start-command.js');
    return runStartCommand(argv.slice(1), {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      stopRequested: stopSignal(),
    });
  }
  let options;
  try {
    options = parseDevnetArgs(argv, '0.1.0');
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode === 0) return 0;
    if (error instanceof UsageError) {
      process.stderr.write(`devnet: ${showControlCharacters(error.message)}\n(run devnet --help for usage)\n`);
      return 1;
    }
    throw error;
  }
  if (options.devnet.logDir !== undefined) await mkdir(options.devnet.logDir, { recursive: true });
  const [{ startDevnet }, { describeDevnet }] = await Promise.all([import('./devnet.js'), import('./describe.js')]);
  let devnet: StartedDevnet;
  try {
    devnet = await startDevnet(options.devnet);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const hint = code === 'EADDRINUSE' ? ' (a port is in use: pick another --port, or --port 0 for free ports)' : '';
    process.stderr.write(`devnet: could not start: ${showControlCharacters(error instanceof Error ? error.message : String(error))}${hint}\n`);
    return 1;
  }
  const keptLogs = options.devnet.logDir !== undefined || options.devnet.keepLogs === true;
  // Listen for Ctrl-C before announcing readiness: a script that stops the devnet as soon as it reads the
  // line must still get a clean stop (logs closed, temp directory removed).
  const stopRequested = stopSignal();
  process.stdout.write(options.json ? `${JSON.stringify(describeDevnet(devnet))}\n` : terminalSafeOutput(humanSummary(devnet, keptLogs)));
  await stopRequested;
  await devnet.stop();
  if (!options.json) process.stdout.write(keptLogs ? `devnet stopped; logs kept in ${showControlCharacters(devnet.logDir)}\n` : 'devnet stopped\n');
  return 0;
}

function humanSummary(devnet: StartedDevnet, keptLogs: boolean): string {
  const lines = ['devnet running (Ctrl-C stops it)'];
  for (const node of devnet.nodes) lines.push(`  node ${node.index}  ${node.url}  overlay ${node.overlay}  batch ${node.batchId ?? '-'}`);
  for (const [i, gateway] of devnet.gateways.entries()) lines.push(`  gateway ${i}  ${gateway.url}`);
  lines.push(`  logs     ${devnet.logDir}${keptLogs ? '' : '  (removed on exit; --keep-logs keeps them)'}`);
  lines.push(`  control  ${devnet.nodes[0]?.url ?? ''}/_devnet  (PATCH /_devnet/nodes/{i}/faults, POST /_devnet/flush-pushes, ...)`);
  return `${lines.join('\n')}\n`;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`devnet: internal error: ${showControlCharacters(error instanceof Error ? error.message : String(error))}\n`);
    process.exitCode = 1;
  },
);
