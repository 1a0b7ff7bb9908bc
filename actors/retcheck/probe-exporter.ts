/**
 * `retcheck --serve-metrics ADDR`: a multi-target exporter in the pattern of blackbox_exporter. Prometheus
 * scrapes `GET /probe?ref=…&node=…` once per reference it is given (file_sd, relabeling: docs/prometheus/);
 * each scrape runs one check through the probe-run machine (the CLI's retcheck machine and actors, under the
 * scrape's deadline) and is answered with the run as series (core/retcheck/probe-metrics.ts).
 *
 * - At most `maxConcurrentProbes` checks run at once; a probe past that is answered 503 at once, so a
 *   Prometheus with more references than capacity sees failed scrapes (`up` 0), not a queue growing forever.
 * - A bad ref, node or gateway is answered 400 with a one-line reason.
 * - A scrape that goes away (Prometheus gave up) stops its check.
 * - `GET /metrics` serves the exporter's own series.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createActor, toPromise, type InspectionEvent, type Observer } from 'xstate';
import { listenUrl, type ListenAddress } from '../../core/cockpit/listen-address.js';
import { EXPOSITION_CONTENT_TYPE, Histogram, renderExposition, type MetricFamily } from '../../core/prometheus/exposition.js';
import { probeFamilies, probeSucceeded, type ProbeOutcome } from '../../core/retcheck/probe-metrics.js';
import { DEFAULT_MAX_CONCURRENT_PROBES, oneLine, parseProbeRequest } from '../../core/retcheck/probe-query.js';
import { probeRunMachine } from '../../machines/retcheck/probe-run.machine.js';
import { provideRetcheck } from './retcheck-actors.js';
import type { RetcheckApi } from './retcheck-api.js';

const PROBE_DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60] as const;

export interface ProbeExporterOptions {
  readonly listen: ListenAddress;
  readonly api: RetcheckApi;
  readonly maxConcurrentProbes?: number;
  /** One line per probe answered (the bin writes them to stderr at -v). */
  readonly log?: (line: string) => void;
  /** `--inspect`: each probe's actor system is inspected (actors/inspection/live-inspection.ts). */
  readonly inspect?: Observer<InspectionEvent>;
}

export interface ProbeExporter {
  readonly url: string;
  /** Stops accepting, stops every running check, closes connections. */
  close(): Promise<void>;
}

type Result = 'success' | 'failure' | 'timeout' | 'rejected' | 'bad_request';

/** Runs one check under its deadline; resolves with the outcome and how long it took. */
export async function runProbe(api: RetcheckApi, request: Extract<ReturnType<typeof parseProbeRequest>, { ok: true }>, abort: AbortSignal, inspect?: Observer<InspectionEvent>): Promise<{ outcome: ProbeOutcome; seconds: number }> {
  const started = performance.now();
  const actor = createActor(probeRunMachine.provide({ actors: { retcheck: provideRetcheck(api) } }), { input: { check: request.input, deadlineMs: request.deadlineMs }, ...(inspect ? { inspect } : {}) });
  const stop = () => actor.stop();
  abort.addEventListener('abort', stop, { once: true });
  try {
    actor.start();
    // A stopped actor (the scrape went away) completes without output.
    const output = abort.aborted ? undefined : ((await toPromise(actor)) as ProbeOutcome | undefined);
    const outcome: ProbeOutcome = output ?? { kind: 'failed', error: 'the scrape went away' };
    return { outcome, seconds: (performance.now() - started) / 1000 };
  } finally {
    abort.removeEventListener('abort', stop);
    actor.stop();
  }
}

export async function startProbeExporter(options: ProbeExporterOptions): Promise<ProbeExporter> {
  const limit = options.maxConcurrentProbes ?? DEFAULT_MAX_CONCURRENT_PROBES;
  const counts: Record<Result, number> = { success: 0, failure: 0, timeout: 0, rejected: 0, bad_request: 0 };
  const durations = new Histogram(PROBE_DURATION_BUCKETS);
  const running = new Set<AbortController>();
  let inFlight = 0;

  const ownFamilies = (): MetricFamily[] => [
    { name: 'retcheck_exporter_probes_total', help: 'Probes answered, by result: success, failure (no answer or check failed), timeout, rejected (503, over the limit), bad_request (400).', type: 'counter', samples: (Object.keys(counts) as Result[]).map((result) => ({ labels: { result }, value: counts[result] })) },
    { name: 'retcheck_exporter_probes_in_flight', help: 'Checks running now.', type: 'gauge', samples: [{ value: inFlight }] },
    { name: 'retcheck_exporter_max_concurrent_probes', help: 'The limit past which probes are answered 503.', type: 'gauge', samples: [{ value: limit }] },
    { name: 'retcheck_exporter_probe_duration_seconds', help: 'How long answered checks took.', type: 'histogram', samples: [durations.sample()] },
  ];

  const text = (response: ServerResponse, status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
  };

  async function probe(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const header = request.headers['x-prometheus-scrape-timeout-seconds'];
    const parsed = parseProbeRequest(url.searchParams, Array.isArray(header) ? header[0] : header);
    if (!parsed.ok) {
      counts.bad_request++;
      text(response, 400, `${oneLine(parsed.error)}\n`);
      return;
    }
    if (inFlight >= limit) {
      counts.rejected++;
      text(response, 503, `too many probes at once: ${limit} are running (--max-concurrent-probes)\n`);
      return;
    }
    inFlight++;
    const controller = new AbortController();
    running.add(controller);
    const onClose = () => {
      if (!response.writableFinished) controller.abort();
    };
    response.on('close', onClose);
    try {
      const { outcome, seconds } = await runProbe(options.api, parsed, controller.signal, options.inspect);
      const result: Result = outcome.kind === 'timedOut' ? 'timeout' : probeSucceeded(outcome) ? 'success' : 'failure';
      counts[result]++;
      durations.observe(seconds);
      options.log?.(`probe ${url.search} -> ${result}${outcome.kind === 'failed' ? ` (${oneLine(outcome.error)})` : ''} in ${seconds.toFixed(3)} s`);
      if (controller.signal.aborted) return;
      const body = renderExposition(probeFamilies(outcome, seconds));
      response.writeHead(200, { 'content-type': EXPOSITION_CONTENT_TYPE, 'content-length': Buffer.byteLength(body) }).end(body);
    } finally {
      response.off('close', onClose);
      running.delete(controller);
      inFlight--;
    }
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://exporter');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('method not allowed\n');
      return;
    }
    if (url.pathname === '/probe') {
      probe(request, response, url).catch((error: unknown) => {
        counts.failure++;
        if (!response.headersSent) text(response, 500, `${oneLine(error instanceof Error ? error.message : String(error))}\n`);
        else response.destroy();
      });
      return;
    }
    if (url.pathname === '/metrics') {
      const body = renderExposition(ownFamilies());
      response.writeHead(200, { 'content-type': EXPOSITION_CONTENT_TYPE, 'content-length': Buffer.byteLength(body) }).end(body);
      return;
    }
    if (url.pathname === '/') {
      text(response, 200, 'retcheck exporter: GET /probe?ref=<reference|feed:OWNER:TOPIC>&node=<url>[&node=…][&gateway=<url>][&per_chunk=1]; own series at /metrics\n');
      return;
    }
    text(response, 404, 'not found\n');
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.listen.port, options.listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  return {
    url: listenUrl({ host: options.listen.host, port: bound.port }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const controller of running) controller.abort();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
