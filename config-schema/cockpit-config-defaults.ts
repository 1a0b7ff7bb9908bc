/**
 * What config-schema/cockpit-config.ts's schemas fill in for an empty file and an empty `[store]`, and the
 * `@env:` reference forms, without zod: resolving the configuration when there is no config file (most one-shot
 * verbs) then loads neither zod's classic API nor the schemas (docs/benchmarks.md "Start-up").
 */
import type { CockpitConfigFile, StoreSection } from './cockpit-config.js';

/** `@env:NAME`: the value is read from that environment variable when the config is resolved. */
export const ENV_REFERENCE = /^@env:(.*)$/;
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

// The schemas stay the source: a test (cockpit-config.test.ts) checks these equal `cockpitConfigSchema.parse({})`
// and `storeSchema.parse({})`.
const FILE_DEFAULTS: CockpitConfigFile = {
  nodes: [],
  alerts: { debounce_secs: 60 },
  fleet: { aggregate_window_secs: 60 },
  notifications: { desktop: false, toast_enabled: true, toast_seconds: 8 },
  pubsub: { rotate_size_mb: 16, keep_files: 5 },
  serve: { drop_max_mb: 1024, drop_total_mb: 4096, drop_max_files: 10_000 },
  ui: { theme: 'auto', ascii_fallback: false, restore_last_screen: false, polling: 'default' },
};
const STORE_DEFAULTS: StoreSection = {
  logs: { rotate_size_mb: 64, keep_files: 5 },
  supervisor: { auto_restart: false, max_restarts_per_hour: 6, drain_secs: 0 },
};

/** Defaults as a value, for code that needs them without a file (a resolved config with no config.toml). */
export function defaultCockpitConfigFile(): CockpitConfigFile {
  return structuredClone(FILE_DEFAULTS);
}

/** A `[store]` section's defaults (rotation and supervision) with no bin or config. */
export function defaultStoreSection(): StoreSection {
  return structuredClone(STORE_DEFAULTS);
}
