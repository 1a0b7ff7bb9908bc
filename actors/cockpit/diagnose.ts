/**
 * `:diagnose`: a bundle for a bug report, written to a new directory under the OS temp dir:
 *
 *   README.txt          what is in the bundle, and that secrets were removed
 *   profile.cpuprofile  a CPU profile of the cockpit itself over `profileMs` (10 s by default; node:inspector,
 *                       opens in Chrome DevTools' Performance panel or speedscope)
 *   versions.json       cockpit, Node.js, platform, the node's own version when known
 *   config.json         the resolved config with every secret redacted
 *   gates.json          the gate ladder of each node
 *   call-stats.json     the cockpit's own call statistics (per endpoint template)
 *   logs/<tab>.log      the last lines of each log tab
 *   bee-pprof/          with `:diagnose --pprof`: the active node's Go profiles from Bee's /debug/pprof (a CPU
 *                       profile over 10 s taken while the cockpit's own runs, the heap, every goroutine's stack),
 *                       and bee-pprof/README.txt saying which could not be fetched and why
 *
 * Tokens never reach the bundle (style.md; spec §5 "The terminal diagnostic bundle never includes bearer
 * tokens"): values under secret-looking keys (token, password, secret, authorization, api key …) are replaced
 * in the config, every known secret value is replaced wherever it appears in any file, and so are
 * `Bearer …` credentials, URL user-info and `token=` query parameters. A function of its inputs, so the
 * engine decides what it hands over; `diagnoseLogic` is the same as an actor for the engine to invoke.
 */
import { Session } from 'node:inspector/promises';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { fromPromise } from 'xstate';

export const DIAGNOSE_PROFILE_MS = 10_000;
export const REDACTED = '[redacted]';

export interface DiagnoseInputs {
  /** Versions to record: `{ cockpit: '0.1.0', node: 'Bee 2.8.1-7cf53193' }`; Node.js and platform are added. */
  versions: Record<string, string>;
  /** The resolved configuration, as the cockpit uses it (tokens included: they are redacted here). */
  config: unknown;
  /** Every secret value the cockpit knows (tokens from --token, NODE_TOKEN, config, @env:), to scrub anywhere. */
  secrets: readonly string[];
  /** Gate ladders per node name. */
  gates: unknown;
  /** The node client's call statistics (`stats.snapshot()`). */
  callStats: unknown;
  /** The last lines of each log tab, oldest first. */
  logs: Readonly<Record<string, readonly string[]>>;
  profileMs?: number;
  /** `:diagnose --pprof`: where the active node's Go profiles come from (Bee's /debug/pprof). */
  nodeProfiles?: NodeProfileSource;
  /** Parent directory for the bundle; default the OS temp dir. */
  parentDir?: string;
}

export interface DiagnoseResult {
  dir: string;
  files: string[];
  /** With nodeProfiles: each profile's file, or why it is not in the bundle. */
  nodeProfiles?: Readonly<Record<NodeProfile, { file: string } | { missing: string }>>;
}

export type NodeProfile = 'cpu' | 'heap' | 'goroutine';

export interface NodeProfileSource {
  /** The node's name (for README.txt). */
  readonly node: string;
  /** Seconds of CPU profile (10 for `:diagnose --pprof`). */
  readonly cpuSeconds: number;
  fetch(profile: NodeProfile, seconds: number, signal?: AbortSignal): Promise<Uint8Array>;
}

/** Where each node profile goes in the bundle, and what it is. */
const NODE_PROFILE_FILES: Readonly<Record<NodeProfile, { file: string; about: string }>> = {
  cpu: { file: 'bee-pprof/cpu.pb.gz', about: 'CPU profile of the node (gzipped protobuf: go tool pprof)' },
  heap: { file: 'bee-pprof/heap.pb.gz', about: 'heap profile of the node (gzipped protobuf: go tool pprof)' },
  goroutine: { file: 'bee-pprof/goroutines.txt', about: 'every goroutine of the node with its stack (text)' },
};

const SECRET_KEY = /(token|password|passwd|secret|authorization|api[-_]?key|private[-_]?key|credential)/i;

/** Replaces the values of secret-looking keys, recursively; `@env:VAR` references are kept (they name, not hold). */
export function redactConfig(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => redactConfig(item, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redactConfig(v, k)]));
  }
  if (SECRET_KEY.test(key) && value !== null && value !== undefined && value !== '') {
    return typeof value === 'string' && /^@env:[A-Za-z_][A-Za-z0-9_]*$/.test(value) ? value : REDACTED;
  }
  return value;
}

/** Scrubs known secret values and credential shapes out of any text. */
export function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so a secret containing another is replaced whole.
  for (const secret of [...new Set(secrets)].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length)) out = out.split(secret).join(REDACTED);
  out = out.replace(/\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`);
  out = out.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@"']+(?::[^/\s@"']*)?@/gi, `$1${REDACTED}@`);
  out = out.replace(/([?&](?:token|access_token|api_key|key|password)=)[^&\s"']+/gi, `$1${REDACTED}`);
  return out;
}

async function cpuProfile(durationMs: number, signal?: AbortSignal): Promise<unknown> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    let stopped: { profile: unknown } | undefined;
    try {
      await sleep(durationMs, undefined, signal ? { signal } : {});
    } finally {
      // Stop even when aborted, so the process is not left profiling.
      stopped = await session.post('Profiler.stop');
    }
    return stopped.profile;
  } finally {
    session.disconnect();
  }
}

export async function writeDiagnosticBundle(inputs: DiagnoseInputs, signal?: AbortSignal): Promise<DiagnoseResult> {
  const dir = await mkdtemp(join(inputs.parentDir ?? tmpdir(), 'cockpit-diagnose-'));
  const files: string[] = [];
  const put = async (name: string, text: string) => {
    await writeFile(join(dir, name), scrubText(text, inputs.secrets), { mode: 0o600 });
    files.push(name);
  };
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const profileMs = inputs.profileMs ?? DIAGNOSE_PROFILE_MS;
  // The profile runs while the rest is written: it is of the cockpit at work, not of this function.
  const profiling = cpuProfile(profileMs, signal);
  // The node's CPU profile runs over the same seconds, so the two show the same moment from both sides.
  const nodeProfiles = inputs.nodeProfiles ? fetchNodeProfiles(inputs.nodeProfiles, signal) : null;
  await put('versions.json', json({ ...inputs.versions, nodejs: process.version, platform: `${process.platform} ${process.arch}`, writtenAt: new Date().toISOString() }));
  await put('config.json', json(redactConfig(inputs.config)));
  await put('gates.json', json(inputs.gates));
  await put('call-stats.json', json(inputs.callStats));
  await mkdir(join(dir, 'logs'));
  for (const [tab, lines] of Object.entries(inputs.logs)) await put(join('logs', `${tab.replace(/[^\w.-]/g, '_')}.log`), lines.length ? `${lines.join('\n')}\n` : '');
  await put('profile.cpuprofile', JSON.stringify(await profiling));
  let nodeOutcome: DiagnoseResult['nodeProfiles'];
  if (nodeProfiles && inputs.nodeProfiles) {
    await mkdir(join(dir, 'bee-pprof'));
    const fetched = await nodeProfiles;
    const outcome: Partial<Record<NodeProfile, { file: string } | { missing: string }>> = {};
    for (const profile of ['cpu', 'heap', 'goroutine'] as const) {
      const got = fetched[profile];
      const { file } = NODE_PROFILE_FILES[profile];
      if ('missing' in got) {
        outcome[profile] = got;
        continue;
      }
      const leaked = secretIn(got.bytes, inputs.secrets);
      if (leaked) {
        outcome[profile] = { missing: 'withheld: it held a secret the cockpit knows' };
        continue;
      }
      if (profile === 'goroutine') await put(file, Buffer.from(got.bytes).toString('utf8'));
      else {
        await writeFile(join(dir, file), got.bytes, { mode: 0o600 });
        files.push(file);
      }
      outcome[profile] = { file };
    }
    nodeOutcome = outcome as Required<typeof outcome>;
    await put('bee-pprof/README.txt', nodeProfilesReadme(inputs.nodeProfiles, nodeOutcome));
  }
  await put(
    'README.txt',
    [
      'cockpit diagnostic bundle',
      '',
      `profile.cpuprofile  CPU profile of the cockpit over ${profileMs / 1000} s (open in Chrome DevTools > Performance, or speedscope)`,
      'versions.json       versions of the cockpit, Node.js, the platform and the node',
      'config.json         the resolved configuration; tokens, passwords and other secrets are replaced by [redacted]',
      'gates.json          the health gates of each node',
      'call-stats.json     the cockpit’s own HTTP call statistics per endpoint',
      'logs/               the last lines of each log pane tab',
      ...(nodeOutcome ? ['bee-pprof/          the node’s Go profiles from its /debug/pprof (see bee-pprof/README.txt)'] : []),
      '',
      'Every file was scrubbed of known tokens, Bearer credentials, URL user-info and token= parameters.',
      '',
    ].join('\n'),
  );
  return { dir, files: files.sort(), ...(nodeOutcome ? { nodeProfiles: nodeOutcome } : {}) };
}

type Fetched = Record<NodeProfile, { bytes: Uint8Array } | { missing: string }>;

/** The CPU profile at once (it takes its seconds), the heap and goroutines after it: each failure is kept as a reason. */
async function fetchNodeProfiles(source: NodeProfileSource, signal?: AbortSignal): Promise<Fetched> {
  const one = async (profile: NodeProfile) => {
    try {
      return { bytes: await source.fetch(profile, source.cpuSeconds, signal) };
    } catch (error) {
      if (signal?.aborted) throw error;
      return { missing: `not fetched: ${error instanceof Error ? error.message : String(error)}` };
    }
  };
  const cpu = await one('cpu');
  return { cpu, heap: await one('heap'), goroutine: await one('goroutine') };
}

/** Whether any known secret is in the bytes, as they are or gunzipped (a profile is gzipped protobuf). */
export function secretIn(bytes: Uint8Array, secrets: readonly string[]): boolean {
  const plain = Buffer.from(bytes);
  let inflated: Buffer | null = null;
  if (plain[0] === 0x1f && plain[1] === 0x8b) {
    try {
      inflated = gunzipSync(plain);
    } catch {
      inflated = null;
    }
  }
  return secrets.filter((s) => s.length >= 4).some((secret) => plain.includes(secret) || (inflated?.includes(secret) ?? false));
}

function nodeProfilesReadme(source: NodeProfileSource, outcome: NonNullable<DiagnoseResult['nodeProfiles']>): string {
  const lines = [`Go profiles of the node ${source.node}, from its API port (/debug/pprof, as Bee serves it).`, ''];
  for (const profile of ['cpu', 'heap', 'goroutine'] as const) {
    const { file, about } = NODE_PROFILE_FILES[profile];
    const got = outcome[profile];
    const name = file.slice('bee-pprof/'.length).padEnd(16);
    lines.push('missing' in got ? `${name} MISSING: ${got.missing}` : `${name} ${about}${profile === 'cpu' ? `, over ${source.cpuSeconds} s` : ''}`);
  }
  lines.push('', 'Open a .pb.gz with: go tool pprof -http=: <file>', '');
  return lines.join('\n');
}

/** The engine's `:diagnose` actor. */
export const diagnoseLogic = fromPromise<DiagnoseResult, DiagnoseInputs>(({ input, signal }) => writeDiagnosticBundle(input, signal));
