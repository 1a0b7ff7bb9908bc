#!/usr/bin/env node
/**
 * `npm start`: the whole toolkit on the embedded local swarm, no Bee needed.
 * 1. starts a devnet (4 simulated Bee nodes + 1 loopback gateway) whose CORS allow-list names the web app's origin;
 * 2. uploads a demo file (pushed to the network before answering, so every vantage can retrieve it);
 * 3. runs retcheck against every node and the gateway and prints the report;
 * 4. serves the built web app and prints its URL pre-filled with the demo reference and the node URLs.
 * It keeps serving until Ctrl-C; `--exit` stops after step 4 (used by the tests and CI). The devnet's temporary
 * log directory is removed on exit unless `--keep-logs`.
 */
import { DEFAULT_PUSH_RATE } from '../../devnet/cli-options.js';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startDevnet } from '../../devnet/devnet.js';
import { serveStatic } from '../../actors/static-site/static-server.js';
import { DEMO_FILE_NAME, uploadDemoFile } from '../../actors/demo/demo-upload.js';
import { runRetcheck } from '../cli/retcheck/run.js';
import { queryFromForm, DEFAULT_WEB_FORM } from '../../core/retcheck/web-form.js';

const WEB_DIST = fileURLToPath(new URL('../../../surfaces/web/dist/', import.meta.url));

const USAGE = `Usage: npm start [-- --exit] [--keep-logs]

The whole toolkit on an embedded local swarm, no Bee needed: starts a devnet (4 simulated Bee nodes and a
gateway), uploads a demo file, prints retcheck's report on it from every node and the gateway, and serves the
built web app at a URL filled in with the demo reference and the node URLs, until Ctrl-C. npm start first
builds dist/ when it is missing or older than the sources, then the web app and the desktop renderer.

  --exit        stop after printing, instead of serving
  --keep-logs   keep the devnet's temporary log directory (removed on exit otherwise)
`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const exitAfter = argv.includes('--exit');
  // The devnet's temp log directory goes with it on exit, unless the user wants to read the logs afterwards.
  const keepLogs = argv.includes('--keep-logs');
  if (!existsSync(WEB_DIST)) {
    process.stderr.write(`demo: the web app is not built (${WEB_DIST}); run npm run build:web, or use npm start which builds it\n`);
    return 1;
  }
  const site = await serveStatic(WEB_DIST);
  const devnet = await startDevnet({ nodes: 4, gateways: 1, corsOrigins: [site.origin], keepLogs, pushRatePerSecond: DEFAULT_PUSH_RATE });
  const stop = async () => {
    await devnet.stop();
    await site.close();
  };
  try {
    const first = devnet.nodes[0]!;
    const reference = await uploadDemoFile(first.url, first.batchId!);
    const nodes = devnet.nodes.map((n) => n.url);
    const gateways = devnet.gateways.map((g) => g.url);
    process.stdout.write(`devnet: ${nodes.length} nodes (${nodes.join(', ')}), gateway ${gateways.join(', ')}\nlogs:   ${devnet.logDir}${keepLogs ? '' : ' (removed on exit; npm start -- --keep-logs keeps them)'}\nuploaded ${DEMO_FILE_NAME} -> ${reference}\n\n$ npx retcheck ${reference} ${nodes.map((n) => `-b ${n}`).join(' ')} --gateway ${gateways[0]}\n`);
    const code = await runRetcheck(
      { input: { target: { kind: 'reference', reference }, nodes, gateways, timeoutMs: 10_000, perChunk: false, cold: false, concurrency: 8 }, output: 'text', logLevel: 'warn' },
      { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), color: process.stdout.isTTY === true && !process.env.NO_COLOR },
    );
    const query = queryFromForm({ ...DEFAULT_WEB_FORM, ref: reference, nodes: nodes.join('\n'), gateways: gateways.join('\n') });
    process.stdout.write(`\nretcheck-web: ${site.origin}/?${query}\n`);
    if (exitAfter) {
      await stop();
      return code;
    }
    process.stdout.write('\nServing; press Ctrl-C to stop.\n');
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await stop();
    return 0;
  } catch (error) {
    await stop();
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`demo: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
