/**
 * What a browser may write into the cockpit's temporary drop directory (protocol.ts, `drop.begin`): the names
 * come from a page, so they are checked before any file is created. Each entry is a relative path of plain
 * name segments: no `..`, `.`, empty segment, backslash, control character or absolute path, at most 255
 * bytes a name, 64 levels and 100,000 entries; no two entries with one path, and no file under a file.
 */
import type { DropEntry } from './protocol.js';

export const MAX_DROP_ENTRIES = 100_000;
const MAX_DEPTH = 64;
const MAX_NAME_BYTES = 255;

export type DropPlan =
  | { readonly ok: true; readonly entries: readonly DropEntry[]; /** First segments, in order of appearance. */ readonly roots: readonly string[]; readonly totalBytes: number }
  | { readonly ok: false; readonly message: string };

function badName(segment: string): string | null {
  if (segment === '' || segment === '.' || segment === '..') return `"${segment}" is not a file name`;
  if (/[\\\u0000-\u001f\u007f]/.test(segment)) return 'a name holds a backslash or a control character';
  if (new TextEncoder().encode(segment).length > MAX_NAME_BYTES) return `a name is longer than ${MAX_NAME_BYTES} bytes`;
  return null;
}

export function planDrop(entries: unknown): DropPlan {
  if (!Array.isArray(entries) || entries.length === 0) return { ok: false, message: 'nothing was dropped' };
  if (entries.length > MAX_DROP_ENTRIES) return { ok: false, message: `more than ${MAX_DROP_ENTRIES} files and folders` };
  const kinds = new Map<string, 'file' | 'directory'>();
  /** Every path some entry lies under. */
  const parents = new Set<string>();
  const roots: string[] = [];
  const rootSet = new Set<string>();
  const out: DropEntry[] = [];
  let totalBytes = 0;
  for (const raw of entries as unknown[]) {
    const entry = raw as Partial<DropEntry> | null;
    if (!entry || typeof entry.path !== 'string' || (entry.kind !== 'file' && entry.kind !== 'directory')) return { ok: false, message: 'a dropped entry is not a file or folder' };
    const segments = entry.path.split('/');
    if (segments.length > MAX_DEPTH) return { ok: false, message: `a path is deeper than ${MAX_DEPTH} folders` };
    for (const segment of segments) {
      const why = badName(segment);
      if (why !== null) return { ok: false, message: `cannot take ${JSON.stringify(entry.path)}: ${why}` };
    }
    const size = entry.kind === 'file' ? entry.size : undefined;
    if (entry.kind === 'file' && (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0)) return { ok: false, message: `no size for ${JSON.stringify(entry.path)}` };
    if (kinds.has(entry.path)) return { ok: false, message: `${JSON.stringify(entry.path)} was dropped twice` };
    for (let i = 1; i < segments.length; i++) {
      const parent = segments.slice(0, i).join('/');
      if (kinds.get(parent) === 'file') return { ok: false, message: `${JSON.stringify(entry.path)} lies under a file` };
    }
    if (entry.kind === 'file' && parents.has(entry.path)) return { ok: false, message: `${JSON.stringify(entry.path)} is both a file and a folder` };
    for (let i = 1; i < segments.length; i++) parents.add(segments.slice(0, i).join('/'));
    kinds.set(entry.path, entry.kind);
    if (!rootSet.has(segments[0]!)) {
      rootSet.add(segments[0]!);
      roots.push(segments[0]!);
    }
    totalBytes += size ?? 0;
    out.push(entry.kind === 'file' ? { path: entry.path, kind: 'file', size: size! } : { path: entry.path, kind: 'directory' });
  }
  return { ok: true, entries: out, roots, totalBytes };
}
