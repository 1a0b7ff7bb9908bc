/**
 * A token holding control characters is refused at start (issue 24 item 7): `NODE_TOKEN=$'secret\r\nX-Injected:
 * yes\r\n\r\nGET /smuggled …'` would otherwise end the Authorization header early and send a header and a second
 * request of its own. Every mode that takes a token (`--once` verbs of both bins, `--serve-metrics`, the
 * interactive `cockpit-tui` in a real terminal) and `config-doctor` refuse it with a message naming where it came
 * from and what is wrong, never the token, and nothing reaches the node. retcheck takes no token (spec §5); its
 * wire refuses such a header anyway (actors/node-client/wire-hostile.test.ts).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixedAnswerServer, type RawServer } from '../../devnet/testing/hostile-streams.js';
import { compileEntries } from '../compiled-entries.js';
import { runBin } from '../run-bin.js';
import { cockpitHome, UNSET, type CockpitHome } from '../tui/cockpit-session.js';
import { TmuxTerminal } from '../tui/tmux.js';

const PLANTED = 'secret\r\nX-Injected: yes\r\n\r\nGET /smuggled HTTP/1.1\r\nhost: x';
const REFUSAL = /NODE_TOKEN: the token holds a control character \(CR\) at position 7; .* so it is refused\. The token itself is not shown\./;

let cockpitBin = '';
let tuiBin = '';
let node: RawServer;
let home: CockpitHome;

beforeAll(async () => {
  const compiled = compileEntries('token-refused', ['surfaces/cli/cockpit-bin.ts', 'surfaces/cli/cockpit-tui-bin.ts', 'surfaces/tui/main.ts']);
  cockpitBin = compiled('surfaces/cli/cockpit-bin.ts');
  tuiBin = compiled('surfaces/cli/cockpit-tui-bin.ts');
  node = await startFixedAnswerServer('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}');
  home = cockpitHome('');
}, 120_000);

afterAll(async () => {
  await node?.close();
  home?.cleanup();
});

function expectNothingSent(): void {
  expect(node.received()).toBe('');
}

describe('a token with control characters', () => {
  it('--once verbs of both bins: refused before any request, the token in no output', async () => {
    for (const [bin, code] of [[cockpitBin, 2], [tuiBin, 1]] as const) {
      for (const verb of ['readiness', 'version-check']) {
        const run = await runBin(bin, ['--once', verb, node.url], { NODE_TOKEN: PLANTED });
        expect(run.code, `${verb}: ${run.stderr}`).toBe(code);
        expect(run.stderr).toMatch(REFUSAL);
        expect(run.stdout + run.stderr).not.toContain('secret');
      }
    }
    expectNothingSent();
  });

  it('--token and a config file token: refused, the file one with its file:line', async () => {
    const flag = await runBin(cockpitBin, ['--once', 'readiness', node.url, '--token', 'tok3n\u0007x9q']);
    expect(flag.code).toBe(64);
    expect(flag.stderr).toContain('--token: the token holds a control character (U+0007) at position 6');
    const config = join(home.dir, 'bad-token.toml');
    writeFileSync(config, `[[nodes]]\nname = "a"\nurl = "${node.url}"\ntoken = "fil3\\nt0k"\n`);
    const file = await runBin(cockpitBin, ['--once', 'readiness', '--config', config]);
    expect(file.code).toBe(2);
    expect(file.stderr).toContain(`${config}:4:1: nodes[0].token: the token holds a control character (LF) at position 5`);
    expect(flag.stderr + file.stderr).not.toMatch(/tok3n|x9q|fil3|t0k/);
    expectNothingSent();
  });

  it('config-doctor reports it as a problem (sad, exit 1), without the token', async () => {
    const run = await runBin(cockpitBin, ['--once', 'config-doctor', node.url], { NODE_TOKEN: PLANTED });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/problem {2}NODE_TOKEN: the token holds a control character \(CR\)/);
    expect(run.stdout).toContain('1 problem');
    expect(run.stdout + run.stderr).not.toContain('secret');
  });

  it('--serve-metrics does not start', async () => {
    const run = await runBin(cockpitBin, ['--serve-metrics', '127.0.0.1:0', node.url], { NODE_TOKEN: PLANTED });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(REFUSAL);
    expect(run.stdout + run.stderr).not.toContain('secret');
    expectNothingSent();
  });

  it('the interactive cockpit-tui does not start, and says why on the terminal', async () => {
    const terminal = await TmuxTerminal.start({ columns: 200, rows: 20, command: [process.execPath, tuiBin, node.url], env: { ...home.env, NODE_TOKEN: PLANTED }, unset: UNSET.filter((name) => name !== 'NODE_TOKEN') });
    try {
      const rows = await terminal.waitFor(/\[exited \d+\]/, 30_000);
      const screen = rows.join('\n');
      expect(screen, screen).toMatch(/\[exited 2\]/); // a configuration it cannot start on: its usage code
      expect(screen).toContain('NODE_TOKEN: the token holds a control character (CR) at position 7');
      expect(screen).not.toContain('secret');
    } finally {
      await terminal.close();
    }
    expectNothingSent();
  }, 60_000);
});
