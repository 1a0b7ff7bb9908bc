/**
 * The chain adapters of the operator scenario: real Bee's Anvil (mining paused and resumed over JSON-RPC,
 * blocks mined at once with anvil_mine) and the devnet's simulated chain (its control API).
 */
import type { StartedDevnet } from '../../../devnet/devnet.js';
import type { OperatorChain } from './operator-scenario.js';

const ROUND = 152;

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

export function anvilChain(anvilUrl: string, nodeUrls: readonly string[], blockTimeSeconds: number): OperatorChain {
  return {
    async pauseMining() {
      await rpc(anvilUrl, 'evm_setIntervalMining', [0]);
      await rpc(anvilUrl, 'evm_setAutomine', [false]);
    },
    async resumeMining() {
      await rpc(anvilUrl, 'evm_setIntervalMining', [blockTimeSeconds]);
    },
    async passTwoRounds() {
      const now = Number(BigInt(String(await rpc(anvilUrl, 'eth_blockNumber'))));
      const roundStart = (Math.floor(now / ROUND) + 2) * ROUND;
      const target = roundStart + 5;
      await rpc(anvilUrl, 'anvil_mine', [`0x${(target - now).toString(16)}`, '0x1']);
      // Every node must have seen those blocks twice over: its postage listener (/chainstate), and its
      // redistribution agent, which polls the block number on its own (every 5 block times) and samples for
      // /rchash from the round it last saw. Until it sees the new round it takes the start of the round before
      // the last one it knows as the cutoff for eligible stamps, and /rchash answers 500 "failed making sample
      // with proofs" (no block before round 1, or none of the chunks uploaded since then qualifies).
      for (const url of nodeUrls) {
        for (let i = 0; ; i++) {
          const chain = (await (await fetch(`${url}/chainstate`)).json()) as { block: number };
          const agent = (await (await fetch(`${url}/redistributionstate`)).json()) as { block: number };
          if (chain.block >= target - 10 && agent.block >= roundStart) break;
          if (i > 300) throw new Error(`${url} did not sync to block ${target} in time (postage listener at ${chain.block}, redistribution agent at ${agent.block})`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    },
  };
}

export function devnetChain(devnet: StartedDevnet): OperatorChain {
  return {
    // The devnet keeps every transaction pending 40 s of chain time anyway.
    async pauseMining() {},
    async resumeMining() {},
    async passTwoRounds() {
      devnet.control.advanceBlocks(2 * ROUND);
    },
  };
}
