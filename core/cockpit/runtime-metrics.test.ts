import { describe, expect, it } from 'vitest';
import { renderRuntimeMetrics } from './runtime-metrics.js';

describe('cockpit_build_info and the process_* series', () => {
  it('writes build info and every process fact it has, typed as Prometheus client libraries type them', () => {
    const text = renderRuntimeMetrics(
      { version: '1.2.3', nodejsVersion: '20.19.0' },
      { cpuSeconds: 1.5, residentBytes: 1000, startTimeSeconds: 1_700_000_000.25, openFds: 12, maxFds: 1024, virtualBytes: 5000 },
    );
    expect(text).toContain('# TYPE cockpit_build_info gauge\ncockpit_build_info{version="1.2.3",nodejs_version="20.19.0"} 1\n');
    expect(text).toContain('# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total 1.5\n');
    for (const [name, value] of [['process_resident_memory_bytes', 1000], ['process_start_time_seconds', 1_700_000_000.25], ['process_open_fds', 12], ['process_max_fds', 1024], ['process_virtual_memory_bytes', 5000]] as const) {
      expect(text).toContain(`# TYPE ${name} gauge\n${name} ${value}\n`);
    }
  });

  it('leaves out what the host does not tell (no /proc): never 0', () => {
    const text = renderRuntimeMetrics({ version: '1', nodejsVersion: '20' }, { cpuSeconds: 0.1, residentBytes: 10, startTimeSeconds: 1 });
    expect(text).not.toMatch(/process_open_fds|process_max_fds|process_virtual_memory_bytes/);
  });

});
