/**
 * The palette's one-shot verbs (2-cockpit.md §4): each runs once against the active node and answers one
 * banner line, green or red. Verbs the `--once` mode has are run through those very verbs (actors/cockpit/verbs/, the
 * same code `--once` runs), so the palette and the scripts can never disagree: `:hash`, `:cid`, `:feed-probe`,
 * `:upload` (`upload-file` or `upload-collection` by what the path is), `:batch buy|topup|dilute|extend`
 * (the `*-preview` verbs; no transaction is ever sent). The rest have no `--once` twin and live here:
 * `:pss`, `:loggers`, `:set-logger`, `:pins-check` (actors/cockpit/pins-check-file.ts) and `:diagnose`
 * (actors/cockpit/diagnose.ts).
 *
 * Decisions where the spec is silent (also in docs/cockpit.md "The engine"):
 * - `:pss <topic> <payload> [batch-prefix]` sends to the active node's own neighbourhood (its overlay's prefix
 *   at its storage radius, the `pss-target` rule), so a subscriber on S14 of the same node receives it: the
 *   palette has no target argument, and the operator's own node is the one they are looking at. Without a
 *   prefix the usable batch with the longest TTL stamps it.
 * - `:loggers` answers how many loggers and their verbosities in the banner and writes every logger to the
 *   Cockpit log tab.
 */
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { groupDigits } from '../../core/cockpit/format.js';
import { pssTarget } from '../../core/cockpit/neighbourhood.js';
import { hexToBytes, utf8Encode } from '../../core/swarm/bytes.js';
import { topicFromInput } from '../../core/swarm/topic.js';
import { errorLine } from '../../core/cockpit/text.js';
import { composeVerbText } from '../../core/cockpit/verb-text/index.js';
import { failureWords } from '../../core/cockpit/verb-text/failure-words.js';
import type { OneShotVerb } from '../../core/cockpit/interaction/palette.js';
import { LOGGER_VERBOSITIES, type LoggerVerbosity } from '../../core/cockpit/loggers.js';
import type { VerbInput, VerbOutcome } from '../../machines/cockpit/cockpit.machine.js';
import type { NodeClient } from '../node-client/index.js';
import type { RadiusTrack } from '../../core/cockpit/radius-facts.js';
import { parseProbeArgs, probeAllRetrievable, probeHeadline, probeRowText, probeText } from '../../core/cockpit/probe-upload.js';
import { runProbeUpload, type ProbeVantage } from './probe-upload.js';
import { writeDiagnosticBundle, type DiagnoseInputs, type NodeProfileSource } from './diagnose.js';
import { DEFAULT_PPROF_CPU_SECONDS } from '../node-client/endpoints/status.js';
import { runPinsCheckVerb } from './pins-check-file.js';
import { onceVerbs } from './verbs/index.js';
import { findVerb, OnceError } from './verbs/verb.js';

export interface OneShotDeps {
  /** The active node's client. */
  readonly client: () => NodeClient;
  /** Where `:pins-check` writes its file: the data directory, else the temp directory. */
  readonly dataDir?: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** What `:diagnose` puts in its bundle, gathered by the engine at the time of the call. */
  readonly diagnoseInputs: () => DiagnoseInputs;
  /** A line for the Cockpit log tab. */
  readonly logCockpit: (message: string) => void;
  /** Per-request timeout of the `--once` verbs run from the palette (default 60 s: uploads take time). */
  readonly timeoutMs?: number;
  /** Every configured node with its client (the active one included): `:probe-upload`'s vantages. */
  readonly fleet?: () => readonly ProbeVantage[];
  /** A node's radius history from the engine's trend ring: `:radius-doctor` states the last change from it. */
  readonly radiusHistory?: (node: string) => RadiusTrack | null;
  /** The engine's clock (the ring's sample times are on it). */
  readonly now?: () => number;
}

/** The `--once` verb a palette verb runs, when it has one. */
const ONCE_TWINS: Partial<Record<OneShotVerb, string>> = {
  hash: 'hash',
  cid: 'cid',
  'feed-probe': 'feed-probe',
  'replica-check': 'replica-check',
  'drain-check': 'drain-check',
  'radius-doctor': 'radius-doctor',
  'sample-forecast': 'sample-forecast',
  'buy-preview': 'buy-preview',
  'topup-preview': 'topup-preview',
  'dilute-preview': 'dilute-preview',
  'extend-preview': 'extend-preview',
};

export async function runOneShotVerb(input: VerbInput & { readonly token?: string }, signal: AbortSignal, deps: OneShotDeps): Promise<VerbOutcome> {
  try {
    switch (input.verb) {
      case 'upload': {
        const isDirectory = await stat(input.args[0]!).then((s) => s.isDirectory(), () => false);
        return await runOnce(isDirectory ? 'upload-collection' : 'upload-file', input, deps);
      }
      case 'pss':
        return await sendPss(deps.client(), input.args, signal);
      case 'loggers':
        return await listLoggers(deps, signal);
      case 'set-logger': {
        const [expression, verbosity] = input.args as [string, LoggerVerbosity];
        if (!LOGGER_VERBOSITIES.includes(verbosity)) return { ok: false, text: `unknown verbosity ${verbosity}` };
        await deps.client().setLogger(expression, verbosity, { signal });
        return { ok: true, text: `logger ${expression} set to ${verbosity} until the node restarts` };
      }
      case 'probe-upload':
        return await probeFromPalette(input, signal, deps);
      case 'pins-check':
        return await runPinsCheckVerb(deps.client(), { directory: deps.dataDir ?? tmpdir(), signal });
      case 'diagnose':
        return await diagnose(input, signal, deps);
      default: {
        const twin = ONCE_TWINS[input.verb];
        return twin ? await runOnce(twin, input, deps) : { ok: false, text: `:${input.verb} is not available` };
      }
    }
  } catch (error) {
    if (signal.aborted) throw error;
    // A verb's failure is data; its words are the ones `--once` prints.
    return { ok: false, text: `:${input.verb}: ${errorLine(error instanceof OnceError ? failureWords(error.failure) : error)}` };
  }
}

/**
 * `:diagnose [--pprof]`: the bundle (actors/cockpit/diagnose.ts); with `--pprof` the active node's Go profiles
 * too, through its client (its token sent to the node, never written). A profile the node would not give is
 * named in the banner with its reason; the bundle is written all the same.
 */
async function diagnose(input: VerbInput, signal: AbortSignal, deps: OneShotDeps): Promise<VerbOutcome> {
  const client = deps.client();
  const nodeProfiles: NodeProfileSource | undefined = input.args.includes('--pprof')
    ? { node: input.node.name, cpuSeconds: DEFAULT_PPROF_CPU_SECONDS, fetch: (profile, seconds, s) => client.pprof(profile, { seconds, ...(s ? { signal: s } : {}) }) }
    : undefined;
  const bundle = await writeDiagnosticBundle({ ...deps.diagnoseInputs(), ...(nodeProfiles ? { nodeProfiles } : {}) }, signal);
  const missing = Object.entries(bundle.nodeProfiles ?? {}).flatMap(([profile, got]) => ('missing' in got ? [`${profile} ${got.missing}`] : []));
  const profiles = bundle.nodeProfiles ? (missing.length ? `; node profiles incomplete: ${missing.join('; ')}` : `; with the node's CPU, heap and goroutine profiles`) : '';
  return { ok: missing.length === 0, text: `diagnostic bundle (${bundle.files.length} files, tokens removed${profiles}) in ${bundle.dir}` };
}

async function runOnce(name: string, input: VerbInput & { readonly token?: string }, deps: OneShotDeps): Promise<VerbOutcome> {
  const verb = findVerb(onceVerbs(), name);
  if (!verb) return { ok: false, text: `:${input.verb} is not available: this cockpit has no ${name} verb` };
  const result = await verb.run(input.args, {
    node: input.node.url,
    env: deps.env,
    timeoutMs: deps.timeoutMs ?? 60_000,
    ...(input.token ? { token: input.token } : {}),
    ...(name === 'radius-doctor' && deps.radiusHistory ? { radiusHistory: deps.radiusHistory(input.node.name), ...(deps.now ? { now: deps.now } : {}) } : {}),
  });
  // The words are the ones `--once` prints (core/cockpit/verb-text/): the banner shows the message's first line.
  const { message, text } = await composeVerbText(result);
  // A report longer than its banner (radius-doctor's findings, sample-forecast's estimates) goes to the Cockpit log tab whole.
  if (text !== undefined && LOGGED_IN_FULL.has(name)) for (const line of text.split('\n')) deps.logCockpit(line);
  return { ok: result.status === 'ok', text: message.split('\n')[0]! };
}

const LOGGED_IN_FULL = new Set(['radius-doctor', 'sample-forecast']);

/**
 * `:probe-upload`: the same probe as `cockpit --once probe-upload` (actors/cockpit/probe-upload.ts), uploaded by
 * the active node and watched from every other node of the engine's fleet. The banner is the headline and the
 * rows that did not retrieve it; the whole report goes to the Cockpit log tab.
 */
async function probeFromPalette(input: VerbInput, signal: AbortSignal, deps: OneShotDeps): Promise<VerbOutcome> {
  const options = parseProbeArgs(input.args);
  const vantages = (deps.fleet?.() ?? []).filter((node) => node.name !== input.node.name);
  const timeoutMs = deps.timeoutMs ?? 60_000;
  const report = await runProbeUpload({ ...options, node: { name: input.node.name, url: input.node.url, client: deps.client() }, vantages, requestTimeoutMs: Math.min(timeoutMs, 15_000) }, signal);
  for (const line of probeText(report).split('\n')) deps.logCockpit(line);
  const missed = report.vantages.filter((row) => row.outcome !== 'retrievable').map((row) => `${row.node} ${probeRowText(row)}`);
  return { ok: probeAllRetrievable(report), text: [probeHeadline(report), ...missed].join('; ') };
}

async function sendPss(client: NodeClient, args: readonly string[], signal: AbortSignal): Promise<VerbOutcome> {
  const [topicText, payload, prefix] = args as [string, string, string | undefined];
  const topic = topicFromInput(topicText);
  const [addresses, status, stamps] = await Promise.all([client.addresses({ signal }), client.status({ signal }), client.stamps({ signal })]);
  const usable = stamps.filter((batch) => batch.usable && (prefix === undefined || batch.batchID.startsWith(prefix)));
  if (usable.length === 0) return { ok: false, text: prefix ? `:pss: no usable batch starts with ${prefix}` : ':pss: no usable postage batch on this node' };
  if (prefix !== undefined && usable.length > 1) return { ok: false, text: `:pss: ${usable.length} usable batches start with ${prefix}; give more of the ID` };
  const batch = usable.reduce((a, b) => (b.batchTTL > a.batchTTL ? b : a));
  const target = pssTarget(hexToBytes(addresses.overlay), status.storageRadius);
  await client.pssSend(topic.hex, target.target, utf8Encode(payload), { batchId: batch.batchID, signal });
  const named = topic.hashed ? `"${topicText}" (${topic.hex.slice(0, 8)}…)` : `${topic.hex.slice(0, 8)}…`;
  return { ok: true, text: `pss: ${groupDigits(utf8Encode(payload).length)} bytes sent on topic ${named} to neighbourhood ${target.target}, stamped by ${batch.batchID.slice(0, 8)}…` };
}

async function listLoggers(deps: OneShotDeps, signal: AbortSignal): Promise<VerbOutcome> {
  const { loggers } = await deps.client().loggers({ signal });
  const byVerbosity = new Map<string, number>();
  for (const logger of loggers) {
    byVerbosity.set(logger.verbosity, (byVerbosity.get(logger.verbosity) ?? 0) + 1);
    deps.logCockpit(`logger ${logger.logger} ${logger.verbosity}`);
  }
  const counts = [...byVerbosity.entries()].map(([verbosity, n]) => `${groupDigits(n)} ${verbosity}`).join(', ');
  return { ok: true, text: `${groupDigits(loggers.length)} loggers (${counts}); each listed in the Cockpit log tab` };
}
