/**
 * The `checkStartup` actor: what must hold before the node is spawned (spec §3 Starting: "binary exists
 * and is executable"), plus what would otherwise fail later and less clearly: the YAML is readable and
 * Bee would accept it, its API port is not already answering (a /health 200 from someone else's process
 * would look like our node starting), and the capture directory can be made.
 * Every refusal is a value with a one-line reason for the chip; nothing here throws for bad input.
 */
import { constants } from 'node:fs';
import { access, mkdir, readFile, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fromPromise } from 'xstate';
import { findListenerIn } from '../log-source/find-listener.js';
import { makeTempDir, removeStaleTempDirs } from '../cockpit/temp-dirs.js';

/** `$TMPDIR/cockpit-node-<cockpit pid>-XXXXXX/node.log`: the capture of a supervised node's output. */
export const CAPTURE_DIR_PREFIX = 'cockpit-node-';
import type { StartupCheck, StartupCheckInput } from '../../machines/cockpit/supervisor.contracts.js';

async function checkBinary(path: string): Promise<string | undefined> {
  let stats;
  try {
    stats = await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return `node binary ${path} does not exist`;
    return `node binary ${path} cannot be looked at (${code})`;
  }
  if (stats.isDirectory()) return `node binary ${path} is a directory, not a program`;
  if (!stats.isFile()) return `node binary ${path} is not a regular file`;
  try {
    await access(path, constants.X_OK);
  } catch {
    return `node binary ${path} is not executable (chmod +x ${path})`;
  }
  return undefined;
}

async function readConfig(path: string): Promise<{ text: string } | { reason: string }> {
  try {
    // A named pipe or a device would block the read (or never end): only a regular file is a config.
    const stats = await stat(path);
    if (!stats.isFile() && !stats.isDirectory()) return { reason: `node config ${path} is not a regular file` };
    return { text: await readFile(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { reason: `node config ${path} does not exist` };
    if (code === 'EISDIR') return { reason: `node config ${path} is a directory, not a YAML file` };
    if (code === 'EACCES' || code === 'EPERM') return { reason: `node config ${path} cannot be read (permission denied)` };
    return { reason: `node config ${path} cannot be read (${code ?? String(error)})` };
  }
}

/** True when something accepts TCP connections on the address. */
function isAnswering(host: string, port: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port, signal });
    const finish = (answer: boolean) => {
      socket.destroy();
      done(answer);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

async function portHolder(port: number, signal: AbortSignal): Promise<string> {
  if (process.platform !== 'linux') return '';
  try {
    const lookup = await findListenerIn('/proc', port, signal);
    return lookup.found ? ` by process ${lookup.pid} (${lookup.processName})` : '';
  } catch {
    return '';
  }
}

export async function checkStartup(input: StartupCheckInput, signal: AbortSignal, env: NodeJS.ProcessEnv = process.env): Promise<StartupCheck> {
  const binPath = resolve(input.binPath);
  const configPath = resolve(input.configPath);
  const binaryProblem = await checkBinary(binPath);
  if (binaryProblem) return { ok: false, reason: binaryProblem };
  const config = await readConfig(configPath);
  if ('reason' in config) return { ok: false, reason: config.reason };
  // The YAML reader loads only when a node is supervised: most cockpits never need it.
  const { effectiveApiAddr, localUrlOf, readBeeYaml } = await import('../../core/node-config/bee-yaml.js');
  const parsed = readBeeYaml(config.text);
  if (!parsed.ok) return { ok: false, reason: `node config ${configPath}: ${parsed.message}` };
  // Bee's viper lets BEE_API_ADDR override the file, so the node will listen there.
  const effective = effectiveApiAddr(parsed.config, env);
  if ('error' in effective) return { ok: false, reason: effective.error };
  const apiAddr = effective.address;
  if (apiAddr.port === 0) return { ok: false, reason: `api-addr ${apiAddr.host}:0 lets the node pick a random port; the cockpit needs a fixed port to poll /health` };
  const apiUrl = localUrlOf(apiAddr);
  const { hostname, port } = new URL(apiUrl);
  signal.throwIfAborted();
  if (await isAnswering(hostname.replace(/^\[|\]$/g, ''), Number(port), signal)) {
    return { ok: false, reason: `API port ${port} is already in use${await portHolder(Number(port), signal)}: stop that process or change api-addr in ${configPath}` };
  }
  // A start after an earlier run (`:start` after `:stop`) writes on into that run's capture file.
  if (input.captureFile) {
    try {
      await mkdir(dirname(input.captureFile), { recursive: true });
    } catch (error) {
      return { ok: false, reason: `cannot create the capture directory: ${(error as Error).message}` };
    }
    return { ok: true, apiUrl, captureFile: input.captureFile, binPath, configPath };
  }
  let captureDir: string;
  try {
    if (input.captureDir) {
      await mkdir(input.captureDir, { recursive: true });
      captureDir = input.captureDir;
    } else {
      // Captures that crashed or killed runs left behind go first (unused for a day): they never pile up.
      await removeStaleTempDirs(CAPTURE_DIR_PREFIX).catch(() => undefined);
      captureDir = await makeTempDir(CAPTURE_DIR_PREFIX);
    }
  } catch (error) {
    return { ok: false, reason: `cannot create the capture directory: ${(error as Error).message}` };
  }
  return { ok: true, apiUrl, captureFile: join(captureDir, 'node.log'), binPath, configPath };
}

export function createCheckStartup(env: NodeJS.ProcessEnv = process.env) {
  return fromPromise<StartupCheck, StartupCheckInput>(({ input, signal }) => checkStartup(input, signal, env));
}
