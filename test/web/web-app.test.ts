/**
 * retcheck-web in real headless Chromium, served as a built static folder from a plain static server,
 * against a devnet whose CORS allow-list names the page's origin (issue 6, "Tests in a real browser").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { launchChromium } from '../fixtures/browser.js';
import { serveStatic } from '../../actors/static-site/static-server.js';
import { publishFeedUpdate, uploadBytes, uploadRandom } from '../fixtures/devnet-content.js';
import { randomBytes } from 'node:crypto';
import { createNodeClient } from '../../actors/node-client/index.js';
import { chunkChildren } from '../../core/retcheck/chunk-children.js';
import { bytesToHex } from '../../core/swarm/bytes.js';
import { splitIntoChunks } from '../../core/swarm/chunk-tree.js';

const WEB_DIST = join(process.cwd(), 'surfaces/web/dist');
const OUT = join(process.cwd(), 'test-output');

let browser: Browser;
let devnet: StartedDevnet;
let site: Awaited<ReturnType<typeof serveStatic>>;
let page: Page;
let reference: string;
let manyChunks: string;

async function ensureBuilt(): Promise<void> {
  if (existsSync(join(WEB_DIST, 'index.html'))) return;
  const { build } = await import('vite');
  await build({ configFile: join(process.cwd(), 'surfaces/web/vite.config.ts'), logLevel: 'warn' });
}

const url = (params: Record<string, string | string[]>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of [v].flat()) q.append(k, one);
  return `${site.origin}/?${q}`;
};

async function check(target: string): Promise<string> {
  await page.goto(target);
  await page.getByTestId('check-button').click();
  const status = page.getByTestId('report-status');
  await status.waitFor({ timeout: 20_000 });
  return (await status.textContent()) ?? '';
}

beforeAll(async () => {
  await ensureBuilt();
  site = await serveStatic(WEB_DIST);
  devnet = await startDevnet({ nodes: 3, corsOrigins: [site.origin], pushDelayMs: 50 });
  reference = await uploadRandom(devnet.nodes[0]!, 3000);
  manyChunks = await uploadRandom(devnet.nodes[0]!, 20 * 4096 + 100, { redundancyLevel: 0 });
  browser = await launchChromium();
  page = await browser.newPage();
  mkdirSync(OUT, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await devnet?.stop();
  await site?.close();
});

describe('retcheck-web in Chromium', () => {
  it('checks a retrievable reference from a URL carrying ref and nodes, and keeps inputs in the address bar', async () => {
    const nodes = devnet.nodes.slice(0, 2).map((n) => n.url);
    expect(await check(url({ ref: reference, node: nodes }))).toBe('retrievable');
    const rows = await page.getByTestId('vantages').locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('retrievable');
    const after = new URL(page.url());
    expect(after.searchParams.get('ref')).toBe(reference);
    expect(after.searchParams.getAll('node')).toEqual(nodes);
    expect(page.url()).not.toContain('status');
    await page.screenshot({ path: join(OUT, 'web-report.png'), fullPage: true });
  });

  it('shows partial when one vantage is unreachable, and a CORS rejection as a CORS error', async () => {
    // A dead vantage outside the swarm, so the live one's answer cannot depend on it holding a replica.
    expect(await check(url({ ref: reference, node: [devnet.nodes[0]!.url, 'http://127.0.0.1:1'] }))).toBe('partial');
    expect(await page.getByTestId('vantages').locator('tbody tr').nth(1).innerText()).toMatch(/unreachable \(it could not be reached\)[^]*network error/);
    // Only the node that could not be asked made it partial: the page says so (issue 23 item 6d).
    expect(await page.getByTestId('status-note').innerText()).toBe('partial only because http://127.0.0.1:1 (it could not be reached) could not be asked at all; every vantage and gateway that answered said retrievable');
    await devnet.control.node(2).setFault({ corsOrigins: ['http://other.example'] });
    try {
      expect(await check(url({ ref: reference, node: [devnet.nodes[0]!.url, devnet.nodes[2]!.url] }))).toBe('partial');
      const refused = await page.getByTestId('vantages').locator('tbody tr').nth(1).innerText();
      expect(refused).toContain('error');
      expect(refused).toMatch(/CORS/);
    } finally {
      await devnet.control.node(2).heal();
    }
  });

  it('drills per chunk and renders the matrix with elapsed and PO per cell', async () => {
    await page.goto(url({ ref: manyChunks, node: devnet.nodes.map((n) => n.url), per_chunk: '1' }));
    await page.getByTestId('check-button').click();
    await page.getByTestId('chunk-matrix').waitFor({ timeout: 30_000 });
    const rows = page.getByTestId('chunk-matrix').locator('tbody tr');
    expect(await rows.count()).toBe(22); // 21 leaves + 1 intermediate root
    expect(await rows.first().innerText()).toMatch(/\d+ ms · PO \d+/);
    expect(await page.getByTestId('stats-vantage').locator('tbody tr').count()).toBe(3);
    await page.screenshot({ path: join(OUT, 'web-per-chunk.png'), fullPage: true });
  });

  it('explains itself as the CLI does: data and parity chunks, erasure verdicts, stewardship vs walk, cold /bzz of a manifest (issue 23 item 6)', async () => {
    const bytes = new Uint8Array(randomBytes(20 * 4096));
    const coded = await uploadBytes(devnet.nodes[0]!, bytes, { redundancyLevel: 1 });
    const root = splitIntoChunks(bytes, 1).chunks.find((c) => bytesToHex(c.address) === coded)!;
    const { children, parity } = chunkChildren(root.data);
    for (let i = 0; i < devnet.nodes.length; i++) devnet.control.loseChunks({ nodeIndex: i, addresses: [children[3]!, parity[1]!] });
    const nodes = devnet.nodes.slice(1).map((n) => n.url);
    await page.goto(url({ ref: coded, node: nodes, per_chunk: '1' }));
    await page.getByTestId('check-button').click();
    await page.getByTestId('erasure').waitFor({ timeout: 30_000 });
    const erasure = await page.getByTestId('erasure').innerText();
    for (const node of nodes) expect(erasure).toMatch(new RegExp(`${node}\\s+2 missing \\(1 data, 1 parity\\)\\s+recoverable: each intermediate chunk misses at most`));
    expect(erasure).toContain(`${coded.slice(0, 8)}… level 1, 20 data + 5 parity`);
    const disagreements = await page.getByTestId('disagreements').innerText();
    expect(disagreements).toContain('stewardship not retrievable, walk 24/26 found, 2 missing');
    expect(disagreements).toContain('erasure coding rebuilds them: a download works');
    const matrix = await page.getByTestId('chunk-matrix').innerText();
    expect(matrix).toContain(`data of ${coded.slice(0, 8)}…`);
    expect(matrix).toContain(`parity of ${coded.slice(0, 8)}…`);

    const file = new Uint8Array(randomBytes(3 * 4096 + 7));
    const client = createNodeClient({ baseUrl: devnet.nodes[0]!.url });
    const { reference: manifest } = await client.uploadFile(file, { batchId: devnet.nodes[0]!.batchId!, name: 'a.bin', contentType: 'application/octet-stream', deferred: false });
    expect(await check(url({ ref: manifest, node: devnet.nodes[1]!.url, cold: '1' }))).toBe('retrievable');
    const cold = await page.getByTestId('cold').locator('tbody tr').first().innerText();
    expect(cold).toMatch(new RegExp(`/bzz/\\{ref\\}/\\s+ok\\s+${file.length}\\s`));
  });

  it('resolves a feed handle and shows the resolution', async () => {
    const { owner, topic } = await publishFeedUpdate(devnet.nodes[0]!, reference, `web-topic-${Date.now()}`);
    expect(await check(url({ ref: `feed:${owner}:${topic}`, node: devnet.nodes[0]!.url }))).toBe('retrievable');
    const resolution = await page.getByTestId('resolution').innerText();
    expect(resolution).toContain(owner);
    expect(resolution).toContain(reference);
    expect(await page.getByTestId('report-reference').innerText()).toBe(reference);
  });

  it('renders a dropped report file in place of a probe, and explains an invalid one', async () => {
    const saved = { reference: 'cd'.repeat(32), status: 'unretrievable', vantages: [{ node_url: 'http://saved.example', retrievable: false, elapsed_ms: 9 }], spec_version: 1 };
    await page.goto(site.origin);
    const drop = (name: string, text: string) =>
      page.evaluate(
        ([n, t]) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([t!], n!, { type: 'application/json' }));
          document.querySelector('[data-testid="page"]')!.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        },
        [name, text],
      );
    await drop('report.json', JSON.stringify(saved));
    await page.getByTestId('report-status').waitFor();
    expect(await page.getByTestId('report-status').textContent()).toBe('unretrievable');
    expect(await page.getByTestId('report-reference').innerText()).toBe('cd'.repeat(32));
    await drop('broken.json', '{"reference": 1}');
    await page.getByTestId('session-error').waitFor();
    expect(await page.getByTestId('session-error').innerText()).toMatch(/broken\.json is not a retcheck report/);
    expect(await page.getByTestId('report').count()).toBe(0);
  });

  it('takes a dropped report anywhere in a wide window: both margins and below the content', async () => {
    const saved = { reference: 'ef'.repeat(32), status: 'retrievable', vantages: [{ node_url: 'http://saved.example', retrievable: true, elapsed_ms: 4 }], spec_version: 1 };
    await page.setViewportSize({ width: 1900, height: 1000 });
    try {
      for (const [x, y] of [
        [4, 500],
        [1895, 300],
        [950, 990],
      ] as const) {
        await page.goto(site.origin);
        // A browser drops only where dragover was cancelled; elsewhere it opens the file itself and the page is gone.
        const taken = await page.evaluate(
          ([px, py, text]) => {
            const target = document.elementFromPoint(px!, py!)!;
            const transfer = new DataTransfer();
            transfer.items.add(new File([text as string], 'report.json', { type: 'application/json' }));
            const over = new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true });
            const cancelled = !target.dispatchEvent(over);
            if (cancelled) target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
            return cancelled;
          },
          [x, y, JSON.stringify(saved)] as const,
        );
        expect(taken, `dragover at (${x}, ${y}) must be taken by the page`).toBe(true);
        await page.getByTestId('report-status').waitFor();
        expect(await page.getByTestId('report-reference').innerText()).toBe('ef'.repeat(32));
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  it('enables Re-seed now only after a healthy pre-flight', async () => {
    await page.goto(url({ ref: reference, node: devnet.nodes[0]!.url }));
    await page.getByTestId('reseed-panel').locator('summary').click();
    const confirm = page.getByTestId('reseed-button');
    const state = page.getByTestId('reseed-state');
    expect(await confirm.isDisabled()).toBe(true);
    await page.locator('input[name="batch"]').fill('ee'.repeat(32));
    await page.getByTestId('preflight-button').click();
    await expect.poll(() => state.getAttribute('data-state')).toBe('refused');
    expect(await confirm.isDisabled()).toBe(true);
    expect(await state.innerText()).toMatch(/exists\s+false/);
    await page.locator('input[name="batch"]').fill(devnet.nodes[0]!.batchId!);
    await page.getByTestId('preflight-button').click();
    await expect.poll(() => state.getAttribute('data-state')).toBe('confirming');
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();
    await expect.poll(() => state.getAttribute('data-state')).toBe('done');
  });

  it('shows the root replicas the lose-replicas fault dropped, and the re-seed panel re-creates them (issue 29 item 5)', async () => {
    const coded = await uploadBytes(devnet.nodes[0]!, new Uint8Array(randomBytes(3 * 4096)), { redundancyLevel: 2 });
    await expect.poll(() => devnet.control.loseReplicas({ reference: coded, slots: [1, 3] }).dropped, { timeout: 10_000 }).toBeGreaterThan(0);
    const nodes = devnet.nodes.map((n) => n.url);
    expect(await check(url({ ref: coded, node: nodes }))).toBe('retrievable');
    const headline = page.getByTestId('replicas-headline');
    expect(await headline.innerText()).toBe("level 2 (STRONG, from the root chunk's span): 2 of 4 retrieved by some vantage, 2 missing everywhere");
    const rows = await page.getByTestId('replicas').locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(/^1\s.*\s1\s+no\s+no\s+no\s+missing: no vantage retrieved it$/);
    expect(rows[0]).toMatch(/retrieved by 3 of 3 vantages$/);
    await page.screenshot({ path: join(OUT, 'web-replicas.png'), fullPage: true });

    await page.getByTestId('reseed-panel').locator('summary').click();
    await page.locator('input[name="batch"]').fill(devnet.nodes[0]!.batchId!);
    await page.getByTestId('preflight-button').click();
    const state = page.getByTestId('reseed-state');
    await expect.poll(() => state.getAttribute('data-state')).toBe('confirming');
    await page.getByTestId('reseed-button').click();
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 20_000 }).toBe('done');
    expect(await page.getByTestId('reseed-replicas').innerText()).toMatch(/^re-created 2 of 2 missing \(level 2\), 2 verified: /);

    await page.getByTestId('check-button').click();
    await expect.poll(() => headline.innerText(), { timeout: 20_000 }).toBe("level 2 (STRONG, from the root chunk's span): 4 of 4 retrieved by some vantage");
  });

  it('renders node-supplied text as text, never as HTML', async () => {
    const hostile: Server = createServer((req, res) => {
      res.writeHead(500, { 'access-control-allow-origin': '*', 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 500, message: '<img src=x onerror="window.__pwned=1">' }));
    });
    await new Promise<void>((r) => hostile.listen(0, '127.0.0.1', r));
    try {
      const nodeUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
      expect(await check(url({ ref: reference, node: nodeUrl }))).toBe('error');
      expect(await page.getByTestId('vantages').innerText()).toContain('<img src=x');
      expect(await page.locator('img').count()).toBe(0);
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    } finally {
      hostile.closeAllConnections(); // the browser keeps the connection alive; close() would wait for it
      await new Promise((r) => hostile.close(r));
    }
  });

  it('on an HTTPS page, a plain-HTTP non-loopback node is blocked: mixed-content', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'webtls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', join(dir, 'k.pem'), '-out', join(dir, 'c.pem')], { stdio: 'ignore' });
    const secure = await serveStatic(WEB_DIST, { key: readFileSync(join(dir, 'k.pem'), 'utf8'), cert: readFileSync(join(dir, 'c.pem'), 'utf8') });
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    try {
      const tlsPage = await context.newPage();
      await tlsPage.goto(`${secure.origin}/?ref=${reference}&node=${encodeURIComponent('http://node.invalid:1633')}`);
      await tlsPage.getByTestId('check-button').click();
      await tlsPage.getByTestId('report-status').waitFor({ timeout: 20_000 });
      expect(await tlsPage.getByTestId('report-status').textContent()).toBe('error');
      const cells = await tlsPage.getByTestId('vantages').locator('tbody tr td').allInnerTexts();
      expect(cells[cells.length - 1]).toBe('blocked: mixed-content');
    } finally {
      await context.close();
      await secure.close();
    }
  });
});
