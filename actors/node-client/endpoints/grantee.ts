/**
 * ACT grantee lists (bee-api.md §2.7): POST /grantee creates a list (201 `{ref, historyref}`), GET /grantee/{ref}
 * lists its public keys (only the publishing node can read it), PATCH /grantee/{ref} adds and revokes keys
 * (needs `swarm-act-history-address`). The writes stamp chunks, so they need a batch.
 */
import type { CallOptions, Transport } from '../http.js';
import { jsonCall } from '../readers.js';
import { granteeListRefSchema, granteesSchema } from '../schemas/grantee.js';
import { uploadHeaders, requireBatch, type UploadOptions } from '../swarm-headers.js';
import { hexParam, referenceParam } from '../url.js';

export interface GranteeWriteOptions extends UploadOptions, CallOptions {
  /** `swarm-act-history-address`: required by PATCH, optional on POST (continue an existing history). */
  readonly historyAddress?: string;
}

const publicKey = (key: string) => hexParam('grantee public key', key, 66);

export function granteeEndpoints(t: Transport) {
  const writeHeaders = (o: GranteeWriteOptions) => ({
    ...uploadHeaders(o),
    'content-type': 'application/json',
    'swarm-act-history-address': o.historyAddress === undefined ? undefined : hexParam('ACT history address', o.historyAddress, 64),
  });
  return {
    grantees: (reference: string, o?: CallOptions) => jsonCall(t, { method: 'GET', template: '/grantee/{ref}', params: { ref: referenceParam(reference) } }, granteesSchema, o),

    createGrantees: (keys: readonly string[], o: GranteeWriteOptions) => {
      requireBatch(o, 'createGrantees');
      return jsonCall(t, { method: 'POST', template: '/grantee', headers: writeHeaders(o), body: JSON.stringify({ grantees: keys.map(publicKey) }) }, granteeListRefSchema, o);
    },

    patchGrantees: (reference: string, change: { add?: readonly string[]; revoke?: readonly string[] }, o: GranteeWriteOptions & { readonly historyAddress: string }) => {
      requireBatch(o, 'patchGrantees');
      return jsonCall(
        t,
        {
          method: 'PATCH',
          template: '/grantee/{ref}',
          params: { ref: referenceParam(reference) },
          headers: writeHeaders(o),
          body: JSON.stringify({ add: (change.add ?? []).map(publicKey), revoke: (change.revoke ?? []).map(publicKey) }),
        },
        granteeListRefSchema,
        o,
      );
    },
  };
}
