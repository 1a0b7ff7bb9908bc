/**
 * The series every Prometheus exporter is expected to carry beside its own: `cockpit_build_info` (which
 * cockpit answers the scrape) and the standard `process_*` series, named and typed as Prometheus' client
 * libraries write them, so dashboards and alerts written for any exporter work on the cockpit too. Pure:
 * facts in, text out; actors/cockpit/process-facts.ts reads the facts from the running process.
 *
 * A fact the host does not give (open and maximum file descriptors, virtual memory: read from Linux's /proc)
 * is left out, never written as 0.
 */
import { labels } from './metrics.js';

export interface BuildFacts {
  /** The cockpit's package version. */
  readonly version: string;
  /** `process.versions.node`, e.g. `20.19.0`. */
  readonly nodejsVersion: string;
}

export interface ProcessFacts {
  /** User and system CPU time since the process started. */
  readonly cpuSeconds: number;
  readonly residentBytes: number;
  /** Unix time the process started, in seconds. */
  readonly startTimeSeconds: number;
  readonly openFds?: number | undefined;
  /** The soft limit on open files; absent when unlimited or unknown. */
  readonly maxFds?: number | undefined;
  readonly virtualBytes?: number | undefined;
}

function gauge(lines: string[], name: string, help: string, value: number | undefined, type: 'gauge' | 'counter' = 'gauge'): void {
  if (value === undefined || !Number.isFinite(value)) return;
  lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, `${name} ${value}`);
}

export function renderRuntimeMetrics(build: BuildFacts, facts: ProcessFacts): string {
  const lines = [
    '# HELP cockpit_build_info The cockpit answering this scrape: its version and the Node.js running it (always 1).',
    '# TYPE cockpit_build_info gauge',
    `cockpit_build_info${labels({ version: build.version, nodejs_version: build.nodejsVersion })} 1`,
  ];
  gauge(lines, 'process_cpu_seconds_total', 'CPU time the cockpit process has used, user and system, in seconds.', facts.cpuSeconds, 'counter');
  gauge(lines, 'process_resident_memory_bytes', 'Memory of the cockpit process held in RAM (RSS), in bytes.', facts.residentBytes);
  gauge(lines, 'process_virtual_memory_bytes', 'Virtual address space of the cockpit process, in bytes.', facts.virtualBytes);
  gauge(lines, 'process_start_time_seconds', 'When the cockpit process started, in seconds since the Unix epoch.', facts.startTimeSeconds);
  gauge(lines, 'process_open_fds', 'File descriptors the cockpit process has open (sockets, files, pipes).', facts.openFds);
  gauge(lines, 'process_max_fds', 'How many file descriptors the cockpit process may open (its soft limit).', facts.maxFds);
  return `${lines.join('\n')}\n`;
}
