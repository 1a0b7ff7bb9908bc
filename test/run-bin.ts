/**
 * Test support: runs a compiled bin as a real Node process and collects its exit code and output.
 * NODE_URL and NODE_TOKEN are removed from the inherited environment so a developer's shell never decides
 * which node a test talks to; `env` adds what the test means to set.
 */
import { spawn } from 'node:child_process';

export interface BinRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runBin(script: string, args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<BinRun> {
  return new Promise((resolve, reject) => {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'NODE_URL' && key !== 'NODE_TOKEN'));
    const child = spawn(process.execPath, [script, ...args], { env: { ...inherited, NO_COLOR: '1', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
