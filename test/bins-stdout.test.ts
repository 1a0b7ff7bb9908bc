/**
 * Every bin writes only its own output to stdout, at every exit code, however the README runs it: `npx <bin>`,
 * `npm link` (the bins on PATH), `node dist/…`, and `npm run -s <script>` where a script runs the bin. A
 * `--json` answer parses whole with JSON.parse (npm's `{"error":…}` appended at a non-zero exit, as under the
 * `.npmrc` `json=true` this checkout once had, fails here), a usage error leaves stdout empty, and `npm ci`
 * prints npm's summary rather than JSON. The nodes are a devnet in this process; each bin is a real child.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../devnet/devnet.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const BIN_PATHS = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin;
type Bin = 'retcheck' | 'cockpit' | 'cockpit-tui' | 'devnet';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Environment without the shell's choices of node, token, config or npm settings. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(NODE_URL|NODE_TOKEN|COCKPIT_|npm_config_|XDG_CONFIG_HOME$)/i.test(key)));
  return { ...env, NO_COLOR: '1', XDG_CONFIG_HOME: join(tmpdir(), 'bins-stdout-no-config'), ...extra };
}

/** Runs to exit (async: the devnet answering the bin lives in this process). */
function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = cleanEnv(), cwd = root): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs a long-lived bin until stdout holds a JSON line, then stops its process group; its output by then. */
function untilJsonLine(command: string, args: readonly string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let seen = false;
    const stop = () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no JSON line within 60 s; stdout: ${stdout}; stderr: ${stderr}`));
    }, 60_000);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (seen || !/^\{.*\n/m.test(stdout)) return;
      seen = true;
      clearTimeout(timer);
      // Whatever else arrives in the next moment counts too: npm would write its banner before, never after.
      setTimeout(() => {
        stop();
        resolve({ stdout, stderr });
      }, 300);
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!seen) reject(new Error(`exited ${code} before a JSON line; stdout: ${stdout}; stderr: ${stderr}`));
    });
  });
}

let devnet: StartedDevnet;
let linkPrefix: string;
let healthy: string;
let frozen: string;
let retrievable: string;
const closedPort = 'http://127.0.0.1:9';
const absent = 'ab'.repeat(32);

/** The ways the README runs a bin from the checkout: [label, command, leading args]. */
function ways(bin: Bin): [string, string, string[]][] {
  const list: [string, string, string[]][] = [
    ['npx', 'npx', [bin]],
    ['npm link', join(linkPrefix, 'bin', bin), []],
    ['node dist', process.execPath, [join(root, BIN_PATHS[bin]!)]],
  ];
  if (bin === 'devnet') list.push(['npm run -s', 'npm', ['run', '-s', 'devnet', '--']]);
  return list;
}

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  [healthy, frozen] = devnet.nodes.map((node) => node.url) as [string, string];
  await devnet.control.node(1).setFault({ frozen: true });
  const node = devnet.nodes[0]!;
  const upload = await fetch(`${node.url}/bytes`, {
    method: 'POST',
    headers: { 'swarm-postage-batch-id': node.batchId!, 'swarm-deferred-upload': 'false', 'content-type': 'application/octet-stream' },
    body: 'clean stdout at every exit code',
  });
  retrievable = ((await upload.json()) as { reference: string }).reference;
  // `npm link` for real, into a private global prefix: the bins land in <prefix>/bin as they would on PATH.
  linkPrefix = mkdtempSync(join(tmpdir(), 'bins-stdout-link-'));
  const link = await run('npm', ['link', '--no-audit', '--no-fund'], cleanEnv({ npm_config_prefix: linkPrefix }));
  expect(link.code, link.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
  if (linkPrefix) rmSync(linkPrefix, { recursive: true, force: true });
});

/** A JSON answer: stdout parses whole, and the exit code is the bin's. */
async function expectJson(bin: Bin, args: string[], code: number, check: (doc: Record<string, unknown>) => void): Promise<void> {
  for (const [way, command, lead] of ways(bin)) {
    const result = await run(command, [...lead, ...args]);
    expect(result.code, `${way} ${bin} ${args.join(' ')}: ${result.stderr}`).toBe(code);
    let doc: Record<string, unknown>;
    try {
      doc = JSON.parse(result.stdout) as Record<string, unknown>;
    } catch {
      throw new Error(`${way} ${bin} ${args.join(' ')} (exit ${result.code}): stdout is not one JSON document:\n${result.stdout}`);
    }
    check(doc);
  }
}

/** A refusal: the message goes to stderr, stdout stays empty. */
async function expectEmptyStdout(bin: Bin, args: string[], code: number): Promise<void> {
  for (const [way, command, lead] of ways(bin)) {
    const result = await run(command, [...lead, ...args]);
    expect(result.code, `${way} ${bin} ${args.join(' ')}: ${result.stderr}`).toBe(code);
    expect(result.stdout, `${way} ${bin} ${args.join(' ')}`).toBe('');
    expect(result.stderr).not.toBe('');
  }
}

describe('every bin writes only its own output to stdout, at every exit code, every way it is run', () => {
  it('retcheck --output json: 0 retrievable, 2 unretrievable, 3 re-seed refused; 1 bad input leaves stdout empty', async () => {
    const common = ['--no-gateway', '--output', 'json', '--timeout', '5'];
    await expectJson('retcheck', [retrievable, '-b', healthy, ...common], 0, (doc) => expect(doc.status).toBe('retrievable'));
    await expectJson('retcheck', [absent, '-b', closedPort, ...common], 2, (doc) => expect(doc.status).toBe('error'));
    await expectJson('retcheck', [absent, '-b', healthy, ...common, '--reseed', '--stamp', 'cd'.repeat(32)], 3, (doc) => expect(doc.reference).toBe(absent));
    await expectEmptyStdout('retcheck', ['not-a-reference', '--output', 'json'], 1);
  }, 180_000);

  it('cockpit --once --json: 0 healthy, 1 a gate fails, 2 unreachable; 64 usage leaves stdout empty; text at 1 is the bin’s own', async () => {
    const verdict = (status: string) => (doc: Record<string, unknown>) => expect(doc).toMatchObject({ verb: 'readiness', status });
    await expectJson('cockpit', ['--once', 'readiness', healthy, '--json'], 0, verdict('ok'));
    await expectJson('cockpit', ['--once', 'readiness', frozen, '--json'], 1, verdict('unhealthy'));
    await expectJson('cockpit', ['--once', 'readiness', closedPort, '--json'], 2, verdict('error'));
    await expectEmptyStdout('cockpit', ['--once', 'no-such-verb', '--json'], 64);
    // Text: the gate ladder and the verdict line, exactly what the bin itself prints, and nothing after it.
    const [[, direct, directLead]] = ways('cockpit').filter(([way]) => way === 'node dist') as [[string, string, string[]]];
    const own = await run(direct, [...directLead, '--once', 'readiness', frozen]);
    expect(own.stdout).toMatch(/^FAIL +not frozen .*\n.* unhealthy: 11 gates: 10 pass, 0 warn, 1 fail\n$/ms);
    for (const [way, command, lead] of ways('cockpit')) {
      const text = await run(command, [...lead, '--once', 'readiness', frozen]);
      expect(text.code, way).toBe(1);
      expect(text.stdout, way).toBe(own.stdout);
    }
  }, 180_000);

  it('cockpit-tui --once --json: 0 healthy, 1 a gate fails or unreachable; 2 usage leaves stdout empty', async () => {
    await expectJson('cockpit-tui', ['--once', 'readiness', healthy, '--json'], 0, (doc) => expect(doc.status).toBe('ok'));
    await expectJson('cockpit-tui', ['--once', 'readiness', frozen, '--json'], 1, (doc) => expect(doc.status).toBe('unhealthy'));
    await expectJson('cockpit-tui', ['--once', 'readiness', closedPort, '--json'], 1, (doc) => expect(doc.status).toBe('error'));
    await expectEmptyStdout('cockpit-tui', ['--once', 'no-such-verb', '--json'], 2);
  }, 180_000);

  it('devnet --json: one JSON line while it serves (npm run -s included; plain npm run says how to get it); a bad flag exits 1 with stdout empty', async () => {
    for (const [way, command, lead] of ways('devnet')) {
      const { stdout } = await untilJsonLine(command, [...lead, '--port', '0', '--nodes', '1', '--json']);
      const [line, ...rest] = stdout.split('\n');
      expect(rest.join(''), `${way}: only one line`).toBe('');
      expect((JSON.parse(line!) as { nodes: unknown[] }).nodes, way).toHaveLength(1);
    }
    // Plain `npm run` (no -s): npm 10/11 write their banner on stdout first, which no script can take back, so
    // the program says so on stderr with the command that gives clean stdout; the JSON line itself is intact.
    const plain = await untilJsonLine('npm', ['run', 'devnet', '--', '--port', '0', '--nodes', '1', '--json']);
    const lines = plain.stdout.split('\n').filter((l) => l !== '');
    expect(lines.slice(0, -1).every((l) => l.startsWith('> ')), plain.stdout).toBe(true);
    expect((JSON.parse(lines.at(-1)!) as { nodes: unknown[] }).nodes).toHaveLength(1);
    expect(plain.stderr).toContain('note: npm printed its "> devnet" banner on stdout before this program\'s output; for stdout that is only the JSON, run npm run -s devnet -- …');
    await expectEmptyStdout('devnet', ['--nodes', 'x', '--json'], 1);
  }, 180_000);
});

describe('npm itself in this checkout', () => {
  it('has no json output configured, so npx and npm ci speak as npm normally does', async () => {
    const json = await run('npm', ['config', 'get', 'json'], cleanEnv());
    expect(json.stdout.trim()).toBe('false');
  });

  it('npm ci prints its summary, not a JSON array (dry run of this lockfile with this checkout’s npm config)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bins-stdout-ci-'));
    try {
      for (const file of ['package.json', 'package-lock.json', '.npmrc']) if (existsSync(join(root, file))) copyFileSync(join(root, file), join(dir, file));
      const ci = await run('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], cleanEnv(), dir);
      expect(ci.code, ci.stderr).toBe(0);
      expect(ci.stdout.trim().split('\n').at(-1)).toMatch(/^added \d+ packages in /);
      expect(ci.stdout).not.toMatch(/^\s*[[{]/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
