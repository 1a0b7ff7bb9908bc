#!/usr/bin/env node
/**
 * `bee-cluster --nodes N`: starts Anvil and N real Bee full nodes on loopback, prints ONE JSON line
 * {nodes:[{url, overlay}], batchId, anvilUrl} on stdout, and runs until SIGINT/SIGTERM (or "stop" on
 * stdin), then tears every process group down. Progress and errors go to stderr.
 */
import { showControlCharacters } from '../core/terminal/visible-text.js';
import { Command, InvalidArgumentError } from 'commander';
import { startBeeCluster, type BeeCluster } from './cluster.js';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive integer');
  return n;
}

async function main(argv: string[]): Promise<number> {
  const program = new Command('bee-cluster')
    .description('Run real Bee nodes on 127.0.0.1 against a local Anvil chain')
    .option('--nodes <n>', 'number of full nodes', positiveInt, 3)
    .option('--depth <d>', 'postage batch depth (>= 17)', positiveInt, 20)
    .option('--keep', 'keep the work directory (data dirs, logs) after stopping', false)
    .option('--verbosity <level>', 'bee log verbosity (logs are in the work directory)', 'info')
    .parse(argv);
  const opts = program.opts<{ nodes: number; depth: number; keep: boolean; verbosity: string }>();

  // Lines quote Bee's own output: shown, never obeyed by the terminal.
  const log = (line: string): void => {
    process.stderr.write(`bee-cluster: ${showControlCharacters(line)}\n`);
  };
  let cluster: BeeCluster | undefined;
  let stopping: Promise<void> | undefined;
  const startup = new AbortController();
  const stop = () => {
    startup.abort(new Error('stop requested during startup'));
    // Before the cluster exists, the abort makes startBeeCluster tear down what it started.
    return (stopping ??= cluster ? cluster.stop().then(() => log('stopped')) : Promise.resolve());
  };
  const done = new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stop().then(resolve));
    process.stdin.on('data', (d: Buffer) => {
      if (d.toString().trim() === 'stop') void stop().then(resolve);
    });
    process.stdin.on('end', () => {}); // a closed stdin is not a stop request: the bin may run detached
  });

  try {
    cluster = await startBeeCluster({ nodes: opts.nodes, batchDepth: opts.depth, keepWorkDir: opts.keep, verbosity: opts.verbosity, log, signal: startup.signal });
  } catch (err) {
    log(startup.signal.aborted ? 'aborted during startup; every started process is stopped' : `failed: ${(err as Error).message}`);
    return startup.signal.aborted ? 130 : 1;
  }
  const { nodes, batchId, anvilUrl } = cluster;
  process.stdout.write(JSON.stringify({ nodes, batchId, anvilUrl }) + '\n');
  log(`running; work dir ${cluster.workDir}; Ctrl-C or "stop" to tear down`);
  await done;
  return 0;
}

main(process.argv).then((code) => {
  process.exitCode = code;
  // stdin listeners would otherwise keep the process alive.
  process.stdin.destroy();
});
