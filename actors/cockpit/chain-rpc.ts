/**
 * Two JSON-RPC reads from the chain the node uses (`blockchain-rpc-endpoint` of its YAML config): the latest
 * block's `baseFeePerGas` and `eth_gasPrice`. Only for `basefee`; the rest of the cockpit talks to the node.
 * RPC URLs often carry an API key in their path or query, so errors name only the endpoint's origin.
 */
import { request } from 'undici';

export interface ChainFees {
  /** Undefined on a chain without EIP-1559. */
  baseFeeWei?: bigint;
  gasPriceWei: bigint;
  block: number;
}

export class ChainRpcError extends Error {
  override name = 'ChainRpcError';
}

/** `https://rpc.example:8545` from `https://rpc.example:8545/v3/secret-key`. */
export function rpcOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(unparseable RPC URL)';
  }
}

async function call(url: string, method: string, params: unknown[], timeoutMs: number): Promise<unknown> {
  let answer;
  try {
    answer = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new ChainRpcError(`cannot reach the chain RPC at ${rpcOrigin(url)}: ${(error as Error).message.replace(url, rpcOrigin(url))}`);
  }
  const text = await answer.body.text();
  if (answer.statusCode !== 200) throw new ChainRpcError(`the chain RPC at ${rpcOrigin(url)} answered ${method} with HTTP ${answer.statusCode}`);
  let parsed: { result?: unknown; error?: { message?: string } };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw new ChainRpcError(`the chain RPC at ${rpcOrigin(url)} answered ${method} with something that is not JSON`);
  }
  if (parsed.error) throw new ChainRpcError(`the chain RPC at ${rpcOrigin(url)} refused ${method}: ${String(parsed.error.message ?? 'error')}`);
  return parsed.result;
}

function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw new ChainRpcError(`the chain RPC returned ${what} ${JSON.stringify(value)}, not a hex quantity`);
  return BigInt(value);
}

export async function fetchChainFees(url: string, timeoutMs: number): Promise<ChainFees> {
  const [block, gasPrice] = await Promise.all([call(url, 'eth_getBlockByNumber', ['latest', false], timeoutMs), call(url, 'eth_gasPrice', [], timeoutMs)]);
  if (block === null || typeof block !== 'object') throw new ChainRpcError('the chain RPC returned no latest block');
  const { baseFeePerGas, number } = block as { baseFeePerGas?: unknown; number?: unknown };
  return {
    ...(baseFeePerGas === undefined || baseFeePerGas === null ? {} : { baseFeeWei: quantity(baseFeePerGas, 'baseFeePerGas') }),
    gasPriceWei: quantity(gasPrice, 'eth_gasPrice'),
    block: Number(quantity(number, 'block number')),
  };
}
