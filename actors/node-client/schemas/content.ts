/**
 * Schemas for tags, pins and stewardship (bee-api.md §2.5, §9).
 */
import * as z from 'zod/mini';
import { count, list, referenceHex } from './common.js';

export const tagSchema = z.lazy(() => z.object({
  uid: count(),
  /** Root reference, `""` until the split is done (so not validated as hex). */
  address: z.optional(z.string()),
  startedAt: z.string(),
  split: count(),
  seen: count(),
  stored: count(),
  sent: count(),
  synced: count(),
}));
export type Tag = z.output<typeof tagSchema>;

export const tagsSchema = z.lazy(() => z.object({ tags: list(tagSchema) }));

export const pinsSchema = z.lazy(() => z.object({ references: list(referenceHex()) }));

/** One NDJSON line of GET /pins/check. */
export const pinCheckSchema = z.lazy(() => z.object({
  reference: referenceHex(),
  total: count(),
  missing: count(),
  invalid: count(),
}));
export type PinCheck = z.output<typeof pinCheckSchema>;

export const stewardshipSchema = z.lazy(() => z.object({ isRetrievable: z.boolean() }));
