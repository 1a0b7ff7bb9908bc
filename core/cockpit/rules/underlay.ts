/**
 * Underlay addresses (`/addresses` underlay: libp2p multiaddrs such as `/ip4/203.0.113.7/tcp/1634/p2p/Qm…`)
 * read for S7: host, port, transport, peer id, and whether other nodes on the internet could dial it. A node
 * that lists only loopback or private addresses can still work behind NAT with a public address from
 * `--nat-addr`, which shows here as one more underlay.
 */

export type UnderlayScope = 'public' | 'private' | 'loopback' | 'dns' | 'unknown';

export interface Underlay {
  readonly address: string;
  /** `ip4`, `ip6`, `dns4`, `dns6`, `dns`, or what the multiaddr starts with. */
  readonly family: string;
  readonly host: string;
  readonly port: number | null;
  /** `tcp`, `udp/quic-v1`, `tcp/ws`, `tcp/wss`, … */
  readonly transport: string;
  readonly peerId: string | null;
  readonly scope: UnderlayScope;
}

const TRANSPORT_WORDS = new Set(['quic', 'quic-v1', 'ws', 'wss', 'tls', 'webtransport', 'webrtc', 'webrtc-direct']);

export function parseUnderlay(address: string): Underlay {
  const parts = address.split('/').slice(1);
  const family = parts[0] ?? '';
  const host = parts[1] ?? '';
  let port: number | null = null;
  const transport: string[] = [];
  let peerId: string | null = null;
  for (let i = 2; i < parts.length; i++) {
    const part = parts[i]!;
    if ((part === 'tcp' || part === 'udp') && /^\d+$/.test(parts[i + 1] ?? '')) {
      transport.push(part);
      port = Number(parts[++i]);
    } else if (part === 'p2p' || part === 'ipfs') {
      peerId = parts[++i] ?? null;
    } else if (TRANSPORT_WORDS.has(part)) {
      transport.push(part);
    }
  }
  return { address, family, host, port, transport: transport.join('/') || '?', peerId, scope: scopeOf(family, host) };
}

function scopeOf(family: string, host: string): UnderlayScope {
  if (family.startsWith('dns')) return 'dns';
  if (family === 'ip4') {
    const octets = host.split('.').map(Number);
    if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) return 'unknown';
    const [a, b] = octets as [number, number, number, number];
    if (a === 127) return 'loopback';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127) || a === 0) return 'private';
    return 'public';
  }
  if (family === 'ip6') {
    const h = host.toLowerCase();
    if (h === '::1') return 'loopback';
    if (h.startsWith('fe80') || h.startsWith('fc') || h.startsWith('fd') || h === '::') return 'private';
    return h.includes(':') ? 'public' : 'unknown';
  }
  return 'unknown';
}

/** What an underlay's scope means to an operator, one line. */
export function describeScope(scope: UnderlayScope): string {
  switch (scope) {
    case 'public':
      return 'public: dialable from the internet if the port is open';
    case 'private':
      return 'private network: only peers on the same network can dial it';
    case 'loopback':
      return 'loopback: only this machine can dial it';
    case 'dns':
      return 'DNS name: dialable wherever it resolves';
    default:
      return 'not an address the cockpit can read';
  }
}
