/**
 * Tags, pins and stewardship (bee-api.md §2.5, §9).
 */
import { InputError } from '../../../core/swarm/input-error.js';
import { discardBody, type CallOptions, type Transport } from '../http.js';
import { emptyCall, jsonCall, ndjsonLines, readJson } from '../readers.js';
import { referenceResponseSchema } from '../schemas/common.js';
import { pinCheckSchema, pinsSchema, stewardshipSchema, tagSchema, tagsSchema, type PinCheck } from '../schemas/content.js';
import { batchIdParam, referenceParam } from '../url.js';

function tagParam(uid: number): number {
  if (!Number.isSafeInteger(uid) || uid < 0) throw new InputError('tag UID', String(uid), 'a non-negative integer');
  return uid;
}

export interface TagListOptions extends CallOptions {
  readonly offset?: number;
  /** 1..1000 (Bee's bounds). */
  readonly limit?: number;
}

export function contentEndpoints(t: Transport) {
  return {
    /** 201 with the new tag; Bee ignores the request body. */
    createTag: (o?: CallOptions) => jsonCall(t, { method: 'POST', template: '/tags' }, tagSchema, o),

    tags: async (o?: TagListOptions) =>
      (await jsonCall(t, { method: 'GET', template: '/tags', query: { offset: o?.offset, limit: o?.limit } }, tagsSchema, o)).tags,

    tag: (uid: number, o?: CallOptions) =>
      jsonCall(t, { method: 'GET', template: '/tags/{uid}', params: { uid: tagParam(uid) } }, tagSchema, o),

    deleteTag: (uid: number, o?: CallOptions) =>
      emptyCall(t, { method: 'DELETE', template: '/tags/{uid}', params: { uid: tagParam(uid) } }, o),

    /** `created` is false when the reference was already pinned (Bee answers 200 instead of 201). */
    pin: async (reference: string, o?: CallOptions): Promise<{ created: boolean }> => {
      const { status } = await emptyCall(t, { method: 'POST', template: '/pins/{ref}', params: { ref: referenceParam(reference) } }, o);
      return { created: status === 201 };
    },

    pins: async (o?: CallOptions) => (await jsonCall(t, { method: 'GET', template: '/pins' }, pinsSchema, o)).references,

    /** Null when the reference is not pinned (Bee's 404). */
    getPin: (reference: string, o?: CallOptions): Promise<{ reference: string } | null> =>
      t.runWhole(
        {
          method: 'GET',
          template: '/pins/{ref}',
          params: { ref: referenceParam(reference) },
          accept: (s) => (s >= 200 && s < 300) || s === 404,
        },
        o,
        async (call) => {
          if (call.status === 404) {
            discardBody(call.body);
            return null;
          }
          return readJson(call, referenceResponseSchema);
        },
      ),

    unpin: (reference: string, o?: CallOptions) =>
      emptyCall(t, { method: 'DELETE', template: '/pins/{ref}', params: { ref: referenceParam(reference) } }, o),

    /**
     * Streams Bee's NDJSON integrity report, one entry per pinned reference (or just `ref`), as lines arrive.
     * The request starts on the first `next()`; stopping early cancels it. The timeout covers the whole stream.
     */
    pinsCheck: async function* (o?: CallOptions & { readonly reference?: string }): AsyncGenerator<PinCheck, void, undefined> {
      const ref = o?.reference === undefined ? undefined : referenceParam(o.reference);
      const call = await t.open({ method: 'GET', template: '/pins/check', query: { ref } }, o);
      yield* ndjsonLines(call, pinCheckSchema);
    },

    /** Fetches every chunk from the network (not the local store): false means some chunk was not found. */
    stewardshipCheck: (reference: string, o?: CallOptions) =>
      jsonCall(t, { method: 'GET', template: '/stewardship/{ref}', params: { ref: referenceParam(reference) } }, stewardshipSchema, o),

    /** Re-stamps with `batchId` and re-pushes every chunk reachable from the reference. */
    stewardshipReupload: (reference: string, batchId: string, o?: CallOptions) =>
      emptyCall(
        t,
        {
          method: 'PUT',
          template: '/stewardship/{ref}',
          params: { ref: referenceParam(reference) },
          headers: { 'swarm-postage-batch-id': batchIdParam(batchId) },
        },
        o,
      ),
  };
}
