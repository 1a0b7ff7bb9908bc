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
  /** Parent directory for the bundle; default the OS temp dir. */
  parentDir?: string;
}

export interface DiagnoseResult {
  dir: string;
  files: string[];
}

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
  await put('versions.json', json({ ...inputs.versions, nodejs: process.version, platform: `${process.platform} ${process.arch}`, writtenAt: new Date().toISOString() }));
  await put('config.json', json(redactConfig(inputs.config)));
  await put('gates.json', json(inputs.gates));
  await put('call-stats.json', json(inputs.callStats));
  await mkdir(join(dir, 'logs'));
  for (const [tab, lines] of Object.entries(inputs.logs)) await put(join('logs', `${tab.replace(/[^\w.-]/g, '_')}.log`), lines.length ? `${lines.join('\n')}\n` : '');
  await put('profile.cpuprofile', JSON.stringify(await profiling));
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
      '',
      'Every file was scrubbed of known tokens, Bearer credentials, URL user-info and token= parameters.',
      '',
    ].join('\n'),
  );
  return { dir, files: files.sort() };
}

/** The engine's `:diagnose` actor. */
export const diagnoseLogic = fromPromise<DiagnoseResult, DiagnoseInputs>(({ input, signal }) => writeDiagnosticBundle(input, signal));
