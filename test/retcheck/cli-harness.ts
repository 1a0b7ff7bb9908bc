/**
 * Runs the BUILT retcheck CLI (dist/, from `npm run build`, which the suite's pretest runs) as a real
 * process, and checks what every run must satisfy: no stack trace on stderr, and every JSON report valid
 * against the checked-in JSON Schema.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { RetcheckReport } from '../../config-schema/retcheck-report.js';
import { reportSchemaErrors } from '../report-schema.js';

const BIN = fileURLToPath(new URL('../../dist/surfaces/cli/retcheck-bin.js', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export async function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first (npm test does it in pretest)`);
  // A clean environment: no NODE_API_URL or RUST_LOG from the developer's shell changes what is probed.
  const { NODE_API_URL: _node, RUST_LOG: _log, ...base } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...base, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const run = { code, stdout, stderr, ms: performance.now() - started };
  expect(stderr, 'no stack trace on stderr').not.toMatch(/\n\s+at .+\(.*:\d+:\d+\)/);
  return run;
}

/** Runs with --output json, parses stdout and validates it against the JSON Schema. */
export async function runJson(args: string[], env: Record<string, string> = {}): Promise<CliRun & { report: RetcheckReport }> {
  const run = await runCli([...args, '--output', 'json'], env);
  let report: RetcheckReport;
  try {
    report = JSON.parse(run.stdout) as RetcheckReport;
  } catch {
    throw new Error(`stdout is not a JSON report (exit ${run.code}):\n${run.stdout}\nstderr:\n${run.stderr}`);
  }
  expect(reportSchemaErrors(report)).toEqual([]);
  return { ...run, report };
}

/** Usage errors: exit 1, a `retcheck:` message naming the problem, the help hint, nothing on stdout. */
export async function expectUsageError(args: string[], message: RegExp): Promise<void> {
  const run = await runCli(args);
  expect(run.code, run.stderr).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(/^retcheck: /);
  expect(run.stderr).toMatch(message);
  expect(run.stderr).toContain('retcheck --help');
}

/** A loopback HTTP server with the given handler; `close` ends open connections too (a hanging one included). */
export async function loopbackServer(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A base URL on which nothing listens: a port freed right after binding it. */
export async function closedPortUrl(): Promise<string> {
  const server = await loopbackServer(() => undefined);
  await server.close();
  return server.url;
}

/** The text report's line for one vantage or gateway URL. */
export function lineFor(text: string, url: string): string {
  const line = text.split('\n').find((l) => l.trimStart().startsWith(`${url} `) || l.trimStart().startsWith(`${url}  `));
  if (!line) throw new Error(`no line for ${url} in:\n${text}`);
  return line;
}
