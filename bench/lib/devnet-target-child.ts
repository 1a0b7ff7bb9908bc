#!/usr/bin/env node
/**
 * The devnet node one runner measures against, in a process of its own (started by startDevnetTarget).
 *
 * Why a child and not the bench process: the devnet keeps every chunk in memory, and a runner uploads a few GB in
 * a full run. Run in the bench process, every runner after the first met a node whose process still carried the
 * earlier runners' heap: in one run (2026-11-29, order rust → go → ts → js) the 100 MB download took 0.62 s for
 * rust and 1.2 s for go, ts and js alike, and 0.18–0.22 s for all three when only that row ran. A fresh process per
 * runner gives each the same empty node.
 *
 * Protocol: one JSON line on stdout once the batch is usable (`{"url":…,"batchId":…}`), progress and errors on
 * stderr; the node stops on SIGTERM, SIGINT or when stdin closes (the bench process has gone).
 */
import { createNodeClient } from '../../actors/node-client/index.js';
import { startDevnet } from '../../devnet/devnet.js';
import { BENCH_BATCH_AMOUNT, BENCH_BATCH_DEPTH } from './bench-batch.js';

async function main(): Promise<void> {
  const devnet = await startDevnet({ nodes: 1, port: 0, batchDepth: 0, swapEnable: false, storageIncentivesEnable: false });
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= devnet.stop().finally(() => process.exit(0)));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.stdin.once('close', stop);
  process.stdin.resume();
  try {
    const url = devnet.nodes[0]!.url;
    const node = createNodeClient({ baseUrl: url });
    const { batchID } = await node.buyStamp(BENCH_BATCH_AMOUNT, BENCH_BATCH_DEPTH, { immutable: true, label: 'bench' });
    for (let i = 0; ; i++) {
      const lookup = await node.stamp(batchID);
      if (lookup.found && lookup.batch.usable) break;
      if (i === 59) throw new Error(`batch ${batchID} never became usable on the devnet`);
      devnet.control.advanceBlocks(10);
    }
    process.stdout.write(`${JSON.stringify({ url, batchId: batchID })}\n`);
  } catch (err) {
    process.stderr.write(`devnet target: ${err instanceof Error ? err.message : String(err)}\n`);
    await devnet.stop();
    process.exit(1);
  }
}

void main();
