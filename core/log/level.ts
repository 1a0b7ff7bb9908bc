/**
 * Log levels shared by the CLIs. `-v` counts map warn -> info -> debug -> trace. RUST_LOG (kept for users of
 * the Rust tools this project mirrors) overrides when set: either a bare level (`debug`) or an env-filter
 * string (`warn,retcheck=debug,node::http=trace`). For a filter we take the directive for our target if
 * present, else the bare default directive, else warn.
 */
export const LEVELS = ['off', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LEVELS)[number];

export function levelFromVerbosity(count: number): LogLevel {
  return (['warn', 'info', 'debug', 'trace'] as const)[Math.min(Math.max(count, 0), 3)]!;
}

function asLevel(word: string): LogLevel | undefined {
  const w = word.trim().toLowerCase();
  if (w === 'warning') return 'warn';
  return (LEVELS as readonly string[]).includes(w) ? (w as LogLevel) : undefined;
}

/** Returns undefined when the filter names no level we understand, so the caller keeps its -v level. */
export function levelFromEnvFilter(filter: string, target: string): LogLevel | undefined {
  let fallback: LogLevel | undefined;
  let specific: LogLevel | undefined;
  for (const directive of filter.split(',').map((d) => d.trim()).filter(Boolean)) {
    const eq = directive.indexOf('=');
    if (eq < 0) {
      fallback = asLevel(directive) ?? fallback;
      continue;
    }
    const name = directive.slice(0, eq).trim();
    const level = asLevel(directive.slice(eq + 1));
    if (level && (name === target || target.startsWith(`${name}::`))) specific = level;
  }
  return specific ?? fallback;
}

export function isEnabled(current: LogLevel, wanted: Exclude<LogLevel, 'off'>): boolean {
  return LEVELS.indexOf(current) >= LEVELS.indexOf(wanted);
}
