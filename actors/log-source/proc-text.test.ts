import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cgroupOwner, classifyStdoutFacts, linkInode, listeningInodes, type StdoutFacts } from './proc-text.js';

const header = '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode';
const row = (local: string, state: string, inode: string) =>
  `   0: ${local} 00000000:0000 ${state} 00000000:00000000 00:00000000 00000000  1000        0 ${inode} 1 0000000000000000 100 0 0 10 0`;

describe('listeningInodes', () => {
  it('finds listeners on loopback and wildcard addresses, v4 and v6, for the asked port only', () => {
    const port = (1633).toString(16).toUpperCase().padStart(4, '0');
    const tcp = [header, row(`0100007F:${port}`, '0A', '111'), row(`00000000:${port}`, '0A', '112'), row(`0100007F:${port}`, '01', '113'), row('0100007F:0050', '0A', '114'), row(`0502000A:${port}`, '0A', '115')].join('\n');
    expect(listeningInodes(tcp, 1633)).toEqual(['111', '112']);
    const tcp6 = [
      header,
      row(`00000000000000000000000001000000:${port}`, '0A', '211'), // ::1
      row(`00000000000000000000000000000000:${port}`, '0A', '212'), // ::
      row(`0000000000000000FFFF00000100007F:${port}`, '0A', '213'), // ::ffff:127.0.0.1
      row(`B80D0120000000000000000001000000:${port}`, '0A', '214'), // 2001:db8::1
    ].join('\n');
    expect(listeningInodes(tcp6, 1633)).toEqual(['211', '212', '213']);
  });

  it('never throws on arbitrary or truncated text', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 65535 }), (text, port) => {
        expect(Array.isArray(listeningInodes(`${header}\n${text}`, port))).toBe(true);
        expect(listeningInodes(row('0100007F:0671', '0A', '9').slice(0, text.length % 60), 1649)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});

describe('cgroupOwner', () => {
  const id = 'f'.repeat(64);
  it.each([
    [`0::/system.slice/docker-${id}.scope`, { container: { runtime: 'docker', id } }],
    [`12:pids:/docker/${id}\n0::/docker/${id}`, { container: { runtime: 'docker', id } }],
    [`0::/machine.slice/libpod-${id}.scope/container`, { container: { runtime: 'podman', id } }],
    [`0::/user.slice/user-1000.slice/user@1000.service/user.slice/libpod-${id}.scope`, { container: { runtime: 'podman', id } }],
    ['0::/system.slice/bee.service', { unit: { name: 'bee.service', scope: 'system' } }],
    ['0::/user.slice/user-1000.slice/user@1000.service/app.slice/bee-node.service', { unit: { name: 'bee-node.service', scope: 'user' } }],
    ['0::/user.slice/user-1000.slice/session-3.scope', {}],
    ['0::/user.slice/user-1000.slice/user@1000.service/app.slice/app-gnome-term-12.scope', {}],
    ['0::/', {}],
  ])('%s', (text, owner) => expect(cgroupOwner(text)).toEqual(owner));
});

describe('classifyStdoutFacts', () => {
  const base: StdoutFacts = { pid: 42, processName: 'bee', fdTarget: '/var/log/bee.log', isRegularFile: true, foreignMountNamespace: false, cgroup: '0::/', pipePeers: [] };
  const classify = (over: Partial<StdoutFacts>) => classifyStdoutFacts({ ...base, ...over });

  it('tails a regular file, through /proc/<pid>/root when the process sees another root', () => {
    expect(classify({})).toEqual({ kind: 'regularFile', path: '/var/log/bee.log' });
    expect(classify({ foreignMountNamespace: true })).toEqual({ kind: 'regularFile', path: '/proc/42/root/var/log/bee.log' });
  });

  it('follows pipes and sockets owned by a container runtime or a service manager', () => {
    expect(classify({ fdTarget: 'pipe:[9]', cgroup: `0::/system.slice/docker-${'a'.repeat(64)}.scope` })).toEqual({ kind: 'containerPipe', runtime: 'docker', containerId: 'a'.repeat(64) });
    expect(classify({ fdTarget: 'socket:[9]', cgroup: '0::/system.slice/bee.service' })).toEqual({ kind: 'servicePipe', unit: 'bee.service', scope: 'system' });
  });

  it('explains what cannot be captured', () => {
    expect(classify({ fdTarget: '/dev/pts/3' })).toMatchObject({ kind: 'uncapturable', what: 'tty' });
    expect(classify({ fdTarget: '/dev/null' })).toMatchObject({ kind: 'uncapturable', what: 'null' });
    expect(classify({ fdTarget: 'pipe:[9]', pipePeers: ['tee', 'tee'] })).toEqual({ kind: 'uncapturable', what: 'opaquePipe', detail: 'its stdout is a pipe into tee owned by no container runtime or service manager' });
    expect(classify({ processName: 'docker-proxy' })).toMatchObject({ kind: 'uncapturable', what: 'portForwarder' });
    expect(classify({ fdTarget: '/var/log/bee.log (deleted)' })).toMatchObject({ what: 'other', detail: expect.stringContaining('deleted') });
    expect(classify({ fdTarget: '/run/fifo', isRegularFile: false })).toMatchObject({ what: 'other' });
    expect(classify({ fdTarget: undefined })).toMatchObject({ what: 'other', detail: expect.stringContaining('closed') });
    expect(classify({ fdTarget: 'anon_inode:[eventfd]' })).toMatchObject({ what: 'other' });
  });

  it('reads inode numbers only from well-formed links', () => {
    expect(linkInode('socket:[123]', 'socket')).toBe('123');
    expect(linkInode('pipe:[123]', 'socket')).toBeUndefined();
    expect(linkInode('socket:[12x]', 'socket')).toBeUndefined();
  });
});
