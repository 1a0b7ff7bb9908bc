/** What went wrong, as text: an Error's message, or the thrown value itself (`throw 'x'` happens). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
