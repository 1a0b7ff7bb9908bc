/**
 * A minimal Ethereum JSON-RPC client over HTTP for the local Anvil chain. Anvil's accounts are
 * unlocked, so transactions go through `eth_sendTransaction` and no signing library is needed.
 */

export interface TxReceipt {
  status: string;
  contractAddress: string | null;
  blockNumber: string;
  transactionHash: string;
}

export class JsonRpcError extends Error {
  constructor(
    readonly method: string,
    readonly detail: string,
  ) {
    super(`${method}: ${detail}`);
    this.name = 'JsonRpcError';
  }
}

export interface JsonRpc {
  readonly url: string;
  call<T>(method: string, params?: unknown[]): Promise<T>;
}

let nextId = 1;

export function createJsonRpc(url: string): JsonRpc {
  return {
    url,
    async call<T>(method: string, params: unknown[] = []): Promise<T> {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      let body: { result?: T; error?: { message?: string; data?: unknown } };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        throw new JsonRpcError(method, `HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
      }
      if (body.error) throw new JsonRpcError(method, `${body.error.message ?? 'error'} ${JSON.stringify(body.error.data ?? '')}`);
      return body.result as T;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends a transaction from an unlocked account and returns its hash without waiting for mining. */
export async function sendTransaction(rpc: JsonRpc, from: string, to: string | null, data: string): Promise<string> {
  const tx: Record<string, string> = { from, data };
  if (to) tx.to = to;
  return rpc.call<string>('eth_sendTransaction', [tx]);
}

/** Polls for the receipt (Anvil mines every block-time second) and fails on a reverted transaction. */
export async function waitForReceipt(rpc: JsonRpc, hash: string, what: string, timeoutMs = 30_000): Promise<TxReceipt> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const receipt = await rpc.call<TxReceipt | null>('eth_getTransactionReceipt', [hash]);
    if (receipt) {
      if (receipt.status !== '0x1') throw new JsonRpcError('eth_getTransactionReceipt', `${what} reverted (tx ${hash})`);
      return receipt;
    }
    await sleep(250);
  }
  throw new JsonRpcError('eth_getTransactionReceipt', `${what} not mined within ${timeoutMs} ms (tx ${hash})`);
}

export async function blockNumber(rpc: JsonRpc): Promise<number> {
  return Number(BigInt(await rpc.call<string>('eth_blockNumber')));
}

export async function ethCall(rpc: JsonRpc, to: string, data: string): Promise<string> {
  return rpc.call<string>('eth_call', [{ to, data }, 'latest']);
}
