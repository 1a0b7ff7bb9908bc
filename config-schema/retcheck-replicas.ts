/**
 * Additive `replicas` section of the retcheck report (spec_version stays 1): the dispersed replicas Bee keeps of
 * a root chunk uploaded at redundancy level > 0 (Bee v2.8.1 `pkg/replicas`), and whether each vantage can
 * retrieve each of them through the network (docs/retcheck.md "Root replicas").
 */
import { z } from 'zod';

const hex = (what: string) => z.string().regex(/^[0-9a-f]+$/, `${what} must be lowercase hex`);
const int = z.number().int();
const nonNegInt = int.min(0);
const level = int.min(0).max(4);

export const replicaAnswerSchema = z.looseObject({
  retrievable: z
    .boolean()
    .nullable()
    .describe('GET /stewardship/{replica address} on this vantage: Bee fetches the single-owner chunk from other nodes, never from its own store; null when there was no answer'),
  elapsed_ms: nonNegInt,
  error: z.string().optional().describe('why there is no answer'),
  not_asked: z.boolean().optional().describe('true: not asked, because the vantage did not answer the stewardship check of the reference itself'),
  proximity: int.min(0).max(256).optional().describe("PO between the vantage's overlay and the replica address"),
});

export const replicaSlotSchema = z.looseObject({
  index: int.min(0).max(15).describe("position in Bee's dispersal order (the order a download tries them in)"),
  address: hex('address').length(64).describe('keccak256(identifier ‖ owner)'),
  identifier: hex('identifier').length(64).describe('the root address with its first byte replaced by a counter'),
  neighborhood: hex('neighborhood').length(2),
  level: int.min(1).max(4).describe('the lowest redundancy level at which Bee stores this replica (slots 0-1: 1, 2-3: 2, 4-7: 3, 8-15: 4)'),
  expected: z
    .boolean()
    .nullable()
    .describe('true: it exists unless lost, at the level checked (or at the least level a search found); null: a search cannot tell whether it was ever stored'),
  per_vantage: z.record(z.string(), replicaAnswerSchema),
});

export const replicaVantageSchema = z.looseObject({
  expected: nonNegInt.nullable().describe('replicas that should exist (null: not known)'),
  found: nonNegInt.describe('replicas this vantage retrieved through the network'),
  missing: nonNegInt.describe('expected replicas this vantage answered it could not retrieve'),
  no_answer: nonNegInt.describe('replicas without an answer from this vantage (an error, or not asked)'),
});

export const replicasSchema = z
  .looseObject({
    root: hex('root').length(64).describe('the chunk whose replicas these are: the reference (its address half when encrypted)'),
    owner: hex('owner').length(40).describe("Bee's fixed replica owner (dc5b20847f43d67928f49cd4f85d696b5a7617b5)"),
    level: level.nullable().describe('the redundancy level the replicas were checked against; null when not known'),
    level_source: z
      .enum(['span', 'option', 'search', 'none'])
      .describe("span: the root chunk's span marks it; option: --redundancy-level; search: not known, all 16 addresses asked; none: no level applies (a single-owner chunk, or the check failed: see note)"),
    level_at_least: int.min(1).max(4).optional().describe('search only: the least level the upload had, from the replicas found'),
    checked: z.boolean().describe('false: nothing was asked (level 0, a single-owner chunk, or the check failed)'),
    note: z.string().describe('why this level, in a sentence'),
    slots: z.array(replicaSlotSchema),
    per_vantage: z.record(z.string(), replicaVantageSchema),
    missing_everywhere: nonNegInt.describe('expected replicas that no vantage retrieved (--reseed re-creates them)'),
  })
  .describe('additive: the dispersed replicas of the root chunk (redundancy level > 0) and which vantages retrieve them');

export type ReplicaAnswer = z.infer<typeof replicaAnswerSchema>;
export type ReplicaSlot = z.infer<typeof replicaSlotSchema>;
export type ReplicaVantage = z.infer<typeof replicaVantageSchema>;
export type Replicas = z.infer<typeof replicasSchema>;
