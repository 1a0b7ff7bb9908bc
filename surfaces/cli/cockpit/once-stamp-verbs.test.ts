/**
 * The stamp-math previews (buy-preview, buy-suggest, topup-preview, dilute-preview, extend-preview, plan-batch)
 * as the compiled `cockpit` bin against a devnet: the figures equal core/swarm/stamp-math (itself checked
 * against bee-js) on the node's own price and batches, every JSON output matches its published schema, and the
 * chain sees no transaction from any of them (GET /_devnet `transactionsSubmitted` before and after).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Utils } from '@ethersphere/bee-js';
import { createNodeClient, type NodeClient } from '../../../actors/node-client/index.js';
import { startDevnet, type StartedDevnet } from '../../../devnet/devnet.js';
import { amountForSeconds, remainingAmountFromTtl, stampCost, ttlSeconds } from '../../../core/swarm/stamp-math.js';
import { compileEntries } from '../../../test/compiled-entries.js';
import { onceJson } from '../../../test/once-schema.js';
import { runBin, type BinRun } from '../../../test/run-bin.js';

let bin: string;
let devnet: StartedDevnet;
let url: string;
let client: NodeClient;
let batchId: string;
let price: bigint;

beforeAll(async () => {
  bin = compileEntries('once-stamp-verbs', ['surfaces/cli/cockpit-bin.ts'])('surfaces/cli/cockpit-bin.ts');
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  url = devnet.nodes[0]!.url;
  batchId = devnet.nodes[0]!.batchId!;
  client = createNodeClient({ baseUrl: url });
  price = BigInt((await client.chainstate()).currentPrice);
});
afterAll(async () => {
  await devnet?.stop();
});

const cockpit = (args: string[]): Promise<BinRun> => runBin(bin, args);
const json = async <D = Record<string, unknown>>(args: string[]) => {
  const run = await cockpit([...args, url, '--json']);
  return { code: run.code, result: onceJson<D>(run.stdout) };
};

/** Transactions every node of the devnet has submitted, from its control API. */
async function transactionsSubmitted(): Promise<number[]> {
  const listing = (await (await fetch(`${url}/_devnet`)).json()) as { nodes: { transactionsSubmitted: number }[] };
  return listing.nodes.map((n) => n.transactionsSubmitted);
}

describe('stamp-math previews', () => {
  it('buy-preview: cost, TTL and capacity of the default 30-day amount and of a given amount', async () => {
    const month = amountForSeconds(30n * 86_400n, price, 5);
    const { code, result } = await json<{ amount: string; amountFrom: string; costPlur: string; ttlSeconds: number; effectiveBytes: number; transactionSent: boolean }>(['--once', 'buy-preview', '20']);
    expect(code).toBe(0);
    expect(result.data).toMatchObject({ amount: String(month), amountFrom: 'default', costPlur: String(stampCost(20, month)), ttlSeconds: Number(ttlSeconds(month, price, 5)), effectiveBytes: Utils.getStampEffectiveBytes(20), transactionSent: false });
    expect(BigInt(Utils.getStampCost(20, month).toPLURBigInt())).toBe(BigInt(result.data.costPlur));
    const given = await json<{ amountFrom: string; costPlur: string }>(['--once', 'buy-preview', '24', '1000000000']);
    expect(given.result.data).toMatchObject({ amountFrom: 'given', costPlur: String(1_000_000_000n << 24n) });
  });

  it('buy-preview: below the 24 h minimum or above the wallet is sad (exit 1), with the reason', async () => {
    const low = await json<{ warnings: { code: string }[] }>(['--once', 'buy-preview', '20', '10']);
    expect(low.code).toBe(1);
    expect(low.result.data.warnings.map((w) => w.code)).toEqual(['belowMinimumValidity']);
    const costly = await json<{ warnings: { code: string }[] }>(['--once', 'buy-preview', '40', String(10n ** 18n)]);
    expect(costly.code).toBe(1);
    expect(costly.result.data.warnings.map((w) => w.code)).toContain('insufficientFunds');
  });

  it('buy-suggest: the smallest depth that holds the size, the amount for the duration', async () => {
    const { result } = await json<{ depth: number; amount: string; affordable: boolean; effectiveBytes: number }>(['--once', 'buy-suggest', '5GB', '1y']);
    expect(result.data.depth).toBe(22);
    expect(result.data.effectiveBytes).toBeGreaterThanOrEqual(5e9);
    expect(Utils.getStampEffectiveBytes(21)).toBeLessThan(5e9);
    expect(result.data.amount).toBe(String(amountForSeconds(365n * 86_400n, price, 5)));
    expect(result.data.affordable).toBe(true);
    // A duration under a day is raised to Bee's purchase minimum, and says so.
    const short = await json<{ amount: string; warnings: { code: string }[] }>(['--once', 'buy-suggest', '1MB', '1h']);
    expect(short.result.data.amount).toBe(String(17_280n * price));
    expect(short.result.data.warnings.map((w) => w.code)).toEqual(['belowMinimumValidity']);
  });

  it('topup-preview, dilute-preview and extend-preview on a batch named by a prefix', async () => {
    const batch = (await client.stamps()).find((b) => b.batchID === batchId)!;
    const remaining = remainingAmountFromTtl(BigInt(batch.batchTTL), price, 5);
    const topup = await json<{ batchId: string; costPlur: string; newTtlSeconds: number; currentTtlSeconds: number }>(['--once', 'topup-preview', batchId.slice(0, 8), '1000000000']);
    expect(topup.code).toBe(0);
    expect(topup.result.data).toMatchObject({ batchId, costPlur: String(1_000_000_000n << BigInt(batch.depth)), currentTtlSeconds: Number(ttlSeconds(remaining, price, 5)), newTtlSeconds: Number(ttlSeconds(remaining + 1_000_000_000n, price, 5)) });
    const dilute = await json<{ newTtlSeconds: number; costPlur: string; effectiveBytes: { next: number } }>(['--once', 'dilute-preview', batchId.slice(0, 6), String(batch.depth + 2)]);
    expect(dilute.result.data).toMatchObject({ costPlur: '0', newTtlSeconds: Number(ttlSeconds(remaining >> 2n, price, 5)), effectiveBytes: { next: Utils.getStampEffectiveBytes(batch.depth + 2) } });
    const extend = await json<{ topupAmount: string; costPlur: string }>(['--once', 'extend-preview', batchId, '30d']);
    const amount = amountForSeconds(30n * 86_400n, price, 5);
    expect(extend.result.data).toMatchObject({ topupAmount: String(amount), costPlur: String(stampCost(batch.depth, amount)) });
  });

  it('plan-batch: what keeps every batch alive, and the total', async () => {
    const { code, result } = await json<{ targetSeconds: number; batches: { batchId: string; action: string; costPlur: string }[]; totalCostPlur: string; affordable: boolean }>(['--once', 'plan-batch', '90d']);
    expect(code).toBe(0);
    expect(result.data.targetSeconds).toBe(90 * 86_400);
    const row = result.data.batches.find((b) => b.batchId === batchId)!;
    expect(['topup', 'topup-and-dilute']).toContain(row.action);
    expect(result.data.totalCostPlur).toBe(String(result.data.batches.reduce((sum, b) => sum + BigInt(b.costPlur), 0n)));
    // A short target needs nothing for a batch that outlives it.
    const none = await json<{ batches: { action: string; costPlur: string }[] }>(['--once', 'plan-batch', '1h']);
    expect(none.result.data.batches.map((b) => [b.action, b.costPlur])).toEqual([['none', '0']]);
  });

  it('no preview sends a transaction: the chain saw none', async () => {
    const before = await transactionsSubmitted();
    const runs = await Promise.all([
      cockpit(['--once', 'buy-preview', '22', url]),
      cockpit(['--once', 'buy-suggest', url]),
      cockpit(['--once', 'topup-preview', batchId, '1000', url]),
      cockpit(['--once', 'dilute-preview', batchId, '30', url]),
      cockpit(['--once', 'extend-preview', batchId, '3600', url]),
      cockpit(['--once', 'plan-batch', url]),
    ]);
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('preview only, nothing sent');
    }
    expect(await transactionsSubmitted()).toEqual(before);
    // The counter does move when something is bought, so an unchanged count means something.
    await client.buyStamp(1_000_000_000n, 17);
    expect((await transactionsSubmitted())[0]).toBe(before[0]! + 1);
  });

  it('bad input: usage errors (64) for malformed arguments, errors (2) for batches the node does not have', async () => {
    const usage: string[][] = [
      ['buy-preview'],
      ['buy-preview', '16'],
      ['buy-preview', '41'],
      ['buy-preview', '-3'],
      ['buy-preview', '20', '0'],
      ['buy-preview', '20', '1.5'],
      ['buy-preview', '20', String(10n ** 18n + 1n)],
      ['buy-suggest', 'lots'],
      ['buy-suggest', '1GB', 'forever'],
      ['topup-preview', batchId],
      ['topup-preview', 'xyz', '10'],
      ['topup-preview', batchId, '-10'],
      ['dilute-preview', batchId, 'deep'],
      ['extend-preview', batchId, '0'],
      ['plan-batch', '30d', 'extra'],
    ];
    for (const args of usage) expect((await cockpit(['--once', ...args, url])).code, args.join(' ')).toBe(64);
    const unknown = await cockpit(['--once', 'topup-preview', 'ffff', '10', url]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no batch of this node starts with ffff; its batches: /);
    const shallower = await cockpit(['--once', 'dilute-preview', batchId, '17', url]);
    expect(shallower.code).toBe(2);
    expect(shallower.stderr).toMatch(/is at depth \d+: a dilute needs a deeper depth than that, not 17/);
  });
});
