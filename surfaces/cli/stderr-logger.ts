/** Levelled diagnostics on stderr for the CLIs (stdout stays for results). */
import { callOutcome } from '../../core/cockpit/call-outcome.js';
import { isEnabled, type LogLevel } from '../../core/log/level.js';
import { showControlCharacters } from '../../core/terminal/visible-text.js';

export interface Logger {
  readonly level: LogLevel;
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
  trace(message: string): void;
}

/** One call to a node as the -vv line needs it; the node client's CallRecord fits (the surface never calls the client). */
export interface CallLine {
  readonly method: string;
  readonly url: string;
  readonly status?: number;
  readonly ms: number;
  readonly error?: { readonly code: string; readonly message: string };
}

export function createStderrLogger(level: LogLevel, target: string, write: (line: string) => void): Logger {
  const at = (wanted: Exclude<LogLevel, 'off'>) => (message: string) => {
    // Messages quote nodes (URLs, errors, warnings): shown, never obeyed by the terminal.
    if (isEnabled(level, wanted)) write(`${new Date().toISOString()} ${wanted.toUpperCase().padEnd(5)} ${target}: ${showControlCharacters(message)}\n`);
  };
  return { level, error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug'), trace: at('trace') };
}

/**
 * The -vv HTTP log line: method, URL, status, milliseconds (and the error when there was no status). A call the
 * tool cancelled itself (it had its answer elsewhere, or was stopped) says so rather than "failed".
 */
export function formatCallRecord(record: CallLine): string {
  const status =
    callOutcome(record) === 'cancelled'
      ? 'cancelled (not waited for)'
      : record.status !== undefined
        ? String(record.status)
        : `failed (${record.error?.code ?? 'no answer'}: ${record.error?.message ?? ''})`;
  return `http ${record.method} ${record.url} ${status} ${Math.round(record.ms)} ms`;
}
