/**
 * The running process's facts for the `process_*` series (core/cockpit/runtime-metrics.ts), read at each scrape:
 * CPU and resident memory from Node itself; open and maximum file descriptors and virtual memory from Linux's
 * /proc/self. Elsewhere, or when /proc cannot be read, those three are left unknown (absent from the scrape).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { ProcessFacts } from '../../core/cockpit/runtime-metrics.js';

/** Fixed when this module loads, early in the bin: the process's own uptime says how long before that it started. */
const START_TIME_SECONDS = Math.round((Date.now() / 1000 - process.uptime()) * 1000) / 1000;

function orUndefined<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** Open descriptors: the entries of /proc/self/fd, less the one the listing itself holds open while it reads. */
function openFds(procSelf: string): number | undefined {
  return orUndefined(() => readdirSync(`${procSelf}/fd`).length - 1);
}

/** The soft limit of "Max open files" in /proc/self/limits; undefined when "unlimited" or unreadable. */
export function maxFdsFrom(limitsText: string): number | undefined {
  const line = limitsText.split('\n').find((l) => l.startsWith('Max open files'));
  const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
  return soft && /^\d+$/.test(soft) ? Number(soft) : undefined;
}

/**
 * vsize (field 23 of /proc/self/stat, in bytes). The command name (field 2) is in parentheses and may hold
 * spaces or parentheses itself, so the fields are counted from the last `)`.
 */
export function virtualBytesFrom(statText: string): number | undefined {
  const afterName = statText.slice(statText.lastIndexOf(')') + 1).trim().split(/\s+/);
  const vsize = afterName[23 - 3];
  return vsize && /^\d+$/.test(vsize) ? Number(vsize) : undefined;
}

export function readProcessFacts(procSelf = '/proc/self'): ProcessFacts {
  const cpu = process.cpuUsage();
  const linux = process.platform === 'linux';
  return {
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    residentBytes: process.memoryUsage.rss(),
    startTimeSeconds: START_TIME_SECONDS,
    ...(linux
      ? {
          openFds: openFds(procSelf),
          maxFds: orUndefined(() => maxFdsFrom(readFileSync(`${procSelf}/limits`, 'utf8'))),
          virtualBytes: orUndefined(() => virtualBytesFrom(readFileSync(`${procSelf}/stat`, 'utf8'))),
        }
      : {}),
  };
}
