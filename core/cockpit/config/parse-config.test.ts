import { describe, expect, it } from 'vitest';
import { formatConfigProblem, nearestKey } from './config-problem.js';
import { configSizeProblem, knownKeysAt, MAX_CONFIG_BYTES, parseCockpitConfig } from './parse-config.js';

const FILE = '/home/op/.config/cockpit/config.toml';

function problems(source: string): string[] {
  const result = parseCockpitConfig(source, FILE);
  if (result.ok) throw new Error('expected the config to be refused');
  return result.problems.map(formatConfigProblem);
}

const FULL = `#:schema ./cockpit-config.schema.json
[[nodes]]
name = "n1"
url = "http://127.0.0.1:1633"
token = "@env:N1_TOKEN"
log_file = "~/bee/n1.log"

[[nodes]]
name = "n2"
url = "https://n2.example:1633/"
default = true
log_command = "journalctl -fu bee 2>&1"

[store]
bin = "/usr/local/bin/bee"
config = "bee.yaml"

[store.logs]
rotate_size_mb = 32
keep_files = 3

[store.supervisor]
auto_restart = true
max_restarts_per_hour = 4
drain_secs = 600

[alerts]
webhook_url = "https://hooks.example/T0/B0/x"
debounce_secs = 300

[fleet]
aggregate_webhook_url = "@env:FLEET_HOOK"
aggregate_window_secs = 120

[notifications]
desktop = true
toast_enabled = false
toast_seconds = 5
bell = "fail"

[pubsub]
history_file = "pubsub.jsonl"
rotate_size_mb = 8
keep_files = 2

[ui]
theme = "dark"
ascii_fallback = true
start_screen = "fleet"
restore_last_screen = true
polling = "live"
`;

describe('parseCockpitConfig: a valid file', () => {
  it('reads every key of the spec', () => {
    const result = parseCockpitConfig(FULL, FILE);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const c = result.parsed.config;
    expect(c.nodes).toEqual([
      { name: 'n1', url: 'http://127.0.0.1:1633', token: '@env:N1_TOKEN', log_file: '~/bee/n1.log' },
      { name: 'n2', url: 'https://n2.example:1633/', default: true, log_command: 'journalctl -fu bee 2>&1' },
    ]);
    expect(c.store).toEqual({ bin: '/usr/local/bin/bee', config: 'bee.yaml', logs: { rotate_size_mb: 32, keep_files: 3 }, supervisor: { auto_restart: true, max_restarts_per_hour: 4, drain_secs: 600 } });
    expect(c.alerts).toEqual({ webhook_url: 'https://hooks.example/T0/B0/x', debounce_secs: 300 });
    expect(c.fleet).toEqual({ aggregate_webhook_url: '@env:FLEET_HOOK', aggregate_window_secs: 120 });
    expect(c.notifications).toEqual({ desktop: true, toast_enabled: false, toast_seconds: 5, bell: 'fail' });
    expect(c.pubsub).toEqual({ history_file: 'pubsub.jsonl', rotate_size_mb: 8, keep_files: 2 });
    expect(c.ui).toEqual({ theme: 'dark', ascii_fallback: true, start_screen: 'fleet', restore_last_screen: true, polling: 'live' });
  });

  it('an empty file is every default', () => {
    const result = parseCockpitConfig('', FILE);
    expect(result.ok && result.parsed.config).toEqual({
      nodes: [],
      alerts: { debounce_secs: 60 },
      fleet: { aggregate_window_secs: 60 },
      notifications: { desktop: false, toast_enabled: true, toast_seconds: 8 },
      pubsub: { rotate_size_mb: 16, keep_files: 5 },
      serve: { drop_max_mb: 1024, drop_total_mb: 4096, drop_max_files: 10_000 },
      ui: { theme: 'auto', ascii_fallback: false, restore_last_screen: false, polling: 'default' },
    });
  });

  it('[store] sub-tables get their defaults (64 MiB x 5, no auto-restart, 6 restarts per hour)', () => {
    const result = parseCockpitConfig('[store]\nbin = "b"\nconfig = "c"\n', FILE);
    expect(result.ok && result.parsed.config.store).toEqual({ bin: 'b', config: 'c', logs: { rotate_size_mb: 64, keep_files: 5 }, supervisor: { auto_restart: false, max_restarts_per_hour: 6, drain_secs: 0 } });
  });

  it('inline tables and dotted keys are the same config', () => {
    const result = parseCockpitConfig('nodes = [{ name = "a", url = "http://a:1" }]\nui.theme = "light"\n', FILE);
    expect(result.ok && result.parsed.config.nodes).toEqual([{ name: 'a', url: 'http://a:1' }]);
    expect(result.ok && result.parsed.config.ui.theme).toBe('light');
  });
});

describe('parseCockpitConfig: bad config is refused with file, line and column', () => {
  it('broken TOML: the position smol-toml found', () => {
    expect(problems('[ui]\ntheme = "dark\n')).toEqual([expect.stringMatching(new RegExp(`^${FILE}:2:\\d+: invalid TOML: `))]);
    expect(problems('[[nodes]]\nname = "a"\nname = "b"\n')[0]).toMatch(new RegExp(`^${FILE}:3:\\d+: invalid TOML: `));
    expect(problems('[ui\n')[0]).toMatch(new RegExp(`^${FILE}:1:\\d+: invalid TOML: `));
  });

  it('a wrong type points at its key and says what was expected and what was found', () => {
    expect(problems('[ui]\n\n  theme = 3\n')).toEqual([`${FILE}:3:3: ui.theme: expected one of "auto", "light", "dark", got 3`]);
    expect(problems('[alerts]\ndebounce_secs = "60"\n')).toEqual([`${FILE}:2:1: alerts.debounce_secs: expected an integer, got "60"`]);
    expect(problems('[alerts]\ndebounce_secs = 1.5\n')).toEqual([`${FILE}:2:1: alerts.debounce_secs: expected an integer, got the float 1.5`]);
    expect(problems('[notifications]\ndesktop = "yes"\n')).toEqual([`${FILE}:2:1: notifications.desktop: expected true or false, got "yes"`]);
    expect(problems('ui = "dark"\n')).toEqual([`${FILE}:1:1: ui: expected a table [ui], got "dark"`]);
    expect(problems('[nodes]\nname = "a"\n')).toEqual([`${FILE}:1:2: nodes: expected an array of tables [[nodes]], got a table`]);
  });

  it('the second [[nodes]] table is nodes[1]: errors point into the right table', () => {
    const source = '[[nodes]]\nname = "a"\nurl = "http://a:1633"\n\n[[nodes]]\nname = "b"\nurl = 1633\n';
    expect(problems(source)).toEqual([`${FILE}:7:1: nodes[1].url: expected a string, got 1633`]);
  });

  it('a missing required key points at its table', () => {
    expect(problems('[[nodes]]\nname = "a"\n')).toEqual([`${FILE}:1:3: nodes[0].url: expected a string, got nothing (the key is missing)`]);
    expect(problems('[[nodes]]\nurl = "http://a:1"\nname = ""\n')).toEqual([`${FILE}:3:1: nodes[0].name: must not be empty`]);
  });

  it('out-of-range integers and bad enum values', () => {
    expect(problems('[store.logs]\nkeep_files = 0\n')).toEqual([`${FILE}:2:1: store.logs.keep_files: expected an integer >= 1, got 0`]);
    expect(problems('[notifications]\ntoast_seconds = -1\n')).toEqual([`${FILE}:2:1: notifications.toast_seconds: expected an integer >= 1, got -1`]);
    expect(problems('[store.supervisor]\nmax_restarts_per_hour = 100000\n')).toEqual([`${FILE}:2:1: store.supervisor.max_restarts_per_hour: expected an integer <= 1000, got 100000`]);
    expect(problems('[notifications]\nbell = "always"\n')).toEqual([`${FILE}:2:1: notifications.bell: expected one of "warn", "fail", got "always"`]);
  });

  it('a node URL that is not http(s)', () => {
    expect(problems('[[nodes]]\nname = "a"\nurl = "localhost:1633"\n')).toEqual([`${FILE}:3:1: nodes[0].url: expected an http:// or https:// URL, got "localhost:1633"`]);
    expect(problems('[alerts]\nwebhook_url = "hooks.example"\n')).toEqual([`${FILE}:2:1: alerts.webhook_url: expected an http(s) URL or @env:VAR, got "hooks.example"`]);
  });

  it('unknown keys: at their own position, with the nearest known key', () => {
    expect(problems('[[nodes]]\nname = "a"\nurll = "http://a:1"\n')).toEqual([
      `${FILE}:1:3: nodes[0].url: expected a string, got nothing (the key is missing)`,
      `${FILE}:3:1: unknown key "urll" in [[nodes]]; did you mean "url"?`,
    ]);
    expect(problems('[alerts]\ndebounce_sec = 300\n')).toEqual([`${FILE}:2:1: unknown key "debounce_sec" in [alerts]; did you mean "debounce_secs"?`]);
    expect(problems('[store.supervisor]\nmax_restarts = 3\n')).toEqual([`${FILE}:2:1: unknown key "max_restarts" in [store.supervisor]; did you mean "max_restarts_per_hour"?`]);
    expect(problems('[uii]\ntheme = "dark"\n')).toEqual([`${FILE}:1:2: unknown key "uii" at the top level; did you mean "ui"?`]);
    expect(problems('[ui]\nzzzzzz = 1\n')).toEqual([`${FILE}:2:1: unknown key "zzzzzz" in [ui]; known keys: theme, ascii_fallback, start_screen, restore_last_screen, polling, log_pane`]);
  });

  it('more than one default node: at the second, naming both', () => {
    const source = '[[nodes]]\nname = "a"\nurl = "http://a:1"\ndefault = true\n[[nodes]]\nname = "b"\nurl = "http://b:1"\ndefault = true\n';
    expect(problems(source)).toEqual([`${FILE}:8:1: more than one node has default = true (nodes[0] "a" and nodes[1] "b"); keep one`]);
  });

  it('two nodes with one name', () => {
    const source = '[[nodes]]\nname = "a"\nurl = "http://a:1"\n[[nodes]]\nname = "a"\nurl = "http://b:1"\n';
    expect(problems(source)).toEqual([`${FILE}:5:1: node name "a" is already used by nodes[0]; names must be unique`]);
  });

  it('half a [store] is a hard error at the key that is there', () => {
    expect(problems('[store]\nbin = "/usr/bin/bee"\n')).toEqual([`${FILE}:2:1: [store] sets bin but not config: both are required together (the node binary and its YAML config)`]);
    expect(problems('[store]\n\nconfig = "bee.yaml"\n')).toEqual([`${FILE}:3:1: [store] sets config but not bin: both are required together (the node binary and its YAML config)`]);
    // Supervision settings without a binary are fine: --node-bin may supply it.
    expect(parseCockpitConfig('[store.supervisor]\nauto_restart = true\n', FILE).ok).toBe(true);
  });

  it('every problem of a file is reported, in line order', () => {
    const found = problems('[ui]\ntheme = "x"\n[alerts]\ndebounce_secs = -5\nfoo = 1\n');
    expect(found.map((p) => p.split(': ')[0])).toEqual([`${FILE}:2:1`, `${FILE}:4:1`, `${FILE}:5:1`]);
  });
});

describe('nearest known key', () => {
  it('suggests plausible typos only', () => {
    expect(nearestKey('tokn', ['name', 'url', 'token'])).toBe('token');
    expect(nearestKey('webhook', ['webhook_url', 'debounce_secs'])).toBe('webhook_url');
    expect(nearestKey('completely_different', ['name', 'url'])).toBeUndefined();
  });

  it('reads the known keys from the schema', () => {
    expect(knownKeysAt([])).toEqual(['nodes', 'store', 'alerts', 'fleet', 'notifications', 'watchlist', 'pubsub', 'serve', 'ui']);
    expect(knownKeysAt(['serve'])).toEqual(['drop_max_mb', 'drop_total_mb', 'drop_max_files']);
    expect(knownKeysAt(['nodes', 0])).toEqual(['name', 'url', 'token', 'default', 'log_file', 'log_command']);
    expect(knownKeysAt(['store', 'supervisor'])).toEqual(['auto_restart', 'max_restarts_per_hour', 'drain_secs']);
  });
});

describe('parseCockpitConfig: size and depth limits (issue 24 item 8)', () => {
  it('a long dotted table header is refused at its line and column, not expanded', () => {
    const header = `[${Array.from({ length: 100_000 }, () => 'a').join('.')}]`;
    expect(problems(`[ui]\ntheme = "dark"\n${header}\nx = 1\n`)).toEqual([
      `${FILE}:3:2: keys nest more than 32 levels deep (tables, dotted keys, inline tables and arrays together); the cockpit's config is at most 4 levels deep`,
    ]);
  });

  it('deep inline tables and arrays are refused by the TOML reader with the same limit', () => {
    expect(problems(`x = ${'['.repeat(40)}${']'.repeat(40)}\n`)).toEqual([expect.stringMatching(new RegExp(`^${FILE}:1:\\d+: invalid TOML: inline tables and arrays nest more than 32 levels deep$`))]);
  });

  it('a file over 1 MiB is refused before it is parsed', () => {
    const big = `# ${'x'.repeat(MAX_CONFIG_BYTES)}\n`;
    expect(problems(big)).toEqual([`${FILE}: the config file is 1.0 MiB; the cockpit reads at most 1 MiB (a thousand [[nodes]] take about 150 KiB)`]);
    expect(configSizeProblem(MAX_CONFIG_BYTES)).toBeNull();
  });
});

describe('[serve] drop quotas (issue 24 item 6)', () => {
  it('are read, checked and resolved into bytes', () => {
    const result = parseCockpitConfig('[serve]\ndrop_max_mb = 64\ndrop_total_mb = 256\ndrop_max_files = 500\n', FILE);
    expect(result.ok && result.parsed.config.serve).toEqual({ drop_max_mb: 64, drop_total_mb: 256, drop_max_files: 500 });
    expect(problems('[serve]\ndrop_max_mb = 0\n')).toEqual([`${FILE}:2:1: serve.drop_max_mb: expected an integer >= 1, got 0`]);
    expect(problems('[serve]\ndrop_max_files = 100001\n')).toEqual([`${FILE}:2:1: serve.drop_max_files: expected an integer <= 100000, got 100001`]);
  });
});
