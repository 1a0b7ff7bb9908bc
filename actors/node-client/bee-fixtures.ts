/**
 * Bee-shaped response bodies (bee-api.md §2, §9) for tests that need a node on loopback. Values are realistic
 * (BigInts as decimal strings, Go's null slices, 0x-prefixed addresses) so schema tolerance is exercised.
 */
export const OVERLAY = 'a1'.repeat(32);
export const PEER = 'e5'.repeat(32);
export const BATCH = 'b2'.repeat(32);
export const REF = 'c3'.repeat(32);
export const TX = `0x${'d4'.repeat(32)}`;
export const OWNER = 'f6'.repeat(20);
export const TOPIC = '07'.repeat(32);

export const postageBatch = (overrides: Record<string, unknown> = {}) => ({
  batchID: BATCH,
  utilization: 3,
  utilizationRatio: 0.75,
  usable: true,
  label: 'ops',
  depth: 18,
  amount: '100000000',
  bucketDepth: 16,
  blockNumber: 1234,
  immutableFlag: true,
  exists: true,
  batchTTL: 86_400,
  ...overrides,
});

export const tag = (uid: number) => ({
  uid,
  address: '',
  startedAt: '2026-11-22T03:19:50Z',
  split: 10,
  seen: 1,
  stored: 0,
  sent: 9,
  synced: 8,
});

export const statusSnapshot = (overrides: Record<string, unknown> = {}) => ({
  overlay: OVERLAY,
  proximity: 256,
  beeMode: 'full',
  reserveSize: 1000,
  reserveSizeWithinRadius: 900,
  pullsyncRate: 0.5,
  storageRadius: 10,
  connectedPeers: 150,
  neighborhoodSize: 4,
  batchCommitment: 1_000_000,
  isReachable: true,
  lastSyncedBlock: 4321,
  committedDepth: 10,
  isWarmingUp: false,
  ...overrides,
});

const cheque = { beneficiary: `0x${'Ab'.repeat(20)}`, chequebook: `0x${'Cd'.repeat(20)}`, payout: '12345' };

export const transactionInfo = {
  transactionHash: TX,
  to: `0x${'12'.repeat(20)}`,
  nonce: 7,
  gasPrice: '1000000000',
  gasLimit: 21_000,
  gasTipBoost: 10,
  gasTipCap: '1',
  gasFeeCap: '2',
  data: '0x',
  created: '2026-11-22T03:19:50Z',
  description: 'postage batch purchase',
  value: '0',
};

const proof = {
  chunkSpan: 4096,
  proofSegments: ['aa'],
  proveSegment: 'bb',
  proofSegments2: null,
  proveSegment2: 'cc',
  proofSegments3: ['dd'],
  postageProof: { signature: 'ee', postageId: BATCH, index: '0000000100000002', timeStamp: '17' },
  socProof: null,
};

/** GET responses keyed by path (no query). */
export const BEE_GET_BODIES: Readonly<Record<string, unknown>> = {
  '/health': { status: 'ok', version: '2.8.1-7cf53193', apiVersion: '8.1.0' },
  '/node': { beeMode: 'full', chequebookEnabled: true, swapEnabled: true },
  '/addresses': {
    overlay: OVERLAY,
    underlay: ['/ip4/127.0.0.1/tcp/1634/p2p/16Uiu2'],
    ethereum: `0x${'ab'.repeat(20)}`,
    chain_address: `0x${'ab'.repeat(20)}`,
    publicKey: '02' + 'ab'.repeat(32),
    pssPublicKey: '03' + 'ab'.repeat(32),
  },
  '/status': statusSnapshot(),
  '/status/peers': { snapshots: [statusSnapshot({ overlay: PEER, proximity: 3 }), { overlay: 'ff'.repeat(32), proximity: 1, requestFailed: true }] },
  '/status/neighborhoods': { neighborhoods: [{ neighborhood: '0110', reserveSizeWithinRadius: 5, proximity: 4 }] },
  '/topology': {
    baseAddr: OVERLAY,
    population: 20,
    connected: 10,
    timestamp: '2026-11-22T03:19:50Z',
    nnLowWatermark: 3,
    depth: 8,
    reachability: 'Public',
    networkAvailability: 'Available',
    bins: {
      bin_0: { population: 2, connected: 1, disconnectedPeers: null, connectedPeers: [{ address: PEER, metrics: { latencyEWMA: 12, healthy: true, reachability: 'Public' } }] },
      bin_1: { population: 0, connected: 0, disconnectedPeers: null, connectedPeers: null },
    },
    lightNodes: { population: 0, connected: 0, disconnectedPeers: null, connectedPeers: null },
  },
  '/peers': { peers: [{ address: PEER, fullNode: true }] },
  '/welcome-message': { welcomeMessage: 'hello from the operator' },
  '/loggers': { tree: {}, loggers: [{ logger: 'node/api', verbosity: 'info', subsystem: 'node/api[0][]>>824634', id: 'bm9kZS9hcGk=' }] },
  '/chainstate': { chainTip: 5000, block: 4990, totalAmount: '123456789', currentPrice: '24000', minimumValidityBlocks: 17280 },
  '/reservestate': { radius: 10, storageRadius: 9, commitment: 1_000_000, reserveCapacityDoubling: 0 },
  '/redistributionstate': {
    minimumGasFunds: '3750000000000000',
    hasSufficientFunds: true,
    isFrozen: false,
    isFullySynced: true,
    isHealthy: true,
    phase: 'claim',
    round: 1234,
    lastWonRound: 1000,
    lastPlayedRound: 1200,
    lastFrozenRound: 0,
    lastSelectedRound: 1200,
    lastSampleDurationSeconds: 8.5,
    block: 187_600,
    reward: '1000000',
    fees: null,
  },
  [`/rchash/10/${'aa'.repeat(32)}/${'bb'.repeat(32)}`]: { hash: 'ff'.repeat(32), durationSeconds: 7.25, proofs: { proof1: proof, proof2: proof, proofLast: proof } },
  '/wallet': { bzzBalance: '10000000000000000', nativeTokenBalance: '500000000000000000', chainID: 100, chequebookContractAddress: `0x${'cd'.repeat(20)}`, walletAddress: `0x${'ab'.repeat(20)}` },
  '/stake': { stakedAmount: '100000000000000000' },
  '/stake/withdrawable': { withdrawableAmount: '0' },
  '/transactions': { pendingTransactions: [transactionInfo] },
  [`/transactions/${TX}`]: transactionInfo,
  '/balances': { balances: [{ peer: PEER, balance: '-42', thresholdreceived: '13500000', thresholdgiven: '13500000' }] },
  [`/balances/${PEER}`]: { peer: PEER, balance: '-42', thresholdreceived: '13500000', thresholdgiven: '13500000' },
  '/settlements': { totalReceived: '10', totalSent: '0', settlements: [{ peer: PEER, received: '10', sent: '0' }] },
  [`/settlements/${PEER}`]: { peer: PEER, received: '10', sent: '0' },
  '/timesettlements': { totalReceived: '5', totalSent: '6', settlements: null },
  '/chequebook/address': { chequebookAddress: `0x${'Cd'.repeat(20)}` },
  '/chequebook/balance': { totalBalance: '1000', availableBalance: '900' },
  '/chequebook/cheque': { lastcheques: [{ peer: PEER, lastreceived: cheque, lastsent: null }] },
  [`/chequebook/cheque/${PEER}`]: { peer: PEER, lastreceived: cheque, lastsent: null },
  [`/chequebook/cashout/${PEER}`]: {
    peer: PEER,
    lastCashedCheque: cheque,
    transactionHash: TX,
    result: { recipient: `0x${'ab'.repeat(20)}`, lastPayout: '12345', bounced: false },
    uncashedAmount: '0',
  },
  '/stamps': { stamps: [postageBatch()] },
  [`/stamps/${BATCH}`]: postageBatch(),
  [`/stamps/${BATCH}/buckets`]: { depth: 18, bucketDepth: 16, bucketUpperBound: 4, buckets: [{ bucketID: 0, collisions: 3 }, { bucketID: 1, collisions: 0 }] },
  '/batches': { batches: [{ batchID: BATCH, value: '99999', start: 100, owner: 'ab'.repeat(20), depth: 18, bucketDepth: 16, immutable: true, batchTTL: 3600 }] },
  '/tags': { tags: [tag(1), tag(2)] },
  '/tags/7': tag(7),
  '/pins': { references: [REF] },
  [`/pins/${REF}`]: { reference: REF },
  [`/stewardship/${REF}`]: { isRetrievable: true },
};
