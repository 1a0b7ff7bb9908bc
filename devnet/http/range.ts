/**
 * HTTP Range for downloads, matching what Go's http.ServeContent does for Bee: one `bytes=` range gives 206
 * with Content-Range; an unsatisfiable range gives 416 with `Content-Range: bytes *\/size`; a header that is
 * not a byte range, or several ranges, is ignored (a full 200; the devnet does not produce multipart answers).
 */

export type RangeDecision = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

export function decideRange(header: string | undefined, size: number): RangeDecision {
  if (header === undefined || !header.startsWith('bytes=')) return { kind: 'full' };
  const specs = header.slice('bytes='.length).split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (specs.length !== 1) return { kind: 'full' };
  const match = /^(\d*)-(\d*)$/.exec(specs[0]!);
  if (match === null) return { kind: 'full' };
  const [, first, last] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size : Math.min(Number(last) + 1, size);
  if (end <= start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
