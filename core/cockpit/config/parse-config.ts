/**
 * config.toml text -> the typed file (config-schema/cockpit-config.ts), or every problem with file, line and
 * column. Pure: the caller reads the file. Checks, in order:
 * 0. size and depth: at most MAX_CONFIG_BYTES (1 MiB) and MAX_TOML_DEPTH (32) key levels, so a hostile file is
 *    refused in linear time with a clear message instead of costing seconds and gigabytes;
 * 1. TOML syntax (smol-toml's position);
 * 2. the schema: types, ranges, enums, unknown keys (with the nearest known key), each at its key's position;
 * 3. rules across keys: unique node names, at most one `default = true`, `[store]` bin and config together.
 * `@env:` tokens and URLs against the environment are the resolver's (resolve-config.ts), since they need env.
 */
import { parse as parseToml, TomlError } from 'smol-toml';
import type { z } from 'zod';
import { cockpitConfigSchemas, type CockpitConfigFile } from '../../../config-schema/cockpit-config.js';
import { dottedKey, nearestKey, type ConfigProblem } from './config-problem.js';
import { MAX_TOML_DEPTH, TomlDepthError, tomlPositions, type TomlPath, type TomlPositions } from './toml-positions.js';

/**
 * The largest config.toml the cockpit reads. A thousand `[[nodes]]` with tokens and log settings are about
 * 150 KiB; anything past a mebibyte is not a hand-written config.
 */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export interface ParsedConfigFile {
  file: string;
  config: CockpitConfigFile;
  positions: TomlPositions;
}

export type ParseConfigResult = { ok: true; parsed: ParsedConfigFile } | { ok: false; problems: ConfigProblem[] };

/** The size rule, for callers that learn the size before reading (a file's stat): the message, or null. */
export function configSizeProblem(bytes: number): string | null {
  if (bytes <= MAX_CONFIG_BYTES) return null;
  return `the config file is ${(bytes / 1024 / 1024).toFixed(1)} MiB; the cockpit reads at most ${MAX_CONFIG_BYTES / 1024 / 1024} MiB (a thousand [[nodes]] take about 150 KiB)`;
}

export function parseCockpitConfig(source: string, file: string): ParseConfigResult {
  // UTF-8 bytes are at least the UTF-16 length; the exact count only when that is near the limit.
  const tooBig = configSizeProblem(source.length > MAX_CONFIG_BYTES / 3 ? new TextEncoder().encode(source).length : source.length);
  if (tooBig) return { ok: false, problems: [{ file, message: tooBig, kind: 'config' }] };
  let raw: unknown;
  try {
    raw = parseToml(source, { maxDepth: MAX_TOML_DEPTH });
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const reason = error.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '');
    const depth = /excessively nested/.test(reason) ? `inline tables and arrays nest more than ${MAX_TOML_DEPTH} levels deep` : reason;
    return { ok: false, problems: [{ file, line: error.line, column: error.column, message: `invalid TOML: ${depth}`, kind: 'config' }] };
  }
  let positions: TomlPositions;
  try {
    positions = tomlPositions(source);
  } catch (error) {
    if (!(error instanceof TomlDepthError)) throw error;
    return { ok: false, problems: [{ file, ...error.position, message: error.message, kind: 'config' }] };
  }
  const at = (path: TomlPath, message: string, key = dottedKey(path)): ConfigProblem => ({ file, ...positions.locate(path), key, message, kind: 'config' });

  const checked = cockpitConfigSchemas().cockpitConfigSchema.safeParse(raw);
  if (!checked.success) {
    const problems = checked.error.issues.flatMap((issue) => describeIssue(issue, raw, at));
    return { ok: false, problems: sortByPosition(problems) };
  }
  const config = checked.data;
  const problems = crossKeyProblems(config, at);
  return problems.length ? { ok: false, problems } : { ok: true, parsed: { file, config, positions } };
}

type At = (path: TomlPath, message: string, key?: string) => ConfigProblem;

function crossKeyProblems(config: CockpitConfigFile, at: At): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const names = new Map<string, number>();
  let firstDefault: number | undefined;
  config.nodes.forEach((node, i) => {
    const earlier = names.get(node.name);
    if (earlier !== undefined) problems.push(at(['nodes', i, 'name'], `node name "${node.name}" is already used by nodes[${earlier}]; names must be unique`));
    else names.set(node.name, i);
    if (node.default === true) {
      if (firstDefault === undefined) firstDefault = i;
      else problems.push(at(['nodes', i, 'default'], `more than one node has default = true (nodes[${firstDefault}] "${config.nodes[firstDefault]!.name}" and nodes[${i}] "${node.name}"); keep one`));
    }
  });
  const store = config.store;
  if (store && (store.bin === undefined) !== (store.config === undefined)) {
    const [has, lacks] = store.bin === undefined ? ['config', 'bin'] : ['bin', 'config'];
    problems.push(at(['store', has], `[store] sets ${has} but not ${lacks}: both are required together (the node binary and its YAML config)`));
  }
  return problems;
}

function describeIssue(issue: z.core.$ZodIssue, raw: unknown, at: At): ConfigProblem[] {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  const key = dottedKey(path);
  const value = valueAt(raw, path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((unknown) => {
        const known = knownKeysAt(path);
        const suggestion = nearestKey(unknown, known);
        const where = path.length === 0 ? 'at the top level' : `in ${tableName(path)}`;
        const hint = suggestion ? `; did you mean "${suggestion}"?` : `; known keys: ${known.join(', ')}`;
        return at([...path, unknown], `unknown key "${unknown}" ${where}${hint}`, dottedKey([...path, unknown]));
      });
    case 'invalid_type':
      return [at(path, `${key}: expected ${expectedType(issue.expected, path)}, got ${describeValue(value)}`)];
    case 'invalid_value':
      return [at(path, `${key}: expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${describeValue(value)}`)];
    case 'too_small':
    case 'too_big': {
      if (issue.origin === 'string') return [at(path, `${key}: must not be empty`)];
      const bound = issue.code === 'too_small' ? `>= ${String(issue.minimum)}` : `<= ${String(issue.maximum)}`;
      return [at(path, `${key}: expected an integer ${bound}, got ${describeValue(value)}`)];
    }
    case 'invalid_format':
      return [at(path, `${key}: expected ${issue.message ?? 'another format'}, got ${describeValue(value)}`)];
    default:
      return [at(path, `${key}: ${issue.message}`)];
  }
}

function expectedType(expected: string, path: readonly (string | number)[]): string {
  if (expected === 'number' || expected === 'int') return 'an integer';
  if (expected === 'object') return path.length === 1 ? `a table [${String(path[0])}]` : 'a table';
  if (expected === 'array') return path[path.length - 1] === 'nodes' ? 'an array of tables [[nodes]]' : 'an array';
  if (expected === 'boolean') return 'true or false';
  return `a ${expected}`;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing (the key is missing)';
  if (typeof value === 'string') return `"${value.length > 60 ? `${value.slice(0, 60)}…` : value}"`;
  if (typeof value === 'number') return Number.isInteger(value) ? `${value}` : `the float ${value}`;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return 'a date';
  return 'a table';
}

function tableName(path: readonly (string | number)[]): string {
  const names = path.filter((p): p is string => typeof p === 'string');
  return path.some((p) => typeof p === 'number') ? `[[${names.join('.')}]]` : `[${names.join('.')}]`;
}

function valueAt(raw: unknown, path: readonly (string | number)[]): unknown {
  let current = raw;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current;
}

interface SchemaDef {
  type: string;
  shape?: Record<string, { _zod: { def: SchemaDef } }>;
  innerType?: { _zod: { def: SchemaDef } };
  element?: { _zod: { def: SchemaDef } };
}

/** The keys the schema knows at a table path, read from the schema itself so suggestions never go stale. */
export function knownKeysAt(path: readonly (string | number)[]): string[] {
  let def = (cockpitConfigSchemas().cockpitConfigSchema as unknown as { _zod: { def: SchemaDef } })._zod.def;
  const unwrap = () => {
    while (def.innerType) def = def.innerType._zod.def;
  };
  unwrap();
  for (const part of path) {
    if (typeof part === 'number') {
      if (!def.element) return [];
      def = def.element._zod.def;
    } else {
      const next = def.shape?.[part];
      if (!next) return [];
      def = next._zod.def;
    }
    unwrap();
  }
  return Object.keys(def.shape ?? {});
}

function sortByPosition(problems: ConfigProblem[]): ConfigProblem[] {
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}
