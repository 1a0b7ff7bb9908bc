/**
 * retcheck's bad inputs: each gets a clear one-line message, the documented exit code and no stack trace.
 * Misbehaving nodes (garbage JSON, a node that never answers) are vantage errors, never crashes, and never
 * stop the healthy vantage probed alongside them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { closedPortUrl, expectUsageError, loopbackServer, runCli, runJson } from './cli-harness.js';
import { uploadRandom } from '../fixtures/devnet-content.js';

const REF = 'ab'.repeat(32);
const OWNER = '12'.repeat(20);
const TOPIC = '34'.repeat(32);

describe('invalid arguments (exit 1)', () => {
  it.each([
    ['not hex', 'hello', /reference/i],
    ['63 hex characters', 'a'.repeat(63), /64 or 128 hex/],
    ['65 hex characters after 0x', `0x${'a'.repeat(65)}`, /64 or 128 hex/],
    ['non-hex in a 64-character string', `${'g'.repeat(64)}`, /reference/i],
  ])('rejects a reference that is %s', (_, input, message) => expectUsageError([input, '--no-gateway'], message));

  it.each([
    ['no topic', `feed:${OWNER}`, /feed/i],
    ['a short owner', `feed:${OWNER.slice(1)}:${TOPIC}`, /owner/i],
    ['a short topic', `feed:${OWNER}/${TOPIC.slice(2)}`, /topic/i],
    ['a non-hex topic', `feed:${OWNER}:${'zz'.repeat(32)}`, /topic/i],
    ['an unknown separator', `feed:${OWNER}|${TOPIC}`, /feed/i],
  ])('rejects a feed handle with %s', (_, input, message) => expectUsageError([input, '--no-gateway'], message));

  it('rejects --reseed without --stamp', () => expectUsageError([REF, '--no-gateway', '--reseed'], /--reseed requires --stamp/));
  it('rejects a malformed --stamp', () => expectUsageError([REF, '--no-gateway', '--reseed', '--stamp', 'cafe'], /--stamp/));
  it('rejects a node URL that is not a URL', () => expectUsageError([REF, '-b', 'localhost 1633'], /--node URL .*absolute http/));
  it('rejects a node URL with another scheme', () => expectUsageError([REF, '-b', 'ftp://127.0.0.1:1633'], /--node URL .*http:\/\/ or https:\/\//));
  it('rejects a gateway URL that is not a URL', () => expectUsageError([REF, '--gateway', 'gateway'], /--gateway URL/));
  it('rejects a zero or non-numeric --timeout and --concurrency', async () => {
    await expectUsageError([REF, '--no-gateway', '--timeout', '0'], /--timeout/);
    await expectUsageError([REF, '--no-gateway', '--concurrency', 'eight'], /--concurrency/);
  });
  it('rejects a malformed --target-overlay and an unknown --output', async () => {
    await expectUsageError([REF, '--no-gateway', '--target-overlay', '1234'], /--target-overlay/);
    await expectUsageError([REF, '--no-gateway', '--output', 'yaml'], /--output/);
  });
  it('rejects a missing input and an unknown option', async () => {
    await expectUsageError([], /INPUT/);
    await expectUsageError([REF, '--frobnicate'], /unknown option/);
  });
  it('prints help with the exit codes on stdout for --help and -h (exit 0)', async () => {
    for (const flag of ['--help', '-h']) {
      const run = await runCli([flag]);
      expect(run.code, flag).toBe(0);
      expect(run.stdout).toMatch(/Exit codes:\n\s+0 .*\n\s+2 .*\n\s+1 .*\n\s+3 /);
    }
  });
  it('prints the version for --version and -V (exit 0)', async () => {
    for (const flag of ['--version', '-V']) {
      const run = await runCli([flag]);
      expect(run, flag).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });
    }
  });
  it('--no-gateway with --gateway, in either order: no gateway is probed, never an internal error', async () => {
    const url = await closedPortUrl();
    for (const args of [['--no-gateway', '--gateway', 'http://127.0.0.1:9'], ['--gateway', 'http://127.0.0.1:9', '--no-gateway']]) {
      const { code, report, stderr } = await runJson([REF, '-b', url, '--timeout', '2', ...args]);
      expect(stderr).not.toContain('internal error');
      expect(code).toBe(2);
      expect(report.gateways).toBeUndefined();
    }
  });
});

describe('misbehaving nodes next to a healthy one', () => {
  let devnet: StartedDevnet;
  let reference: string;
  const garbage = loopbackServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"isRetrievable": tru'); // cut-off JSON on every route
  });
  const hanging = loopbackServer(() => {
    /* accepts the request and never answers */
  });

  beforeAll(async () => {
    devnet = await startDevnet({ nodes: 2, mineBlocks: false, seed: 'retcheck-bad-nodes' });
    reference = await uploadRandom(devnet.nodes[0]!, 5000);
  });
  afterAll(async () => {
    await Promise.all([devnet.stop(), (await garbage).close(), (await hanging).close()]);
  });

  it('a node answering garbage JSON is a vantage error; the healthy vantage still answers (partial, exit 0)', async () => {
    const bad = (await garbage).url;
    const { code, report } = await runJson([reference, '-b', bad, '-b', devnet.nodes[1]!.url, '--no-gateway']);
    expect(code).toBe(0);
    expect(report.status).toBe('partial');
    expect(report.vantages[0]).toMatchObject({ node_url: bad, retrievable: null, error: expect.stringMatching(/GET http:\/\/127\.0\.0\.1:\d+\/stewardship\/.*(invalid|JSON)/i) });
    expect(report.vantages[1]).toMatchObject({ retrievable: true });
  });

  it('a node that never answers times out after --timeout 1 s without holding up the others', async () => {
    const slow = (await hanging).url;
    const { code, report, ms } = await runJson([reference, '-b', slow, '-b', devnet.nodes[1]!.url, '--no-gateway', '--timeout', '1']);
    expect(code).toBe(0);
    expect(report.vantages[0]).toMatchObject({ node_url: slow, retrievable: null, error: expect.stringMatching(/tim(ed|e)[ -]?out/i) });
    expect(report.vantages[0]!.elapsed_ms).toBeGreaterThanOrEqual(900);
    expect(report.vantages[0]!.elapsed_ms).toBeLessThan(5000);
    expect(report.vantages[1]).toMatchObject({ retrievable: true });
    expect(report.vantages[1]!.elapsed_ms).toBeLessThan(report.vantages[0]!.elapsed_ms);
    expect(ms).toBeLessThan(10_000);
  });

  it('an unknown batch on re-seed is refused with exit 3 and a message naming the batch', async () => {
    const batch = '77'.repeat(32);
    const run = await runCli([reference, '-b', devnet.nodes[0]!.url, '--no-gateway', '--reseed', '--stamp', batch]);
    expect(run.code).toBe(3);
    expect(run.stderr).toBe(`retcheck: re-seed refused: batch ${batch} does not exist on ${devnet.nodes[0]!.url}\n`);
  });
});
