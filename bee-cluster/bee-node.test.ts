import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BeeNodeExited, lastErrorLine, startBeeNode, waitForAddresses } from './bee-node.js';
import { freePort } from './processes.js';

const dir = mkdtempSync(join(tmpdir(), 'bee-node-exit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Bee 2.8.1 logs "failed to build bee node" and exits 0 when a listener cannot bind: this script does the same.
const BIND_FAILURE =
  '"time"="2026-11-29 03:00:00" "level"="error" "logger"="node/cmd" "msg"="failed to build bee node" "error"="p2p service: listen tcp4 127.0.0.1:40000: bind: address already in use"';

function fakeBee(exitCode: number, line: string): string {
  const path = join(dir, `fake-bee-${exitCode}.sh`);
  writeFileSync(path, `#!/bin/sh\necho 'Welcome to Swarm'\necho '${line}'\nexit ${exitCode}\n`);
  chmodSync(path, 0o755);
  return path;
}

const chain = { rpcUrl: 'http://127.0.0.1:1', networkId: 1, blockTimeSeconds: 1, postageStamp: '', postageStartBlock: 0, staking: '', redistribution: '', bzzToken: '' };

describe('a Bee node that exits while we wait for its API', () => {
  it('ends the wait at once, quoting the error line of its log, and knows a taken port from other failures', async () => {
    const node = startBeeNode({ binary: fakeBee(0, BIND_FAILURE), name: 'bee-x', workDir: dir, apiPort: await freePort(), p2pPort: await freePort(), password: 'p', chain });
    const t0 = Date.now();
    const err = await waitForAddresses(node, 60_000).catch((e: unknown) => e);
    expect(Date.now() - t0).toBeLessThan(10_000); // not the 60 s deadline
    expect(err).toBeInstanceOf(BeeNodeExited);
    expect((err as BeeNodeExited).message).toMatch(/^bee-x exited \(0\): .*address already in use.*; see .*bee\.log$/);
    expect((err as BeeNodeExited).portTaken).toBe(true);
  });

  it('says no port was taken when the log gives another reason', async () => {
    const node = startBeeNode({ binary: fakeBee(1, '"level"="error" "msg"="failed to build bee node" "error"="init chain: dial tcp: connection refused"'), name: 'bee-y', workDir: dir, apiPort: await freePort(), p2pPort: await freePort(), password: 'p', chain });
    const err = (await waitForAddresses(node, 60_000).catch((e: unknown) => e)) as BeeNodeExited;
    expect(err.code).toBe(1);
    expect(err.reason).toContain('connection refused');
    expect(err.portTaken).toBe(false);
  });

  it('picks the last error line of a log', () => {
    expect(lastErrorLine(`info line\n"level"="error" "msg"="first"\nmore\n${BIND_FAILURE}\n"level"="info" "msg"="shutting down"\n`)).toBe(BIND_FAILURE);
    expect(lastErrorLine('nothing wrong here\n')).toBe('');
  });
});
