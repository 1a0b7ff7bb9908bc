/** Starts Anvil (the npm-shipped binary) on 127.0.0.1 only, and waits until it answers JSON-RPC. */
import { join } from 'node:path';
import { createJsonRpc, type JsonRpc } from './json-rpc.js';
import { anvilBinary } from './paths.js';
import { freePort, pollUntil, spawnManaged, type ManagedProcess } from './processes.js';

export interface AnvilInstance {
  url: string;
  rpc: JsonRpc;
  process: ManagedProcess;
}

export async function startAnvil(options: { workDir: string; chainId: number; blockTimeSeconds: number }): Promise<AnvilInstance> {
  const port = await freePort();
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(options.chainId), '--block-time', String(options.blockTimeSeconds)];
  const proc = spawnManaged('anvil', anvilBinary(), args, { env: { ...process.env }, logFile: join(options.workDir, 'anvil.log') });
  const url = `http://127.0.0.1:${port}`;
  const rpc = createJsonRpc(url);
  await pollUntil('anvil to answer eth_chainId', 30_000, async () => {
    const { exitCode, signalCode } = proc.child;
    if (exitCode !== null || signalCode !== null) throw new Error(`anvil exited (${exitCode ?? signalCode}); see ${proc.logFile}`);
    const id = await rpc.call<string>('eth_chainId');
    return Number(BigInt(id)) === options.chainId ? id : undefined;
  }, 200);
  return { url, rpc, process: proc };
}
