/**
 * `--inspect [ws://HOST:PORT]` of `cockpit`, `cockpit-tui` and `retcheck` (docs/cockpit.md and docs/retcheck.md
 * "Live inspection"): where the actor system's inspection events go. Pure; the bins' option parsers call it once.
 *
 * The flag's value is optional, so commander hands it the next word whatever it is. The rules:
 * - no word (`--inspect` last, or before another option): start the local bridge;
 * - a `ws://` or `wss://` URL: send the events there;
 * - another URL (`http://n1:1633`, a node): not the flag's value but the command's own argument, as `--serve`
 *   treats a URL after it, so `cockpit --inspect http://n1:1633` inspects a cockpit watching n1;
 * - anything else (`--inspect notaurl`): refused, naming the two forms the flag takes.
 */
import { InputError } from '../swarm/input-error.js';

export type InspectTarget =
  /** No address: start the package's bridge on loopback and say which page to open. */
  | { readonly kind: 'bridge' }
  /** Send to this WebSocket (the bridge of another process, the Stately inspector's own, a test's server). */
  | { readonly kind: 'url'; readonly url: string };

export interface InspectFlag {
  readonly target: InspectTarget;
  /** A URL commander took for the flag's value that is the command's own argument (put back in front of them). */
  readonly argument?: string;
}

const WS_URL = /^wss?:\/\//i;
const ANY_URL = /^[a-z][a-z0-9+.-]*:\/\//i;

/** commander's value of `--inspect [url]`: `true` for the bare flag, else the word after it. */
export function parseInspectFlag(value: string | true): InspectFlag {
  if (value === true) return { target: { kind: 'bridge' } };
  if (!WS_URL.test(value)) {
    if (ANY_URL.test(value)) return { target: { kind: 'bridge' }, argument: value };
    throw new InputError('--inspect address', value, 'a ws:// or wss:// URL (--inspect ws://127.0.0.1:8080), or --inspect with no value (last, or before another option) to start a local bridge');
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InputError('--inspect address', value, 'a ws:// or wss:// URL with a host, e.g. ws://127.0.0.1:8080');
  }
  if (!url.hostname) throw new InputError('--inspect address', value, 'a ws:// or wss:// URL with a host, e.g. ws://127.0.0.1:8080');
  if (url.username || url.password) throw new InputError('--inspect address', value, 'a ws:// or wss:// URL without credentials');
  return { target: { kind: 'url', url: value } };
}
