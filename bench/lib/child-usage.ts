/**
 * A program run by a bench as a child process, with its wall time and its own peak RSS and CPU time: a module
 * loaded before it (`--import`) prints them on stderr as each of its threads exits; the largest figures are the
 * process's. Peak RSS is Linux's VmHWM, which belongs to the exec'd image: getrusage's maxRSS
 * (process.resourceUsage().maxRSS) survives fork and exec, so the child of a bench holding 400 MB reports at
 * least 400 MB however little it uses (maxRSS is still the figure where /proc is missing).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface MeasuredRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Wall time, process start included. */
  readonly seconds: number;
  /** NaN when the child printed no figure (it was killed before its exit hooks ran). */
  readonly peakRssMb: number;
  readonly cpuSeconds: number;
}

const PROBE =
  'data:text/javascript,import {readFileSync} from "node:fs";process.on("exit",()=>{const u=process.resourceUsage();let kb=u.maxRSS;' +
  'try{kb=Number(/VmHWM:\\s*(\\d+)/.exec(readFileSync("/proc/self/status","utf8"))[1])}catch{}' +
  'process.stderr.write("\\npeak-rss-kb "+kb+" cpu-us "+(u.userCPUTime+u.systemCPUTime)+"\\n")})';

/** Runs `node <args>` with the probe; `env` replaces the environment (default: this process's). */
export function runMeasured(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<MeasuredRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', PROBE, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const figures = [...stderr.matchAll(/peak-rss-kb (\d+) cpu-us (\d+)/g)];
      const largest = (at: 1 | 2) => (figures.length === 0 ? NaN : Math.max(...figures.map((m) => Number(m[at]))));
      resolve({ code, stdout, stderr, seconds: (performance.now() - started) / 1000, peakRssMb: largest(1) / 1024, cpuSeconds: largest(2) / 1e6 });
    });
  });
}

/** This process's own peak RSS in MB (VmHWM; maxRSS where /proc is missing): a bench prints it beside its children's. */
export function ownPeakRssMb(): number {
  try {
    return Number(/VmHWM:\s*(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;
  } catch {
    return process.resourceUsage().maxRSS / 1024;
  }
}
