/**
 * `--once basefee [node-url]`: the gas the node's transactions pay. Bee's API has no base-fee endpoint, so:
 * 1. When the cockpit knows the node's YAML config (`[store] config` or `--node-config` with `--config`), and it
 *    names an http(s) `blockchain-rpc-endpoint`, the chain is asked directly: the latest block's
 *    `baseFeePerGas` and `eth_gasPrice` (source `rpc`; only the RPC's origin is shown, its path may hold a key).
 * 2. Otherwise Bee's own suggested gas price, from GET /redistributionstate `minimumGasFunds`, which Bee sets to
 *    15 transactions x 250 000 gas x its suggested price (source `redistributionstate`). A node without that
 *    endpoint (light node: 400; storage incentives off: 403) cannot say: an error naming why.
 */
import { readFile } from 'node:fs/promises';
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatGwei, gasPriceFromMinimumGasFunds } from '../../../core/cockpit/price-facts.js';
import { readBeeYaml } from '../../../core/node-config/bee-yaml.js';
import { ChainRpcError, fetchChainFees, rpcOrigin } from '../chain-rpc.js';
import { connectNode, nodeFailure } from './node.js';
import { OnceError, timeoutOf, type OnceRun } from './verb.js';

export const details = `Source: the chain RPC of the supervised node's YAML config (blockchain-rpc-endpoint) when the
config names one, else Bee's suggested gas price from /redistributionstate (full nodes with storage incentives).`;

export const run: OnceRun = async (args, context) => {
  const { node } = await connectNode('basefee', args, context, { min: 0, max: 0, usage: '[node-url]' });
  const url = node.target.url;
  const rpc = await rpcEndpoint(node.target.config.store?.config);
  if (rpc) {
    try {
      const fees = await fetchChainFees(rpc, timeoutOf(context));
      const data: OnceData<'basefee'> = {
        node: url,
        source: 'rpc',
        rpc: rpcOrigin(rpc),
        ...(fees.baseFeeWei === undefined ? {} : { baseFeeWei: String(fees.baseFeeWei), baseFeeGwei: formatGwei(fees.baseFeeWei) }),
        gasPriceWei: String(fees.gasPriceWei),
        gasPriceGwei: formatGwei(fees.gasPriceWei),
        block: fees.block,
      };
      return { verb: 'basefee', status: 'ok', data };
    } catch (error) {
      if (!(error instanceof ChainRpcError)) throw error;
      throw new OnceError({ code: 'chain-rpc', detail: error.message }, { node: url, error: { code: 'rpc', detail: error.message } });
    }
  }
  const state = await node.client.redistributionstate().catch((error: unknown) => {
    throw nodeFailure(node, error, 'its redistribution state', '/redistributionstate, where Bee reports its gas price (give the cockpit the node\'s YAML config with a blockchain-rpc-endpoint to ask the chain instead)');
  });
  if (state.minimumGasFunds === null || state.minimumGasFunds === undefined) {
    throw new OnceError({ code: 'no-gas-funds', url }, { node: url, error: { code: 'invalid-response', detail: 'minimumGasFunds missing' } });
  }
  const funds = BigInt(state.minimumGasFunds);
  const gasPrice = gasPriceFromMinimumGasFunds(funds);
  const data: OnceData<'basefee'> = {
    node: url,
    source: 'redistributionstate',
    gasPriceWei: String(gasPrice),
    gasPriceGwei: formatGwei(gasPrice),
    minimumGasFundsWei: String(funds),
    block: state.block,
  };
  return { verb: 'basefee', status: 'ok', data };
};

/** The http(s) RPC endpoint of a Bee YAML config, when there is one and it can be read. */
async function rpcEndpoint(yamlPath: string | undefined): Promise<string | undefined> {
  if (!yamlPath) return undefined;
  let text: string;
  try {
    text = await readFile(yamlPath, 'utf8');
  } catch {
    return undefined;
  }
  const parsed = readBeeYaml(text);
  if (!parsed.ok) return undefined;
  const value = parsed.config.keys['blockchain-rpc-endpoint'] ?? parsed.config.keys['blockchain-rpc.endpoint'];
  return typeof value === 'string' && /^https?:\/\//i.test(value) ? value : undefined;
}
