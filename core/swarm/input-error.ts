/**
 * The one error type every core parser throws on malformed input. It names the input (`what`),
 * shows the offending value (truncated, so a 10 MB paste never floods a terminal) and says what was expected.
 * Surfaces map it to exit code 1 (retcheck) / the usage code of their spec, never a stack trace.
 */
export class InputError extends Error {
  override readonly name = 'InputError';
  constructor(
    readonly what: string,
    readonly value: string,
    readonly expected: string,
  ) {
    super(`invalid ${what} ${JSON.stringify(truncate(value))}: expected ${expected}`);
  }
}

function truncate(value: string, max = 80): string {
  return value.length > max ? `${value.slice(0, max)}…(${value.length} chars)` : value;
}
