/**
 * Test support: runs a compiled bin as a real Node process and collects its exit code and output.
 * Variables that choose a node, a token or a log level are removed from the inherited environment so a
 * developer's shell never decides what a test talks to or prints; `env` adds what the test means to set.
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BinRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const SHELL_CHOICES = new Set(['NODE_URL', 'NODE_TOKEN', 'NODE_API_URL', 'RUST_LOG', 'COCKPIT_LOG_LEVEL', 'COCKPIT_CONFIG', 'COCKPIT_DATA', 'XDG_CONFIG_HOME']);
/** The developer's own ~/.config/cockpit/config.toml must not decide a test either: no config unless a test names one. */
const NO_CONFIG_HOME = join(tmpdir(), 'run-bin-no-config-home');

export function runBin(script: string, args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<BinRun> {
  return new Promise((resolve, reject) => {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !SHELL_CHOICES.has(key)));
    const child = spawn(process.execPath, [script, ...args], { env: { ...inherited, NO_COLOR: '1', XDG_CONFIG_HOME: NO_CONFIG_HOME, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
