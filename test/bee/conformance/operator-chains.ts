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
      const target = (Math.floor(now / ROUND) + 2) * ROUND + 5;
      await rpc(anvilUrl, 'anvil_mine', [`0x${(target - now).toString(16)}`, '0x1']);
      // Every node's postage listener must have seen those blocks (its agent reads the round from them).
      for (const url of nodeUrls) {
        for (let i = 0; ; i++) {
          const state = (await (await fetch(`${url}/chainstate`)).json()) as { block: number };
          if (state.block >= target - 10) break;
          if (i > 300) throw new Error(`${url} did not sync to block ${target} in time`);
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
