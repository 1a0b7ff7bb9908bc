/**
 * `retcheck --serve-metrics ADDR`: the exporter (actors/retcheck/probe-exporter.ts) bound to the CLI's own
 * transport, served until SIGTERM or SIGINT. An address in use or not ours, or an `--inspect` address that does
 * not answer, is a one-line error, exit 1.
 */
import { createNodeRetcheckApi } from '../../../actors/retcheck/node-retcheck-api.js';
import { startProbeExporter } from '../../../actors/retcheck/probe-exporter.js';
import { stopOnSignals } from '../../../actors/supervisor/stop-on-signals.js';
import { isEnabled } from '../../../core/log/level.js';
import { EXIT } from '../../../core/retcheck/status.js';
import { showControlCharacters } from '../../../core/terminal/visible-text.js';
import type { RetcheckServeOptions } from './options.js';
import { startInspectionOrRefuse } from '../inspect-option.js';

export async function serveRetcheckMetrics(options: RetcheckServeOptions, stderr: (text: string) => void, signals?: Pick<NodeJS.Process, 'on' | 'off'>): Promise<number> {
  const say = (line: string) => stderr(`retcheck: ${showControlCharacters(line)}\n`);
  const inspection = await startInspectionOrRefuse(options.inspect, say);
  if (inspection === null) return EXIT.usage;
  inspection?.notes((note) => say(note.message));
  const api = createNodeRetcheckApi();
  let exporter;
  try {
    exporter = await startProbeExporter({
      listen: options.listen,
      api,
      maxConcurrentProbes: options.maxConcurrentProbes,
      ...(isEnabled(options.logLevel, 'info') ? { log: say } : {}),
      ...(inspection ? { inspect: inspection.inspect } : {}),
    });
  } catch (error) {
    await api.close();
    await inspection?.stop();
    const code = (error as NodeJS.ErrnoException).code;
    const where = `${options.listen.host}:${options.listen.port}`;
    say(code === 'EADDRINUSE' ? `cannot listen on ${where}: the address is in use` : code === 'EADDRNOTAVAIL' ? `cannot listen on ${where}: no such local address` : `cannot listen on ${where}: ${(error as Error).message}`);
    return EXIT.usage;
  }
  say(`serving probes at ${exporter.url}/probe?ref=…&node=… and own metrics at ${exporter.url}/metrics (at most ${options.maxConcurrentProbes} at once; SIGTERM or Ctrl-C stops)`);
  return new Promise<number>((resolve) => {
    const off = stopOnSignals({
      stop: async () => {
        await exporter.close();
        await api.close();
        await inspection?.stop();
        return 'stopped';
      },
      print: say,
      exit: (code) => {
        off();
        resolve(code);
      },
      ...(signals ? { target: signals } : {}),
    });
  });
}
