/**
 * URL building and path-parameter validation. Parameters are validated before anything reaches the wire, so a typo
 * in a batch ID fails locally with an InputError naming the parameter instead of a confusing 400 from the node.
 */
import { InputError } from '../../core/swarm/input-error.js';

/** Parses and normalises a node (or gateway) base URL: http/https only, no credentials, no trailing slash. */
export function parseBaseUrl(value: string, what = 'node base URL'): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InputError(what, value, 'an absolute http:// or https:// URL, e.g. http://localhost:1633');
  }
  checkHttpUrl(url, value, what);
  if (url.search || url.hash) throw new InputError(what, value, 'a URL without query string or fragment');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** An arbitrary absolute URL for gateway probes: http/https only and no embedded credentials. */
export function parseProbeUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InputError('probe URL', value, 'an absolute http:// or https:// URL');
  }
  checkHttpUrl(url, value, 'probe URL');
  return url;
}

function checkHttpUrl(url: URL, raw: string, what: string): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InputError(what, raw, `an http:// or https:// URL (got protocol ${url.protocol})`);
  }
  // Credentials in a URL end up in logs and error messages; the bearer token has its own option.
  if (url.username || url.password) {
    throw new InputError(what, raw, 'a URL without user:password@ (pass the API token through the token option)');
  }
}

/**
 * Fills `{name}` placeholders of a path template with URI-encoded values.
 * `{name*}` keeps slashes (manifest paths), encoding each segment separately.
 */
export function fillTemplate(template: string, params: Readonly<Record<string, string | number>>): string {
  const parts = compiledTemplate(template);
  let out = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const { name, keepSlashes } = parts[i] as Placeholder;
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    const text = String(value);
    out += (keepSlashes ? text.split('/').map(encodeSegment).join('/') : encodeSegment(text)) + (parts[i + 1] as string);
  }
  return out;
}

interface Placeholder {
  readonly name: string;
  readonly keepSlashes: boolean;
}

/** Literal, placeholder, literal, …: templates are a few dozen constants, each parsed once instead of per call. */
const compiledTemplates = new Map<string, (string | Placeholder)[]>();

function compiledTemplate(template: string): (string | Placeholder)[] {
  let parts = compiledTemplates.get(template);
  if (!parts) {
    parts = [];
    const pattern = /\{(\w+)(\*?)\}/g;
    let from = 0;
    for (let match = pattern.exec(template); match; match = pattern.exec(template)) {
      parts.push(template.slice(from, match.index), { name: match[1]!, keepSlashes: match[2] === '*' });
      from = match.index + match[0].length;
    }
    parts.push(template.slice(from));
    // fillTemplate is exported: a caller passing ever-new templates must not grow the cache without bound.
    if (compiledTemplates.size < 1024) compiledTemplates.set(template, parts);
  }
  return parts;
}

const UNRESERVED = /^[A-Za-z0-9_.~-]*$/;

/** `=` is legal in a path segment and Bee's base64 logger expressions end in it, so it stays literal. */
function encodeSegment(text: string): string {
  // Hex addresses and IDs, most of what goes into a path, need no encoding at all.
  if (UNRESERVED.test(text)) return text;
  const encoded = encodeURIComponent(text);
  return encoded.includes('%3D') ? encoded.replace(/%3D/g, '=') : encoded;
}

export type QueryValue = string | number | boolean | undefined;

export function queryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

const HEX = /^[0-9a-fA-F]+$/;

function stripHex0x(value: string): string {
  return value.startsWith('0x') || value.startsWith('0X') ? value.slice(2) : value;
}

/** Exactly `chars` hex characters; an optional 0x is dropped and the result lowercased, as Bee expects. */
export function hexParam(what: string, value: string, chars: number): string {
  const clean = stripHex0x(String(value));
  if (clean.length !== chars || !HEX.test(clean)) throw new InputError(what, String(value), `${chars} hex characters`);
  return clean.toLowerCase();
}

export const batchIdParam = (value: string): string => hexParam('batch ID', value, 64);
export const overlayParam = (value: string): string => hexParam('peer overlay address', value, 64);
export const ownerParam = (value: string): string => hexParam('feed owner', value, 40);
export const topicParam = (value: string): string => hexParam('feed topic', value, 64);
export const chunkAddressParam = (value: string): string => hexParam('chunk address', value, 64);

/** Tx hashes keep their 0x, the form Bee prints and accepts. */
export function txHashParam(value: string): string {
  return `0x${hexParam('transaction hash', value, 64)}`;
}

/**
 * A content reference for the resolving endpoints: 64/128 hex, or a CID / ENS name, which Bee resolves itself.
 * Anything else (slashes, spaces, empty) is refused.
 */
export function referenceParam(value: string, what = 'reference'): string {
  const clean = stripHex0x(String(value));
  if (HEX.test(clean) && (clean.length === 64 || clean.length === 128)) return clean.toLowerCase();
  if (HEX.test(clean)) throw new InputError(what, String(value), '64 or 128 hex characters, a CID or an ENS name');
  if (/^[a-z0-9][a-z0-9.-]{2,252}$/i.test(value)) return value;
  throw new InputError(what, String(value), '64 or 128 hex characters, a CID or an ENS name');
}

export function nonNegativeIntParam(what: string, value: number | bigint | string, min = 0): string {
  const text = String(value);
  if (!/^\d+$/.test(text) || BigInt(text) < BigInt(min)) throw new InputError(what, text, `an integer >= ${min}`);
  return text;
}
