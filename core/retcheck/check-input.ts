/**
 * What one retrievability check is asked to do, after the surfaces validated their inputs (the CLI's
 * options, the web app's form): the retcheck machine's input. Core owns it so the pure form and option
 * parsers can build it without depending on the machine.
 */
import type { RedundancyLevel } from '../swarm/redundancy.js';

export type CheckTarget = { kind: 'reference'; reference: string } | { kind: 'feed'; owner: string; topic: string };

export interface RetcheckInput {
  target: CheckTarget;
  nodes: string[];
  gateways: string[];
  timeoutMs: number;
  perChunk: boolean;
  cold: boolean;
  concurrency: number;
  targetOverlay?: string;
  reseed?: { batchId: string };
  /**
   * Check the root's dispersed replicas (docs/retcheck.md "Root replicas"); `declaredLevel` is
   * `--redundancy-level`, used when the root's span does not mark the level. Absent: not checked.
   */
  replicas?: { declaredLevel?: RedundancyLevel };
}
