/**
 * Typed HTTP client for the Bee node API (port 1633), shared by retcheck, the cockpit, devnet conformance and the
 * benchmarks. Every response is validated at the boundary; every failure is a serialisable NodeApiError; every call
 * is recorded per endpoint template for the API Health screen.
 */
export { createNodeClient, DEFAULT_TIMEOUT_MS, type NodeClient, type NodeClientOptions, type NodeEndpoints } from './client.js';
export { createCallStats, percentile, OVERFLOW_TEMPLATE, type CallRecord, type CallStats, type CallStatsOptions, type EndpointStats } from './call-stats.js';
export { NodeApiError, isNodeApiError, isNotFound, BODY_EXCERPT_MAX, type NodeApiErrorCode, type NodeApiErrorData } from './errors.js';
export type { CallOptions, RequestBody, HttpMethod } from './http.js';
export type { Wire } from './wire.js';
export { undiciWire } from './undici-wire.js';
export { createRawHttpWire, type RawHttpWireOptions } from './raw-http-wire.js';
export { createNodeHttpWire } from './node-http-wire.js';
export type { UploadOptions, ChunkUploadOptions, DownloadOptions } from './swarm-headers.js';
export { parseBaseUrl } from './url.js';
export { goDurationToMs } from './go-duration.js';
export { LOGGER_VERBOSITIES, type LoggerVerbosity, type Readiness, type Pong } from './endpoints/status.js';
export type { GasOptions } from './endpoints/chain.js';
export type { CashoutOptions } from './endpoints/accounting.js';
export type { StampLookup, BuyStampOptions } from './endpoints/stamps.js';
export type { TagListOptions } from './endpoints/content.js';
export type { UploadResult, UploadCallOptions, FileUploadOptions, CollectionUploadOptions, ChunkUploadCallOptions } from './endpoints/upload.js';
export type { BzzDownload, StreamResult, HeadResult, RangeDownload, DownloadCallOptions } from './endpoints/download.js';
export type { FeedUpdate, FeedLookupOptions } from './endpoints/feeds.js';
export type { GranteeWriteOptions } from './endpoints/grantee.js';
export type { GranteeListRef } from './schemas/grantee.js';
export type { Health, NodeInfo, Addresses, StatusSnapshot, StatusPeers, Neighborhoods, Topology, TopologyBin, TopologySummary, Peers, Loggers } from './schemas/status.js';
export type { ChainState, ReserveState, RedistributionState, RcHash, Wallet, Stake, StakeWithdrawable, TransactionInfo } from './schemas/chain.js';
export type { Balance, Settlement, Settlements, ChequebookBalance, PeerCheques, CashoutStatus } from './schemas/accounting.js';
export type { PostageBatch, StampBuckets, BatchTransaction, ChainBatch } from './schemas/stamps.js';
export type { Tag, PinCheck } from './schemas/content.js';
