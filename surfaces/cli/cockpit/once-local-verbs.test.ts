/**
 * The `--once` verbs that need no node (cid, depth-table, config-doctor) and the `cockpit-tui` bin, run as the
 * compiled bins in real processes. Oracles: @ethersphere/swarm-cid for CIDs, bee-js 12.1.0 for capacities.
 * Every JSON output is validated by config-schema/once-results.schema.json.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferenceType, encodeReference } from '@ethersphere/swarm-cid';
import { Utils } from '@ethersphere/bee-js';
import { compileEntries } from '../../../test/compiled-entries.js';
import { onceJson } from '../../../test/once-schema.js';
import { runBin, type BinRun } from '../../../test/run-bin.js';

let cockpitBin: string;
let tuiBin: string;
let dir: string;

beforeAll(() => {
  const compiled = compileEntries('once-local-verbs', ['surfaces/cli/cockpit-bin.ts', 'surfaces/cli/cockpit-tui-bin.ts']);
  cockpitBin = compiled('surfaces/cli/cockpit-bin.ts');
  tuiBin = compiled('surfaces/cli/cockpit-tui-bin.ts');
  dir = mkdtempSync(join(tmpdir(), 'once-local-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cockpit = (args: string[], env: Record<string, string> = {}): Promise<BinRun> => runBin(cockpitBin, args, env);
const tui = (args: string[], env: Record<string, string> = {}): Promise<BinRun> => runBin(tuiBin, args, env);

const REF = '44ef8a91d3b1b44c3b8a9b5a2cb1b3f6e0e1f6a1f0d5e0c9b8a7f6e5d4c3b2a1'.slice(0, 64);

describe('--once cid', () => {
  it('equals @ethersphere/swarm-cid for manifest (default) and feed, text and JSON', async () => {
    for (const [type, refType] of [['manifest', ReferenceType.MANIFEST], ['feed', ReferenceType.FEED]] as const) {
      const expected = encodeReference(REF, refType).toString();
      const text = await cockpit(['--once', 'cid', REF, ...(type === 'manifest' ? [] : [type])]);
      expect(text).toMatchObject({ code: 0, stdout: `${expected}\n`, stderr: '' });
      const json = onceJson(( await cockpit(['--once', 'cid', `0x${REF.toUpperCase()}`, type, '--json'])).stdout);
      expect(json).toMatchObject({ verb: 'cid', status: 'ok', data: { reference: REF, type, cid: expected, codec: `swarm-${type}`, direction: 'encode' } });
    }
  });

  it('decodes a CID back to its reference and type', async () => {
    const cid = encodeReference(REF, ReferenceType.FEED).toString();
    expect((await cockpit(['--once', 'cid', cid])).stdout).toBe(`${REF}\n`);
    expect(onceJson((await cockpit(['--once', 'cid', cid, '--json'])).stdout).data).toMatchObject({ reference: REF, type: 'feed', direction: 'decode' });
  });

  it('bad input is a usage error (64), one line, no stack trace', async () => {
    const cases: [string[], RegExp][] = [
      [[], /cid takes 1 to 2 arguments/],
      [[REF, 'manifest', 'x'], /cid takes 1 to 2 arguments/],
      [[REF.repeat(2)], /encrypted \(128-hex\) reference has no CID form/],
      [[REF.slice(0, 62)], /invalid reference/],
      [[REF, 'folder'], /invalid CID type "folder"/],
      [['bah5notacid'], /invalid CID/],
      [[encodeReference(REF, ReferenceType.FEED).toString(), 'manifest'], /is a feed CID, not a manifest one/],
    ];
    for (const [args, message] of cases) {
      const run = await cockpit(['--once', 'cid', ...args]);
      expect(run.code, args.join(' ')).toBe(64);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('--once depth-table', () => {
  it('theoretical and effective bytes as bee-js computes them, 17..34 by default', async () => {
    const json = onceJson<{ rows: { depth: number; chunks: number; bucketSlots: number; theoreticalBytes: number; effectiveBytes: number }[] }>((await cockpit(['--once', 'depth-table', '--json'])).stdout);
    expect(json.data.rows.map((r) => r.depth)).toEqual(Array.from({ length: 18 }, (_, i) => 17 + i));
    for (const row of json.data.rows) {
      expect(row.theoreticalBytes, `depth ${row.depth}`).toBe(Utils.getStampTheoreticalBytes(row.depth));
      expect(row.effectiveBytes, `depth ${row.depth}`).toBe(Utils.getStampEffectiveBytes(row.depth));
      expect(row.chunks).toBe(2 ** row.depth);
      expect(row.bucketSlots).toBe(2 ** (row.depth - 16));
    }
  });

  it('a range, as text rows; bad depths are usage errors', async () => {
    const run = await cockpit(['--once', 'depth-table', '20', '22']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    // Counts grouped by thousands (issue 23 item 8).
    expect(lines[1]).toMatch(/^ {3}20 +1,048,576 +16 +4\.29 GB +628\.91 MB \(15 %\)$/);
    for (const args of [['16'], ['41'], ['-1'], ['abc'], ['22', '20'], ['17', '18', '19']]) {
      expect((await cockpit(['--once', 'depth-table', ...args])).code, args.join(' ')).toBe(64);
    }
  });
});

describe('--once config-doctor', () => {
  it('explains nodes, tokens (as sources only), log sources and supervision; warnings keep exit 0', async () => {
    const config = join(dir, 'doctor.toml');
    writeFileSync(
      config,
      [
        '[[nodes]]',
        'name = "local"',
        'url = "http://127.0.0.1:1633"',
        'token = "@env:LOCAL_TOKEN"',
        'log_command = "journalctl -fu bee"',
        '[[nodes]]',
        'name = "remote"',
        'url = "https://bee.example:1633"',
        'token = "plain-secret-token"',
        'log_file = "remote.log"',
        'default = true',
        '[alerts]',
        'webhook_url = "@env:HOOK"',
      ].join('\n'),
    );
    chmodSync(config, 0o644);
    const env = { LOCAL_TOKEN: 'local-secret', HOOK: 'https://chat.example/secret-hook' };
    const text = await cockpit(['--once', 'config-doctor', '--config', config], env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('node *  remote  https://bee.example:1633  token: written in the config file  log: log_file');
    expect(text.stdout).toContain('node    local  http://127.0.0.1:1633  token: @env:LOCAL_TOKEN  log: log_command "journalctl -fu bee"');
    expect(text.stdout).toContain('webhook set (from @env:HOOK)');
    expect(text.stdout).toMatch(/warning {2}node "remote": its token is written in the config file/);
    expect(text.stdout).toMatch(/readable by other users \(mode 644\)/);
    expect(text.stdout.trimEnd().split('\n').at(-1)).toBe('config-doctor: 2 nodes, active "remote"; 0 problems, 3 warnings');
    const json = onceJson(( await cockpit(['--once', 'config-doctor', '--config', config, '--json'], env)).stdout);
    expect(json.status).toBe('ok');
    expect(json.data).toMatchObject({ activeNode: 'remote', configFile: { path: config, origin: 'flag', loaded: true }, problems: [] });
    for (const secret of ['local-secret', 'plain-secret-token', 'secret-hook']) {
      expect(text.stdout + text.stderr + JSON.stringify(json), secret).not.toContain(secret);
    }
  });

  it('a configuration that would be refused: sad (exit 1), every problem with file:line:column', async () => {
    const config = join(dir, 'broken.toml');
    writeFileSync(config, '[[nodes]]\nname = "a"\nurll = "http://a:1"\n[store]\nbin = "/usr/bin/bee"\n');
    const run = await cockpit(['--once', 'config-doctor', '--config', config]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`problem  ${config}:1:3: nodes[0].url: expected a string, got nothing (the key is missing)`);
    expect(run.stdout).toContain(`problem  ${config}:3:1: unknown key "urll" in [[nodes]]; did you mean "url"?`);
    const json = onceJson<{ problems: { line: number }[] }>((await cockpit(['--once', 'config-doctor', '--config', config, '--json'])).stdout);
    expect(json.status).toBe('sad');
    expect(json.data.problems.map((p) => p.line)).toEqual([1, 3]);
    // A missing --config file and an unset @env: variable are diagnosed, not crashed on.
    const missing = await cockpit(['--once', 'config-doctor', '--config', join(dir, 'nope.toml')]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('no such config file (named by --config)');
    writeFileSync(config, '[[nodes]]\nname = "a"\nurl = "http://a:1"\ntoken = "@env:UNSET_FOR_DOCTOR"\n');
    expect((await cockpit(['--once', 'config-doctor', '--config', config])).stdout).toContain('environment variable UNSET_FOR_DOCTOR (from "@env:UNSET_FOR_DOCTOR") is not set');
  });

  it('supervision that cannot start is a problem; positional URLs replace the nodes', async () => {
    const config = join(dir, 'store.toml');
    writeFileSync(config, `[store]\nbin = "${join(dir, 'no-bee')}"\nconfig = "${join(dir, 'bee.yaml')}"\n`);
    const run = await cockpit(['--once', 'config-doctor', '--config', config, 'http://127.0.0.1:1733', 'http://127.0.0.1:1833']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`supervision cannot start: the node binary ${join(dir, 'no-bee')} is missing`);
    expect(run.stdout).toContain('node *  http://127.0.0.1:1733');
    expect(run.stdout).toContain('log: supervisor capture file');
    expect(run.stdout).toContain('node    http://127.0.0.1:1833');
  });
});

describe('cockpit-tui', () => {
  it('--version and --help name the terminal bin and its exit codes', async () => {
    expect((await tui(['--version'])).stdout).toMatch(/^cockpit-tui \d+\.\d+\.\d+\n$/);
    const help = await tui(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: cockpit-tui');
    expect(help.stdout).toContain('0 ok, 1 unhealthy or failed (including network and parse errors), 2 usage error');
    expect(help.stdout).toContain('--ascii');
  });

  it('the same verbs and JSON as cockpit; exit codes 0, 1 (errors too), 2 usage', async () => {
    const a = await cockpit(['--once', 'cid', REF, '--json']);
    const b = await tui(['--once', 'cid', REF, '--json']);
    expect(b).toEqual(a);
    expect((await tui(['--once', 'cid'])).code).toBe(2);
    expect((await tui(['--once', 'no-such-verb'])).code).toBe(2);
    expect((await tui(['--once', 'hash', join(dir, 'absent')])).code).toBe(1);
    const down = await tui(['--once', 'price', 'http://127.0.0.1:9']);
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/^cockpit-tui: cannot reach the node at http:\/\/127\.0\.0\.1:9/);
    const config = join(dir, 'broken-tui.toml');
    writeFileSync(config, '[ui]\ntheme = 1\n');
    const bad = await tui(['--once', 'price', '--config', config]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(`cockpit-tui: invalid cockpit configuration: ${config}:2:1: ui.theme: expected one of "auto", "light", "dark", got 1\n`);
  });

  it('without --once and without a terminal: the interactive UI refuses on one line, exit 2', async () => {
    const run = await tui([]);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^cockpit-tui: /);
    const badFlag = await tui(['--node-bin', '/usr/bin/bee', '--frobnicate']);
    expect(badFlag.code).toBe(2);
  });
});
