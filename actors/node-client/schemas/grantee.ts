/** ACT grantee lists (bee-api.md §2.7; Bee v2.8.1 pkg/api/accesscontrol.go). */
import * as z from 'zod/mini';
import { hexString, list, referenceHex } from './common.js';

/** GET /grantee/{ref}: the compressed public keys (66 hex) of the list; Go writes `[]` for an empty one. */
export const granteesSchema = z.lazy(() => list(hexString(66)));

/** POST /grantee (201) and PATCH /grantee/{ref} (200): the encrypted list reference and the ACT history. */
export const granteeListRefSchema = z.lazy(() => z.object({ ref: referenceHex(), historyref: referenceHex() }));

export type GranteeListRef = z.output<typeof granteeListRefSchema>;
