import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { parseCockpitConfig } from '../core/cockpit/config/parse-config.js';
import { cockpitConfigJsonSchema, cockpitConfigSchemas } from './cockpit-config.js';
import { defaultCockpitConfigFile, defaultStoreSection } from './cockpit-config-defaults.js';

const schemaFile = new URL('./cockpit-config.schema.json', import.meta.url);
const example = new URL('../docs/cockpit-config.example.toml', import.meta.url);
const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as Record<string, unknown>;
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

describe('cockpit config defaults', () => {
  it('the constants a start without a config file uses are what the schemas fill in', () => {
    const { cockpitConfigSchema, storeSchema } = cockpitConfigSchemas();
    expect(defaultCockpitConfigFile()).toEqual(cockpitConfigSchema.parse({}));
    expect(defaultStoreSection()).toEqual(storeSchema.parse({}));
  });

  it('every call hands out its own copy', () => {
    const first = defaultCockpitConfigFile();
    first.nodes.push({ name: 'a', url: 'http://127.0.0.1:1633' });
    first.ui.theme = 'dark';
    expect(defaultCockpitConfigFile()).toEqual(cockpitConfigSchemas().cockpitConfigSchema.parse({}));
  });
});

describe('cockpit config JSON Schema (for TOML editors)', () => {
  it('the checked-in file is generated from the zod source (run `npm run schemas` if this fails)', () => {
    expect(schema).toEqual(cockpitConfigJsonSchema());
  });

  it('is draft-07 (what taplo / Even Better TOML read) and documents every key with its default', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    const ui = (schema.properties as Record<string, { properties: Record<string, { default?: unknown; description?: string }> }>).ui!;
    expect(ui.properties.theme).toMatchObject({ default: 'auto', enum: ['auto', 'light', 'dark'] });
    const store = (schema.properties as Record<string, { properties: Record<string, { properties: Record<string, { default?: unknown; description?: string }> }> }>).store!;
    expect(store.properties.supervisor!.properties.max_restarts_per_hour).toMatchObject({ default: 6, minimum: 1 });
    expect(store.properties.supervisor!.properties.max_restarts_per_hour!.description).toContain('Restart budget');
  });

  it('the example config in docs/ is valid for the editor schema and for the cockpit', () => {
    const text = readFileSync(example, 'utf8');
    expect(validate(parse(text)), JSON.stringify(validate.errors)).toBe(true);
    expect(parseCockpitConfig(text, 'example.toml').ok).toBe(true);
  });

  it('the editor flags what the cockpit refuses: unknown keys, wrong types, bad enums, missing url', () => {
    for (const bad of ['[ui]\nthem = "dark"\n', '[ui]\ntheme = "blue"\n', '[alerts]\ndebounce_secs = "1"\n', '[[nodes]]\nname = "a"\n', '[store.logs]\nkeep_files = 0\n']) {
      expect(validate(parse(bad)), bad).toBe(false);
      expect(parseCockpitConfig(bad, 'x.toml').ok, bad).toBe(false);
    }
  });

  it('[watchlist] auto re-seed: a count needs a batch, a batch is 64 hex, 0 (off) needs none', () => {
    const batch = 'ab'.repeat(32);
    expect(parseCockpitConfig(`[watchlist]\nauto_reseed_after = 2\nauto_reseed_batch = "${batch}"\n`, 'x.toml').ok).toBe(true);
    expect(parseCockpitConfig('[watchlist]\nauto_reseed_after = 0\n', 'x.toml').ok).toBe(true);
    const noBatch = parseCockpitConfig('[watchlist]\nauto_reseed_after = 2\n', 'x.toml');
    expect(noBatch.ok).toBe(false);
    expect(JSON.stringify(noBatch)).toContain('auto_reseed_after needs auto_reseed_batch');
    for (const bad of ['[watchlist]\nauto_reseed_after = 2\nauto_reseed_batch = "abc"\n', '[watchlist]\nauto_reseed_after = -1\n', '[watchlist]\nauto_reseed = 2\n']) {
      expect(validate(parse(bad)), bad).toBe(false);
      expect(parseCockpitConfig(bad, 'x.toml').ok, bad).toBe(false);
    }
  });
});

describe('taplo (the engine of Even Better TOML) with the schema', () => {
  const taplo = fileURLToPath(new URL('../node_modules/.bin/taplo', import.meta.url));
  const lint = (file: string, cwd: string) => spawnSync(taplo, ['lint', file], { cwd, encoding: 'utf8', timeout: 60_000, env: { ...process.env, RUST_LOG: 'error' } });

  it('accepts the example and flags a misspelt key and a bad value through the #:schema directive', () => {
    const dir = mkdtempSync(join(tmpdir(), 'taplo-'));
    try {
      copyFileSync(schemaFile, join(dir, 'cockpit-config.schema.json'));
      const text = readFileSync(example, 'utf8').replace(/^#:schema .*$/m, '#:schema ./cockpit-config.schema.json');
      writeFileSync(join(dir, 'good.toml'), text);
      expect(lint('good.toml', dir).status).toBe(0);
      writeFileSync(join(dir, 'bad.toml'), '#:schema ./cockpit-config.schema.json\n[alerts]\ndebounce_sec = 5\n[ui]\ntheme = "blue"\n');
      const bad = lint('bad.toml', dir);
      expect(bad.status).not.toBe(0);
      expect(bad.stdout + bad.stderr).toContain("'debounce_sec' was unexpected");
      expect(bad.stdout + bad.stderr).toContain('"blue" is not one of');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
