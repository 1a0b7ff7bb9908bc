/**
 * Schemas for tags, pins and stewardship (bee-api.md §2.5, §9).
 */
import { z } from 'zod';
import { list, referenceHex } from './common.js';

export const tagSchema = z.lazy(() => z.object({
  uid: z.number(),
  /** Root reference, `""` until the split is done (so not validated as hex). */
  address: z.string().optional(),
  startedAt: z.string(),
  split: z.number(),
  seen: z.number(),
  stored: z.number(),
  sent: z.number(),
  synced: z.number(),
}));
export type Tag = z.output<typeof tagSchema>;

export const tagsSchema = z.lazy(() => z.object({ tags: list(tagSchema) }));

export const pinsSchema = z.lazy(() => z.object({ references: list(referenceHex) }));

/** One NDJSON line of GET /pins/check. */
export const pinCheckSchema = z.lazy(() => z.object({
  reference: referenceHex,
  total: z.number(),
  missing: z.number(),
  invalid: z.number(),
}));
export type PinCheck = z.output<typeof pinCheckSchema>;

export const stewardshipSchema = z.lazy(() => z.object({ isRetrievable: z.boolean() }));
