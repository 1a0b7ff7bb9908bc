/** A node or gateway base URL as the user typed it, checked and normalised (no trailing slash). */
import { InputError } from '../swarm/input-error.js';

export function parseNodeUrl(raw: string, what = 'node URL'): string {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InputError(what, raw, 'an absolute http:// or https:// URL such as http://localhost:1633');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InputError(what, raw, `an http:// or https:// URL (got ${url.protocol})`);
  if (url.username || url.password) throw new InputError(what, raw, 'a URL without credentials (retcheck sends no authentication)');
  if (url.search || url.hash) throw new InputError(what, raw, 'a base URL without ?query or #fragment');
  // Reports key per-chunk results by node URL, so keep one canonical spelling.
  return url.href.replace(/\/+$/, '');
}
