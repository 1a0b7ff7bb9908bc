/**
 * The contracts between the retcheck machines and the root replica actors: the check
 * (actors/retcheck/replica-check.ts) and the re-seed's re-creation and verification
 * (actors/retcheck/replica-reseed.ts). The machines own them and import them as types only.
 */
import type { VantageResult } from '../../config-schema/retcheck-report.js';
import type { RedundancyLevel } from '../../core/swarm/redundancy.js';

export interface ReplicaCheckInput {
  reference: string;
  /** The probe's answers: every vantage, in order (URL, overlay, whether it answered). */
  vantages: readonly Pick<VantageResult, 'node_url' | 'overlay' | 'retrievable' | 'error'>[];
  /** Node URLs in order, to read the root chunk from. */
  nodes: readonly string[];
  /** `--redundancy-level`: used when the root's span does not mark the level. */
  declaredLevel?: RedundancyLevel;
  concurrency: number;
  timeoutMs: number;
}

export interface RecreateReplicasInput {
  nodeUrl: string;
  reference: string;
  vantages: string[];
  level: RedundancyLevel;
  /** Slot indices (Bee's dispersal order) to re-create. */
  slots: number[];
  batchId: string;
  timeoutMs: number;
}

/** One replica the re-seed built: uploaded (the node answered its address) or not (why). */
export interface RecreatedReplica {
  index: number;
  address: string;
  uploaded: boolean;
  error?: string;
}

export interface VerifyReplicasInput {
  vantages: string[];
  replicas: { index: number; address: string }[];
  concurrency: number;
  timeoutMs: number;
}

export interface VerifiedReplica {
  index: number;
  address: string;
  /** Vantages whose stewardship check retrieved it. */
  retrievableOn: string[];
  /** Vantages that gave no answer. */
  noAnswer: number;
}

/** The replicas part of a re-seed: each re-created replica, uploaded or not, and the vantages that retrieve it. */
export interface ReplicaReseedOutcome {
  level?: RedundancyLevel;
  /** Why nothing was re-created. */
  skipped?: string;
  vantages: number;
  replicas: (RecreatedReplica & Partial<Pick<VerifiedReplica, 'retrievableOn' | 'noAnswer'>>)[];
}
