/** /tags and /pins (bee-api.md §2.5, §9). */
import { checkPin, type PinCheckLine } from '../content/pins.js';
import { tagJson } from '../content/tags.js';
import { traverseReference } from '../content/traversal.js';
import { invalidParams } from '../content/headers.js';
import { beeError, beeJson, type RouteDef } from '../http/router.js';
import type { DevnetNode } from '../node.js';
import { downloadSource } from './bytes.js';
import { guarded } from './guard.js';
import { ParamError, referenceParam } from './params.js';

function tagParam(value: string | undefined): number {
  if (value === undefined || !/^\d+$/.test(value)) throw new ParamError(invalidParams('invalid path params', 'id', 'invalid syntax'));
  return Number(value);
}

function queryInt(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) throw new ParamError(invalidParams('invalid query params', name, `want min:${min} max:${max}`));
  return value;
}

/** Pin check of one root: its collection against this node's own store (content.pins.ts). */
function pinCheck(node: DevnetNode, reference: string): PinCheckLine {
  const line = checkPin(node.pins, (address) => node.store.get(address), reference);
  if (line.missing + line.invalid > 0) {
    node.log.error('node/storer', 'pin integrity: damaged pin', { pin: reference, total: line.total, missing: line.missing, invalid: line.invalid });
  }
  return line;
}

export const tagPinRoutes: RouteDef[] = [
  { method: 'POST', path: '/tags', handle: (_req, node) => beeJson(201, tagJson(node.tags.create())) },
  {
    method: 'GET',
    path: '/tags',
    handle: guarded((req, node) => {
      const offset = queryInt(req.query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
      const limit = queryInt(req.query, 'limit', 100, 1, 1000);
      return beeJson(200, { tags: node.tags.list(offset, limit).map(tagJson) });
    }),
  },
  {
    method: 'GET',
    path: '/tags/:id',
    handle: guarded((req, node) => {
      const tag = node.tags.get(tagParam(req.params.id));
      return tag === undefined ? beeError(404, 'tag not present') : beeJson(200, tagJson(tag));
    }),
  },
  {
    method: 'DELETE',
    path: '/tags/:id',
    // Bee v2.8.1 answers 204 (with a JSON content type and no body) whether or not the tag existed.
    handle: guarded((req, node) => {
      node.tags.delete(tagParam(req.params.id));
      return { status: 204, headers: { 'content-type': 'application/json; charset=utf-8' } };
    }),
  },
  {
    method: 'PATCH',
    path: '/tags/:id',
    handle: guarded(async (req, node) => {
      const tag = node.tags.get(tagParam(req.params.id));
      if (tag === undefined) return beeError(404, 'tag not present');
      let address: unknown;
      try {
        address = (JSON.parse(new TextDecoder().decode(await req.body())) as { address?: unknown }).address;
      } catch {
        return beeError(400, 'error unmarshaling metadata');
      }
      if (typeof address !== 'string') return beeError(400, 'invalid address');
      tag.address = referenceParam(address, 'address');
      return beeJson(200, { message: 'ok', code: 200 });
    }),
  },
  { method: 'GET', path: '/pins', handle: (_req, node) => beeJson(200, { references: node.pins.list() }) },
  {
    method: 'GET',
    path: '/pins/check',
    handle: guarded((req, node) => {
      const only = req.query.get('ref');
      const roots = only !== null && only !== '' ? [referenceParam(only, 'ref')] : node.pins.list();
      node.log.info('node/api/get_pin_integrity', 'got a total number of pins', { size: roots.length });
      // NDJSON, one line per pin written as it is checked, chunked, as Bee streams it.
      return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: pinLines(node, roots) };
    }),
  },
  {
    method: 'GET',
    path: '/pins/:reference',
    handle: guarded((req, node) => {
      const reference = referenceParam(req.params.reference, 'reference');
      return node.pins.has(reference) ? beeJson(200, { reference }) : beeError(404);
    }),
  },
  {
    method: 'POST',
    path: '/pins/:reference',
    handle: guarded((req, node) => {
      const reference = referenceParam(req.params.reference, 'reference');
      if (node.pins.has(reference)) return beeJson(200, { message: 'OK', code: 200 });
      const source = downloadSource(node);
      const walk = traverseReference(source, reference);
      // Bee v2.8.1: content it cannot retrieve fails the traversal ("no peer found"): 500, not 404.
      if (walk.missing.length > 0) return beeError(500, 'pin collection failed');
      for (const address of walk.addresses) node.store.put(address, source(address)!, 'pin');
      node.pins.add(reference, walk.addresses);
      return beeJson(201, { message: 'Created', code: 201 });
    }),
  },
  {
    method: 'DELETE',
    path: '/pins/:reference',
    handle: guarded((req, node) => {
      const reference = referenceParam(req.params.reference, 'reference');
      return node.pins.delete(reference) ? beeJson(200, { message: 'OK', code: 200 }) : beeError(404);
    }),
  },
];

/**
 * A chunked (no Content-Length) NDJSON body, one pin per write, checked lazily: a client sees the first lines
 * while later pins are still being checked, and one that goes away stops the check.
 */
async function* pinLines(node: DevnetNode, roots: readonly string[]): AsyncIterable<Uint8Array> {
  const encoder = new TextEncoder();
  for (const root of roots) {
    yield encoder.encode(`${JSON.stringify(pinCheck(node, root))}\n`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
