/**
 * Pure readers of Linux /proc text, and the stdout classification rule. No I/O here, so every
 * rule is tested on literal /proc content; proc-reader.ts gathers the facts from a real /proc.
 */
import type { ContainerRuntime, StdoutClass } from '../../machines/log-source.contracts.js';

const TCP_LISTEN = '0A';

/**
 * /proc/net/tcp and tcp6 print addresses as 32-bit words in host byte order; this reads them as
 * little-endian (x86, arm64). A big-endian host would see no loopback listener and fall back to
 * "nothing listens", not to a wrong process.
 */
function isLoopbackOrAnyAddress(hex: string): boolean {
  if (/^0+$/.test(hex)) return true; // 0.0.0.0 or ::, which also answers on loopback
  if (hex.length === 8) return hex.slice(6, 8).toUpperCase() === '7F';
  if (hex.length !== 32) return false;
  const upper = hex.toUpperCase();
  if (upper === '00000000000000000000000001000000') return true; // ::1
  return upper.startsWith('0000000000000000FFFF0000') && upper.slice(30, 32) === '7F'; // ::ffff:127.x
}

/** Socket inodes listening on `port` at an address that answers a loopback URL. */
export function listeningInodes(netTcpText: string, port: number): string[] {
  const inodes: string[] = [];
  for (const line of netTcpText.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    const [local, state, inode] = [fields[1], fields[3], fields[9]];
    if (!local || state !== TCP_LISTEN || !inode || inode === '0') continue;
    const [address, portHex] = local.split(':');
    if (address && portHex && Number.parseInt(portHex, 16) === port && isLoopbackOrAnyAddress(address)) inodes.push(inode);
  }
  return inodes;
}

/** `socket:[123]` -> '123'; same for `pipe:[…]`. */
export function linkInode(link: string, kind: 'socket' | 'pipe'): string | undefined {
  const match = new RegExp(`^${kind}:\\[(\\d+)\\]$`).exec(link);
  return match?.[1];
}

export interface CgroupOwner {
  container?: { runtime: ContainerRuntime; id: string };
  unit?: { name: string; scope: 'system' | 'user' };
}

/** Who runs a process, from /proc/<pid>/cgroup (v1 or v2 lines `id:controllers:/path`). */
export function cgroupOwner(cgroupText: string): CgroupOwner {
  for (const line of cgroupText.split('\n')) {
    const path = line.split(':').slice(2).join(':');
    const docker = /(?:\/docker[-/])([0-9a-f]{12,64})(?:\.scope)?(?:\/|$)/.exec(path);
    if (docker?.[1]) return { container: { runtime: 'docker', id: docker[1] } };
    const podman = /\/libpod-(?:conmon-)?([0-9a-f]{12,64})(?:\.scope)?(?:\/|$)/.exec(path);
    if (podman?.[1]) return { container: { runtime: 'podman', id: podman[1] } };
  }
  for (const line of cgroupText.split('\n')) {
    const segments = line.split(':').slice(2).join(':').split('/').filter(Boolean);
    const userManager = segments.findIndex((s) => /^user@\d+\.service$/.test(s));
    const units = segments.filter((s, i) => s.endsWith('.service') && i !== userManager);
    const unit = units[units.length - 1];
    if (unit) return { unit: { name: unit, scope: userManager >= 0 ? 'user' : 'system' } };
  }
  return {};
}

/** Processes that forward a published port into a container: the listener, but not the node. */
const PORT_FORWARDERS = new Set(['docker-proxy', 'rootlessport', 'rootlessport-c', 'slirp4netns', 'pasta', 'gvproxy']);

export interface StdoutFacts {
  pid: number;
  processName: string;
  /** readlink of /proc/<pid>/fd/1; undefined when fd 1 is closed. */
  fdTarget: string | undefined;
  /** stat through /proc/<pid>/fd/1 says regular file. */
  isRegularFile: boolean;
  /** The process sees another root (a container): its paths are reachable under /proc/<pid>/root. */
  foreignMountNamespace: boolean;
  cgroup: string;
  /** Names of the other processes holding the same pipe (the reader end, usually). */
  pipePeers: string[];
}

export function classifyStdoutFacts(facts: StdoutFacts): StdoutClass {
  const { pid, processName, fdTarget } = facts;
  if (PORT_FORWARDERS.has(processName)) {
    return { kind: 'uncapturable', what: 'portForwarder', detail: `the port is published by ${processName}, so the node runs in a container or VM; set --node-log-cmd (e.g. docker logs -f <container>)` };
  }
  if (fdTarget === undefined) return { kind: 'uncapturable', what: 'other', detail: 'its stdout (fd 1) is closed' };
  if (fdTarget === '/dev/null') return { kind: 'uncapturable', what: 'null', detail: 'its stdout goes to /dev/null' };
  if (/^\/dev\/(pts\/\d+|tty\w*|console)$/.test(fdTarget)) {
    return { kind: 'uncapturable', what: 'tty', detail: `its stdout is the terminal ${fdTarget}; restart it with stdout redirected to a file` };
  }
  if (fdTarget.startsWith('/')) {
    if (fdTarget.endsWith(' (deleted)')) return { kind: 'uncapturable', what: 'other', detail: `its stdout file was deleted (${fdTarget})` };
    if (!facts.isRegularFile) return { kind: 'uncapturable', what: 'other', detail: `its stdout is ${fdTarget}, not a regular file` };
    return { kind: 'regularFile', path: facts.foreignMountNamespace ? `/proc/${pid}/root${fdTarget}` : fdTarget };
  }
  const isPipe = linkInode(fdTarget, 'pipe') !== undefined;
  const isSocket = linkInode(fdTarget, 'socket') !== undefined;
  if (!isPipe && !isSocket) return { kind: 'uncapturable', what: 'other', detail: `its stdout is ${fdTarget}` };
  const owner = cgroupOwner(facts.cgroup);
  if (owner.container) return { kind: 'containerPipe', runtime: owner.container.runtime, containerId: owner.container.id };
  if (owner.unit) return { kind: 'servicePipe', unit: owner.unit.name, scope: owner.unit.scope };
  const peer = facts.pipePeers.length ? ` into ${[...new Set(facts.pipePeers)].join(', ')}` : '';
  return { kind: 'uncapturable', what: 'opaquePipe', detail: `its stdout is a ${isPipe ? 'pipe' : 'socket'}${peer} owned by no container runtime or service manager` };
}
