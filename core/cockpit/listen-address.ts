/**
 * `<host:port>` of the headless servers (`cockpit --serve-metrics 127.0.0.1:9464`, `--serve`): an IPv4 address
 * or name, or a bracketed IPv6 address, and a port 0..65535 (0 picks a free one). A bare port means loopback:
 * an operator who wants the metrics on every interface says so (`0.0.0.0:9464`).
 */
import { InputError } from '../swarm/input-error.js';

export interface ListenAddress {
  readonly host: string;
  readonly port: number;
}

const EXPECTED = 'host:port (e.g. 127.0.0.1:9464, 0.0.0.0:9464, [::1]:9464) or a port';

export function parseListenAddress(text: string, what = '--serve-metrics address'): ListenAddress {
  const trimmed = text.trim();
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([A-Za-z0-9.-]+)):(\d{1,5})$/.exec(trimmed) ?? /^()()(\d{1,5})$/.exec(trimmed);
  if (!match) throw new InputError(what, text, EXPECTED);
  const port = Number(match[3]);
  if (port > 65_535) throw new InputError(what, text, `a port 0..65535 in ${EXPECTED}`);
  return { host: match[1] || match[2] || '127.0.0.1', port };
}

/** `http://127.0.0.1:9464`, `http://[::1]:9464`. */
export function listenUrl(address: ListenAddress): string {
  return `http://${address.host.includes(':') ? `[${address.host}]` : address.host}:${address.port}`;
}
