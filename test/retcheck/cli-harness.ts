/**
 * Runs the BUILT retcheck CLI (dist/, from `npm run build`, which npm test runs before the suite) as a real
 * process, and checks what every run must satisfy: no stack trace on stderr, and every JSON report valid
 * against the checked-in JSON Schema.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { RetcheckReport } from '../../config-schema/retcheck-report.js';
import { reportSchemaErrors } from '../report-schema.js';
import { runBin } from '../run-bin.js';

const BIN = fileURLToPath(new URL('../../dist/surfaces/cli/retcheck-bin.js', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export async function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first (npm test does it before the suite)`);
  // runBin cleans the environment: no NODE_API_URL or RUST_LOG from the developer's shell changes what is probed.
  const started = performance.now();
  const run = { ...(await runBin(BIN, args, env)), ms: performance.now() - started };
  expect(run.stderr, 'no stack trace on stderr').not.toMatch(/\n\s+at .+\(.*:\d+:\d+\)/);
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
