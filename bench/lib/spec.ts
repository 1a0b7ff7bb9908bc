/**
 * The benchmark specification file (bench/bench-spec.json): loading, validation, hashing and expansion into
 * (case, params) rows. The TypeScript runners, run-all, validate-spec and the aggregator share this; the Go and
 * Rust runners implement the same expansion (see their spec.go / spec.rs) and the tests hold them to it.
 *
 * Expansion: `params_from: "sizes_mb"` gives one row per size; `"sizes_mb_plus_large"` adds `large_sizes_mb`
 * when BENCH_LARGE=1. An explicit `params` list gives its rows; with `params_from`, a single `params` object
 * is merged into every size row. A row's key is its params as sorted `key=value` pairs.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { KNOWN_CASE_IDS } from './catalogue.js';

const paramsSchema = z.record(z.string(), z.number().refine(Number.isFinite));

export const caseEntrySchema = z
  .strictObject({
    id: z.string().min(1),
    kind: z.enum(['cpu', 'net']),
    params_from: z.enum(['sizes_mb', 'sizes_mb_plus_large']).optional(),
    params: z.array(paramsSchema).min(1).optional(),
    doc: z.string().min(1),
  })
  .refine((c) => c.params_from !== undefined || c.params !== undefined, { message: 'needs params_from or params' })
  .refine((c) => c.params_from === undefined || c.params === undefined || c.params.length === 1, {
    message: 'with params_from, params must be a single object merged into every size',
  });

export const benchSpecSchema = z.looseObject({
  spec_version: z.literal(1),
  sizes_mb: z.array(z.number().int().min(1)).min(1),
  large_sizes_mb: z.array(z.number().int().min(1)).default([]),
  iterations: z.number().int().min(1),
  runner_subset: z.array(z.enum(['ts', 'js', 'rust', 'go'])).min(1),
  cases: z.array(caseEntrySchema).min(1),
});

export type CaseEntry = z.infer<typeof caseEntrySchema>;
export type BenchSpec = z.infer<typeof benchSpecSchema>;
export type Params = Record<string, number>;

export interface LoadedSpec {
  readonly spec: BenchSpec;
  readonly hash: string;
  readonly path: string;
}

/** A spec problem a user can fix: reported as one clear message, never a stack trace. */
export class SpecError extends Error {
  override readonly name = 'SpecError';
}

export function hashSpecBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function parseSpec(bytes: Uint8Array, path: string, knownIds: readonly string[] = KNOWN_CASE_IDS): LoadedSpec {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch (err) {
    throw new SpecError(`${path}: not JSON (${(err as Error).message})`);
  }
  const parsed = benchSpecSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`);
    throw new SpecError(`${path}: invalid spec: ${issues.join('; ')}`);
  }
  const spec = parsed.data;
  const seen = new Set<string>();
  for (const entry of spec.cases) {
    if (seen.has(entry.id)) throw new SpecError(`${path}: duplicate case id "${entry.id}"`);
    seen.add(entry.id);
    if (!knownIds.includes(entry.id)) throw new SpecError(`${path}: unknown case id "${entry.id}" (no runner implements it; known: ${knownIds.join(', ')})`);
    if (!entry.id.startsWith(`${entry.kind}.`)) throw new SpecError(`${path}: case "${entry.id}" has kind "${entry.kind}" but its id says otherwise`);
  }
  return { spec, hash: hashSpecBytes(bytes), path };
}

export function loadSpec(path: string, knownIds?: readonly string[]): LoadedSpec {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    throw new SpecError(`cannot read spec ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return parseSpec(bytes, path, knownIds);
}

export interface ExpandOptions {
  /** Sizes to run (default: the spec's sizes_mb); `--quick` passes [1]. */
  readonly sizesMb?: readonly number[];
  /** BENCH_LARGE=1. */
  readonly large?: boolean;
}

export interface CaseRow {
  readonly entry: CaseEntry;
  readonly params: Params;
  readonly paramKey: string;
}

export function paramKey(params: Params): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join(',');
}

export function effectiveSizes(spec: BenchSpec, options: ExpandOptions = {}): number[] {
  return [...(options.sizesMb ?? spec.sizes_mb)];
}

export function expandCase(spec: BenchSpec, entry: CaseEntry, options: ExpandOptions = {}): CaseRow[] {
  const list: Params[] = [];
  if (entry.params_from !== undefined) {
    const sizes = effectiveSizes(spec, options);
    if (entry.params_from === 'sizes_mb_plus_large' && options.large) sizes.push(...spec.large_sizes_mb);
    for (const size of sizes) list.push({ ...(entry.params?.[0] ?? {}), size_mb: size });
  } else {
    list.push(...(entry.params ?? []));
  }
  return list.map((params) => ({ entry, params, paramKey: paramKey(params) }));
}

export function expandSpec(spec: BenchSpec, options: ExpandOptions = {}): CaseRow[] {
  return spec.cases.flatMap((entry) => expandCase(spec, entry, options));
}

/**
 * Every fixture size (MB) the expanded rows need: each row's size_mb, and the 1 MB fixture for rows without one
 * (the count-based cases take their chunks, messages or files from it), in every runner alike.
 */
export function fixtureSizes(rows: readonly CaseRow[]): number[] {
  const sizes = new Set<number>();
  for (const row of rows) sizes.add(row.params.size_mb ?? 1);
  return [...sizes].sort((a, b) => a - b);
}
