/**
 * Everything chain-side and operations-side about one simulated node: wallet, postage, pending
 * transactions, stake, redistribution, reserve, status and topology data, loggers and welcome message.
 * D1's DevnetNode carries one of these as `node.chain`; the route modules in devnet/routes/chain read it.
 *
 * The node's view of the chain is its postage listener's: under the chainLagBlocks fault `syncedBlock`
 * trails the chain tip, and usability, chainstate and lastSyncedBlock follow the synced block.
 */
import { bytesToHex, hexToBytes, uint64BE } from '../../core/swarm/bytes.js';
import { keccak256 } from '../../core/swarm/keccak.js';
import { MIN_STAKE, REDISTRIBUTION_GAS_UNITS, RESERVE_CAPACITY } from './constants.js';
import { defaultChainFaults, effectiveFaults, type ChainFaults } from './faults.js';
import { checksumAddress, lowerAddress } from './formats.js';
import { LoggerRegistry } from './loggers.js';
import { NodePostage, chainTimeMs } from './node-postage.js';
import { NodeLottery, roundOf } from './redistribution.js';
import type { ChainMember, SimChain } from './sim-chain.js';
import { beeProximity as proximity } from '../../core/swarm/proximity.js';
import { BIN_CAPACITY, backgroundPeers, type TopologyPeer, type TopologyView } from './topology.js';
import { NodeSwapLedger } from './swap-ledger.js';
import { TransactionPool } from './transactions.js';
import { DEFAULT_BZZ_BALANCE, DEFAULT_NATIVE_BALANCE, Wallet } from './wallet.js';

/** A connected peer as D1's network reports it; `chain` lets /status/peers read a real peer's status. */
export interface ChainPeer {
  overlayHex: string;
  fullNode?: boolean;
  chain?: NodeChain;
}

export interface NodeChainInit {
  chain: SimChain;
  index: number;
  overlayHex: string;
  /** 20-byte address, with or without 0x. */
  ethAddress: string;
  /** 33-byte compressed secp256k1 public key as 66 hex. */
  publicKeyHex: string;
  pssPublicKeyHex?: string;
  p2pPort?: number;
  /**
   * The devnet's shared, mutable fault object (D1's NodeFaults): fields it defines win over the node's own
   * ChainFaults, so one control API switch reaches both the middleware and the chain.
   */
  sharedFaults?: Partial<ChainFaults>;
  /** Initial values of the chain-only flags (rchashSeconds, expiringStampSeconds, ...). */
  faults?: Partial<ChainFaults>;
  /** Real devnet peers this node is connected to (from the SimNetwork). */
  peers?: () => readonly ChainPeer[];
  /** True while the node has no working peer connection at all (the devnet's `isolated` fault): no peers, simulated ones included. */
  isolated?: () => boolean;
  /** Chunks in the node's local store, added to the simulated reserve. */
  storedChunks?: () => number;
  bzzBalance?: bigint;
  nativeBalance?: bigint;
  stakedAmount?: bigint;
  /** Add simulated peers so the Kademlia table looks saturated (default true). */
  backgroundPeers?: boolean;
  reserveCapacityDoubling?: 0 | 1;
  /** Addresses /wallet/withdraw may send to. */
  withdrawWhitelist?: readonly string[];
  /** How long a buy/top-up/dilute holds the node's postage lock, so concurrent calls can see 429. */
  postageOpLatencyMs?: number;
  /** Bee's --swap-enable (default on): without it no cheques are sent or accepted. */
  swapEnabled?: () => boolean;
}

/** Simulated reserve of a settled node: above half the capacity, so isFullySynced holds. */
export const SETTLED_RESERVE_CHUNKS = 2_500_000;
/** Pull-sync rate (chunks/s) a warming-up node reports. */
export const WARMUP_PULLSYNC_RATE = 52.5;
/** The slowPullSync fault's rate: half a million chunks to go take about four days. */
export const SLOW_PULLSYNC_RATE = 1.5;
/** Share of the capacity an under-filled reserve holds (the underfilledReserve and slowPullSync faults). */
export const UNDERFILLED_SHARE = 0.25;
const FEE_GAS = { commit: 150_000n, reveal: 120_000n, claim: 800_000n } as const;
/** The simulated redistribution contract (the `to` of commit, reveal and claim transactions). */
export const REDISTRIBUTION_CONTRACT = '0x1f9a1fde5c6350e949c5e4aa163b4c97011199b4';
/** What the skewedStake fault makes /stake read: 15 xBZZ, 5 of them surplus over a height-0 node's 10. */
const SKEWED_STAKE = 15n * 10n ** 16n;

export class NodeChain implements ChainMember {
  readonly chain: SimChain;
  readonly index: number;
  readonly overlayHex: string;
  readonly overlay: Uint8Array;
  readonly ethAddress: string;
  readonly publicKeyHex: string;
  readonly pssPublicKeyHex: string;
  readonly p2pPort: number;
  /** Chain-only fault flags; change them with setFaults (the shared object is changed by its owner). */
  readonly ownFaults: ChainFaults;
  private readonly sharedFaults: Partial<ChainFaults> | undefined;
  readonly wallet: Wallet;
  readonly txs: TransactionPool;
  readonly postage: NodePostage;
  readonly lottery = new NodeLottery();
  readonly loggers = new LoggerRegistry();
  readonly chequebookAddress: string;
  readonly reserveCapacityDoubling: 0 | 1;
  readonly withdrawWhitelist: readonly string[];
  readonly postageOpLatencyMs: number;
  readonly startedMs: number;
  welcomeMessage = '';
  /** The stake the contract holds for this node (the unstaked and skewedStake faults change what /stake reads). */
  stakedAmount: bigint;
  readonly swap: NodeSwapLedger;
  private readonly realPeers: () => readonly ChainPeer[];
  private readonly isolated: () => boolean;
  private readonly storedChunks: () => number;
  private readonly withBackground: boolean;
  private postageBusy = false;
  private stakingBusy = false;
  /** How long a staking call holds the node's staking lock (Bee asks the staking contract over RPC meanwhile). */
  stakingCallMs = 5;

  constructor(init: NodeChainInit) {
    this.chain = init.chain;
    this.index = init.index;
    this.overlayHex = init.overlayHex.toLowerCase();
    this.overlay = hexToBytes(this.overlayHex);
    this.ethAddress = init.ethAddress.replace(/^0x/i, '').toLowerCase();
    this.publicKeyHex = init.publicKeyHex;
    this.pssPublicKeyHex = init.pssPublicKeyHex ?? init.publicKeyHex;
    this.p2pPort = init.p2pPort ?? 1634;
    this.ownFaults = { ...defaultChainFaults(), ...init.faults };
    this.sharedFaults = init.sharedFaults;
    this.realPeers = init.peers ?? (() => []);
    this.isolated = init.isolated ?? (() => false);
    this.storedChunks = init.storedChunks ?? (() => 0);
    this.withBackground = init.backgroundPeers ?? true;
    this.reserveCapacityDoubling = init.reserveCapacityDoubling ?? 0;
    this.withdrawWhitelist = (init.withdrawWhitelist ?? []).map(lowerAddress);
    this.postageOpLatencyMs = init.postageOpLatencyMs ?? 0;
    this.stakedAmount = init.stakedAmount ?? this.minimumStake();
    this.wallet = new Wallet(init.bzzBalance ?? DEFAULT_BZZ_BALANCE, init.nativeBalance ?? DEFAULT_NATIVE_BALANCE, () => this.faults.emptyWallet);
    this.txs = new TransactionPool(this.chain.gasPriceWei, () => this.faults.stuckTransactions);
    this.chequebookAddress = checksumAddress(bytesToHex(keccak256(hexToBytes(this.ethAddress), uint64BE(7)).subarray(12)));
    this.swap = new NodeSwapLedger(this.chequebookAddress, checksumAddress(this.ethAddress), init.swapEnabled ?? (() => true));
    this.startedMs = chainTimeMs(this.chain);
    this.postage = new NodePostage({
      chain: this.chain,
      nodeIndex: this.index,
      ownerHex: this.ethAddress,
      wallet: this.wallet,
      txs: this.txs,
      faults: () => this.faults,
      syncedBlock: () => this.syncedBlock(),
    });
    this.chain.join(this);
  }

  /** The flags in effect now (own flags overlaid with the shared NodeFaults). */
  get faults(): ChainFaults {
    return effectiveFaults(this.ownFaults, this.sharedFaults);
  }

  /** Sets chain-only flags; fields the shared NodeFaults defines must be changed there instead. */
  setFaults(patch: Partial<ChainFaults>): void {
    Object.assign(this.ownFaults, patch);
  }

  /** The block the node's postage listener has processed. */
  syncedBlock(): number {
    return Math.max(0, this.chain.block - Math.max(0, Math.floor(this.faults.chainLagBlocks)));
  }

  chainState(): { chainTip: number; block: number; totalAmount: bigint; currentPrice: bigint; minimumValidityBlocks: number } {
    const lag = BigInt(this.chain.block - this.syncedBlock());
    const totalAmount = this.chain.totalAmount - lag * this.chain.price;
    return {
      chainTip: this.chain.block,
      block: this.syncedBlock(),
      totalAmount: totalAmount > 0n ? totalAmount : 0n,
      currentPrice: this.chain.price,
      minimumValidityBlocks: this.chain.minimumValidityBlocks,
    };
  }

  reserveCapacity(): number {
    return RESERVE_CAPACITY * 2 ** this.reserveCapacityDoubling;
  }

  /** radius = ceil(log2(commitment / capacity)), 0 while the commitment fits (Bee's batch store). */
  reserveState(): { radius: number; storageRadius: number; commitment: number; reserveCapacityDoubling: number } {
    const commitment = this.chain.committedSlots();
    const capacity = BigInt(this.reserveCapacity());
    let radius = 0;
    while (capacity << BigInt(radius) < commitment) radius += 1;
    const storageRadius = this.faults.storageRadius === null ? radius : Math.min(31, Math.floor(this.faults.storageRadius));
    return { radius, storageRadius, commitment: Number(commitment), reserveCapacityDoubling: this.reserveCapacityDoubling };
  }

  reserveSize(): number {
    const { reserveChunks, underfilledReserve, slowPullSync, warmingUp } = this.faults;
    if (reserveChunks !== null) return reserveChunks;
    if (underfilledReserve || slowPullSync) return Math.floor(this.reserveCapacity() * UNDERFILLED_SHARE) + this.storedChunks();
    return (warmingUp ? 0 : SETTLED_RESERVE_CHUNKS) + this.storedChunks();
  }

  pullsyncRate(): number {
    if (this.faults.warmingUp) return WARMUP_PULLSYNC_RATE;
    return this.faults.slowPullSync ? SLOW_PULLSYNC_RATE : 0;
  }

  /** Bee: reserve at least half full, pull-sync idle, start-up settled. */
  isFullySynced(): boolean {
    return this.reserveSize() >= this.reserveCapacity() / 2 && this.pullsyncRate() === 0 && !this.faults.warmingUp;
  }

  /** Salud's verdict; the devnet's radius always agrees with the network, so only warm-up or the unhealthy fault make it false. */
  isHealthy(): boolean {
    return !this.faults.warmingUp && !this.faults.unhealthy;
  }

  minimumGasFunds(): bigint {
    return REDISTRIBUTION_GAS_UNITS * this.chain.gasPriceWei;
  }

  /** The native balance as the node sees it: the lowGas fault leaves just under a round's gas. */
  nativeBalance(): bigint {
    const real = this.wallet.nativeBalance;
    if (!this.faults.lowGas) return real;
    const low = this.minimumGasFunds() - 1n;
    return real < low ? real : low;
  }

  hasSufficientFunds(): boolean {
    return this.nativeBalance() > this.minimumGasFunds();
  }

  minimumStake(): bigint {
    return MIN_STAKE * 2n ** BigInt(this.reserveCapacityDoubling);
  }

  /** What /stake reads: the contract's stake, or the unstaked / skewedStake fault's. */
  stake(): bigint {
    if (this.faults.unstaked) return 0n;
    if (this.faults.skewedStake) return SKEWED_STAKE > this.stakedAmount ? SKEWED_STAKE : this.stakedAmount;
    return this.stakedAmount;
  }

  withdrawableStake(): bigint {
    const surplus = this.stake() - this.minimumStake();
    return surplus > 0n ? surplus : 0n;
  }

  /**
   * The Kademlia table (`/topology`): real devnet peers first, then the simulated background laid out for the
   * current depth, which Bee v2.8.1 reports as the storage radius. `starvingBin` keeps `starvingBinPeers` of
   * that bin, `peerCount` cuts the list to that many, `lowPeers` leaves one, an isolated node has none;
   * peers taken away stay known.
   */
  topologyView(): TopologyView {
    const depth = this.reserveState().storageRadius;
    const real = this.kademliaPeers().map((p) => ({ overlayHex: p.overlayHex.toLowerCase(), fullNode: p.fullNode ?? true, simulated: false }));
    const all = this.withBackground ? [...real, ...this.background(depth)] : real;
    const { lowPeers, peerCount, starvingBin, starvingBinPeers, lonelyNeighbourhood } = this.faults;
    let connected = all;
    if (lonelyNeighbourhood) connected = connected.filter((p) => proximity(this.overlay, hexToBytes(p.overlayHex)) < depth);
    if (starvingBin !== null) {
      let kept = 0;
      connected = connected.filter((p) => proximity(this.overlay, hexToBytes(p.overlayHex)) !== starvingBin || kept++ < starvingBinPeers);
    }
    const limit = Math.min(lowPeers ? 1 : connected.length, peerCount ?? connected.length);
    // An isolated node has no connections at all; it still knows its peers.
    connected = this.isolated() ? [] : connected.slice(0, Math.max(0, Math.floor(limit)));
    const on = new Set(connected.map((p) => p.overlayHex));
    return { connected, known: all.filter((p) => !on.has(p.overlayHex)), depth, reachability: this.reachability() };
  }

  /** AutoNAT's verdict: Private under the fault; Unknown while warming up (right after start it has not decided). */
  reachability(): 'Public' | 'Private' | 'Unknown' {
    if (this.faults.privateReachability) return 'Private';
    return this.faults.warmingUp ? 'Unknown' : 'Public';
  }

  /** The connected peers of topologyView. */
  connectedPeers(): TopologyPeer[] {
    return [...this.topologyView().connected];
  }

  private backgroundCache: { depth: number; peers: TopologyPeer[] } | null = null;
  /** Each devnet peer's proximity order to this node, computed once (the peer set only loses or regains members). */
  private readonly peerPo = new Map<string, number>();

  /**
   * The devnet nodes this node's Kademlia table holds: at most BIN_CAPACITY per proximity bin, the first in the
   * network's order, as Bee stops connecting past over-saturation. A devnet of a dozen nodes keeps every peer; one
   * of 1000 keeps about a hundred, instead of every node listing all 999 others on /topology, /status, /peers and
   * /metrics (which made one fleet poll of 1000 nodes cost the devnet 12 s of CPU).
   */
  private kademliaPeers(): readonly ChainPeer[] {
    const peers = this.realPeers();
    if (peers.length <= BIN_CAPACITY) return peers;
    const perBin = new Map<number, number>();
    return peers.filter((peer) => {
      let po = this.peerPo.get(peer.overlayHex);
      if (po === undefined) this.peerPo.set(peer.overlayHex, (po = proximity(this.overlay, hexToBytes(peer.overlayHex))));
      const count = perBin.get(po) ?? 0;
      perBin.set(po, count + 1);
      return count < BIN_CAPACITY;
    });
  }

  private background(depth: number): TopologyPeer[] {
    if (this.backgroundCache?.depth !== depth) this.backgroundCache = { depth, peers: backgroundPeers(this.overlay, depth) };
    return this.backgroundCache.peers;
  }

  /** The real peer object for an overlay, when that peer is a devnet node this one is connected to. */
  realPeer(overlayHex: string): ChainPeer | undefined {
    const wanted = overlayHex.toLowerCase();
    return this.realPeers().find((p) => p.overlayHex.toLowerCase() === wanted);
  }

  isConnected(overlayHex: string): boolean {
    const wanted = overlayHex.toLowerCase();
    return this.connectedPeers().some((p) => p.overlayHex === wanted);
  }

  /** Whether the round's anchor falls in this node's neighbourhood (always at radius 0). */
  isSelected(round: number): boolean {
    const anchor = keccak256(uint64BE(round));
    return proximity(anchor, this.overlay) >= this.reserveState().storageRadius;
  }

  isEligible(): boolean {
    return (
      this.stake() >= this.minimumStake() &&
      !this.faults.frozen &&
      this.isFullySynced() &&
      this.isHealthy() &&
      this.hasSufficientFunds()
    );
  }

  onBlock(block: number): void {
    this.txs.confirmDue(chainTimeMs(this.chain));
    this.postage.applyExpiringFault();
    this.lottery.onBlock(block, {
      eligible: this.isEligible(),
      frozen: this.faults.frozen,
      selected: this.isSelected(roundOf(block)),
      sampleSeconds: this.faults.rchashSeconds,
      blockTimeMs: this.chain.blockTimeMs,
      payFee: (kind) => this.sendRedistributionTx(kind, roundOf(block)),
    });
  }

  canClaim(round: number): boolean {
    return this.lottery.canClaim(round, this.faults.frozen);
  }

  awardWin(round: number, reward: bigint): void {
    this.lottery.win(round, reward);
    this.wallet.creditBzz(reward);
    this.sendRedistributionTx('claim', round);
  }

  /** A commit, reveal or claim: a pending transaction to the redistribution contract, its gas counted in `fees`. */
  private sendRedistributionTx(kind: keyof typeof FEE_GAS, round: number): void {
    const gas = FEE_GAS[kind];
    const description = `redistribution ${kind} round ${round}`;
    const hash = this.chain.nextTxHash(this.ethAddress, description);
    this.txs.submit({ hash, to: REDISTRIBUTION_CONTRACT, description, gasLimit: Number(gas) }, this.chain.block, chainTimeMs(this.chain));
    const fee = gas * this.chain.gasPriceWei;
    this.wallet.spendNative(fee);
    this.lottery.fees += fee;
  }

  /**
   * Runs a buy/top-up/dilute under the node's postage lock, holding it for postageOpLatencyMs as a real
   * node holds it while the transaction confirms. A call arriving meanwhile gets `busy` (Bee: 429).
   */
  async serializedPostageOp<T>(op: () => T): Promise<{ busy: true } | { busy: false; value: T }> {
    if (this.postageBusy) return { busy: true };
    this.postageBusy = true;
    try {
      if (this.postageOpLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.postageOpLatencyMs));
      return { busy: false, value: op() };
    } finally {
      this.postageBusy = false;
    }
  }

  /**
   * Bee v2.8.1 lets one /stake* call in at a time, reads included (one semaphore around every staking route):
   * a call arriving while another holds it gets `busy` (Bee: 429 "simultaneous on-chain operations not supported").
   */
  async serializedStakingCall<T>(op: () => T): Promise<{ busy: true } | { busy: false; value: T }> {
    if (this.stakingBusy) return { busy: true };
    this.stakingBusy = true;
    try {
      if (this.stakingCallMs > 0) await new Promise((resolve) => setTimeout(resolve, this.stakingCallMs));
      return { busy: false, value: op() };
    } finally {
      this.stakingBusy = false;
    }
  }

  /** Creates a transaction from this node's wallet and charges its gas. */
  submitTransaction(to: string, description: string, value = 0n): string {
    const hash = this.chain.nextTxHash(this.ethAddress, description);
    const tx = this.txs.submit({ hash, to: lowerAddress(to), description, value }, this.chain.block, chainTimeMs(this.chain));
    this.wallet.spendNative(tx.gasPrice * BigInt(tx.gasLimit));
    return hash;
  }
}
