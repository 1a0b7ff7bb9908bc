/**
 * Deploys the Swarm storage-incentive contracts on a fresh Anvil chain, wires their roles the way
 * the storage-incentives deploy scripts do, sets the storage price, and funds node wallets.
 * Everything goes through raw JSON-RPC from Anvil's unlocked account 0.
 */
import { decodeUintWord, encodeDeployment, encodeFunctionCall, type AbiValue } from './abi.js';
import type { ContractArtifacts, ContractName } from './contract-artifacts.js';
import { ethCall, sendTransaction, waitForReceipt, type JsonRpc } from './json-rpc.js';
import { bytesToHex, utf8Encode } from '../core/swarm/bytes.js';
import { keccak256 } from '../core/swarm/keccak.js';

export interface DeployedContracts {
  deployer: string;
  bzzToken: string;
  postageStamp: string;
  priceOracle: string;
  staking: string;
  redistribution: string;
  /** Block of the PostageStamp deployment: bee's --postage-stamp-start-block. */
  postageStartBlock: number;
  /** PostageStamp.lastPrice() after setPrice, in PLUR per chunk per block. */
  price: bigint;
  /** PostageStamp.minimumValidityBlocks(): a batch must be paid for at least this many blocks. */
  minimumValidityBlocks: bigint;
}

export interface DeployOptions {
  networkId: number;
  price: number;
  minimumBucketDepth: number;
}

export class ChainSession {
  constructor(
    readonly rpc: JsonRpc,
    readonly artifacts: ContractArtifacts,
    readonly from: string,
  ) {}

  async deploy(name: ContractName, args: AbiValue[]): Promise<{ address: string; block: number }> {
    const { bin, abi } = this.artifacts[name];
    const hash = await sendTransaction(this.rpc, this.from, null, encodeDeployment(bin, abi, args));
    const receipt = await waitForReceipt(this.rpc, hash, `deploy ${name}`);
    if (!receipt.contractAddress) throw new Error(`deploy ${name}: receipt has no contract address`);
    return { address: receipt.contractAddress, block: Number(BigInt(receipt.blockNumber)) };
  }

  /** Sends without waiting; Anvil mines one sender's transactions in nonce order. */
  async send(name: ContractName, at: string, fn: string, args: AbiValue[]): Promise<string> {
    return sendTransaction(this.rpc, this.from, at, encodeFunctionCall(this.artifacts[name].abi, fn, args));
  }

  async read(name: ContractName, at: string, fn: string, args: AbiValue[] = []): Promise<string> {
    return ethCall(this.rpc, at, encodeFunctionCall(this.artifacts[name].abi, fn, args));
  }

  /** Waits for the receipt; on a revert, replays the call to put the contract's reason in the error. */
  async confirm(hash: string, what: string): Promise<void> {
    try {
      await waitForReceipt(this.rpc, hash, what);
    } catch (err) {
      const tx = await this.rpc.call<{ from: string; to: string; input: string } | null>('eth_getTransactionByHash', [hash]);
      const reason = tx ? await this.rpc.call('eth_call', [{ from: tx.from, to: tx.to, data: tx.input }, 'latest']).then(() => 'replay succeeds now', (e: Error) => e.message) : 'unknown';
      throw new Error(`${(err as Error).message}; replay: ${reason}`);
    }
  }

  /** Role ids come from the contract itself; a mismatch with keccak256(name) means a changed contract. */
  async roleId(name: ContractName, at: string, role: string): Promise<string> {
    const onChain = (await this.read(name, at, role)).toLowerCase();
    const expected = '0x' + bytesToHex(keccak256(utf8Encode(role)));
    if (onChain !== expected) throw new Error(`${name}.${role}() = ${onChain}, expected keccak256("${role}") = ${expected}`);
    return onChain;
  }
}

export async function deploySwarmContracts(rpc: JsonRpc, artifacts: ContractArtifacts, options: DeployOptions): Promise<DeployedContracts> {
  const [deployer] = await rpc.call<string[]>('eth_accounts');
  if (!deployer) throw new Error('eth_accounts returned no unlocked account');
  const chain = new ChainSession(rpc, artifacts, deployer);

  // Each constructor needs the previous addresses, so these five go one block at a time.
  const bzz = await chain.deploy('BzzToken', ['Bee', 'BZZ', 0]);
  const postage = await chain.deploy('PostageStamp', [bzz.address, options.minimumBucketDepth]);
  const oracle = await chain.deploy('PriceOracle', [postage.address]);
  const staking = await chain.deploy('Staking', [bzz.address, options.networkId, oracle.address]);
  const redistribution = await chain.deploy('Redistribution', [staking.address, postage.address, oracle.address]);

  const grants: Array<[ContractName, string, string, string]> = [
    ['PostageStamp', postage.address, 'PRICE_ORACLE_ROLE', oracle.address],
    ['PostageStamp', postage.address, 'REDISTRIBUTOR_ROLE', redistribution.address],
    ['Staking', staking.address, 'REDISTRIBUTOR_ROLE', redistribution.address],
    ['PriceOracle', oracle.address, 'PRICE_UPDATER_ROLE', deployer],
    ['PriceOracle', oracle.address, 'PRICE_UPDATER_ROLE', redistribution.address],
  ];
  const pending: Array<[string, string]> = [];
  for (const [name, at, role, account] of grants) {
    pending.push([await chain.send(name, at, 'grantRole', [await chain.roleId(name, at, role), account]), `${name}.grantRole(${role}, ${account})`]);
  }
  for (const [hash, what] of pending) await chain.confirm(hash, what);
  // The oracle forwards the price to PostageStamp, which needs PRICE_ORACLE_ROLE first.
  await chain.confirm(await chain.send('PriceOracle', oracle.address, 'setPrice', [options.price]), `PriceOracle.setPrice(${options.price})`);

  const price = decodeUintWord(await chain.read('PostageStamp', postage.address, 'lastPrice'));
  if (price === 0n) throw new Error('PostageStamp.lastPrice() is 0 after PriceOracle.setPrice');
  const minimumValidityBlocks = decodeUintWord(await chain.read('PostageStamp', postage.address, 'minimumValidityBlocks'));

  return {
    deployer,
    bzzToken: bzz.address,
    postageStamp: postage.address,
    priceOracle: oracle.address,
    staking: staking.address,
    redistribution: redistribution.address,
    postageStartBlock: postage.block,
    price,
    minimumValidityBlocks,
  };
}

/** Gives each wallet native gas money (anvil_setBalance) and BZZ (mint from the deployer). */
export async function fundWallets(
  rpc: JsonRpc,
  artifacts: ContractArtifacts,
  contracts: DeployedContracts,
  wallets: string[],
  amounts: { wei: bigint; plur: bigint },
): Promise<void> {
  const chain = new ChainSession(rpc, artifacts, contracts.deployer);
  const pending: Array<[string, string]> = [];
  for (const wallet of wallets) {
    await rpc.call('anvil_setBalance', [wallet, '0x' + amounts.wei.toString(16)]);
    pending.push([await chain.send('BzzToken', contracts.bzzToken, 'mint', [wallet, amounts.plur]), `BzzToken.mint(${wallet})`]);
  }
  for (const [hash, what] of pending) await chain.confirm(hash, what);
  for (const wallet of wallets) {
    const balance = decodeUintWord(await chain.read('BzzToken', contracts.bzzToken, 'balanceOf', [wallet]));
    if (balance < amounts.plur) throw new Error(`BZZ balance of ${wallet} is ${balance} after minting ${amounts.plur}`);
  }
}

export interface SwapContracts {
  /** SimpleSwapFactory: bee's --swap-factory-address; each node deploys its chequebook through it. */
  factory: string;
  /** The swap price oracle (exchange rate and cheque deduction): bee's --price-oracle-address. */
  priceOracle: string;
}

/**
 * The chequebook factory (over the same BZZ token) and the swap price oracle, for a cluster with swap on.
 * Exchange rate 1 and no deduction: a cheque pays its accounting units 1:1 in PLUR.
 */
export async function deploySwapContracts(rpc: JsonRpc, artifacts: ContractArtifacts, contracts: DeployedContracts): Promise<SwapContracts> {
  const chain = new ChainSession(rpc, artifacts, contracts.deployer);
  const factory = await chain.deploy('SimpleSwapFactory', [contracts.bzzToken]);
  const oracle = await chain.deploy('SwapPriceOracle', [1, 0]);
  const token = (await chain.read('SimpleSwapFactory', factory.address, 'ERC20Address')).slice(-40).toLowerCase();
  if (token !== contracts.bzzToken.slice(2).toLowerCase()) throw new Error(`SimpleSwapFactory.ERC20Address() = 0x${token}, expected ${contracts.bzzToken}`);
  return { factory: factory.address, priceOracle: oracle.address };
}
