import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CockpitConfigError } from '../../core/cockpit/config/config-problem.js';
import { activeNodeOf, type CockpitLaunchArgs } from '../../core/cockpit/config/resolved-config.js';
import { diagnoseCockpitConfig, resolveCockpitConfig } from './config-loader.js';

let home: string;
let cwd: string;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'cockpit-home-'));
  cwd = join(home, 'work');
  mkdirSync(cwd);
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** Writes a config file under the temp home and resolves with it named by --config. */
function withFile(text: string, name = 'config.toml'): string {
  const path = join(home, name);
  writeFileSync(path, text);
  return path;
}

function resolve(args: CockpitLaunchArgs = {}, env: Record<string, string> = {}, frontEnd: 'desktop' | 'terminal' = 'terminal') {
  return resolveCockpitConfig({ args, env, platform: 'linux', homedir: home, cwd, frontEnd });
}

async function refused(args: CockpitLaunchArgs, env: Record<string, string> = {}): Promise<CockpitConfigError> {
  const error = await resolve(args, env).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CockpitConfigError);
  return error as CockpitConfigError;
}

const TWO_NODES = `
[[nodes]]
name = "alpha"
url = "http://alpha:1633"
token = "@env:ALPHA_TOKEN"

[[nodes]]
name = "beta"
url = "http://beta:1633/"
token = "beta-secret"
log_file = "logs/beta.log"
`;

describe('resolveCockpitConfig: files and paths', () => {
  it('no file at the default path: defaults, one node from http://localhost:1633, data dir under ~/.local/share', async () => {
    const { config, sources } = await resolve();
    expect(config.configFile).toEqual({ path: join(home, '.config/cockpit/config.toml'), origin: 'default', from: 'linux default', loaded: false });
    expect(config.dataDir).toEqual({ path: join(home, '.local/share/cockpit'), origin: 'default', from: 'linux default' });
    expect(config.nodes).toEqual([{ name: 'http://localhost:1633', url: 'http://localhost:1633', tokenFrom: { kind: 'none' }, origin: 'default', log: {} }]);
    expect(config.activeNode).toBe('http://localhost:1633');
    expect(config.store).toBeNull();
    expect(config.storeLogs).toEqual({ rotateSizeMb: 64, keepFiles: 5 });
    expect(config.supervisor).toEqual({ autoRestart: false, maxRestartsPerHour: 6, drainSecs: 0 });
    expect(config.alerts).toEqual({ debounceSecs: 60, alertmanagerUrls: [] });
    expect(config.fleet).toEqual({ aggregateWindowSecs: 60 });
    expect(config.notifications).toEqual({ desktop: false, toastEnabled: true, toastSeconds: 8, bell: 'off' });
    expect(config.pubsub).toEqual({ rotateSizeMb: 16, keepFiles: 5 });
    expect(config.ui).toEqual({ theme: 'auto', asciiFallback: false, noColor: false, startScreen: 'health', restoreLastScreen: false, polling: 'default' });
    expect(sources['ui.start_screen']).toEqual({ origin: 'default', detail: 'default "health"' });
    expect(sources['alerts.debounce_secs']).toEqual({ origin: 'default', detail: 'default 60' });
    expect(sources['store.supervisor.max_restarts_per_hour']).toEqual({ origin: 'default', detail: 'default 6' });
    expect(sources.activeNode).toMatchObject({ origin: 'default' });
  });

  it('the file at the default path is read; COCKPIT_CONFIG and --config name another one', async () => {
    mkdirSync(join(home, '.config/cockpit'), { recursive: true });
    writeFileSync(join(home, '.config/cockpit/config.toml'), '[ui]\ntheme = "light"\n');
    try {
      const found = await resolve();
      expect(found.config.configFile.loaded).toBe(true);
      expect(found.config.ui.theme).toBe('light');
      expect(found.sources['ui.theme']).toEqual({ origin: 'file', detail: `${join(home, '.config/cockpit/config.toml')}:2:1` });
      const env = withFile('[ui]\ntheme = "dark"\n', 'env.toml');
      expect((await resolve({}, { COCKPIT_CONFIG: env })).config.ui.theme).toBe('dark');
      const flag = withFile('[ui]\nascii_fallback = true\n', 'flag.toml');
      const both = await resolve({ config: flag }, { COCKPIT_CONFIG: env });
      expect(both.config.configFile).toMatchObject({ path: flag, origin: 'flag' });
      expect(both.config.ui).toMatchObject({ theme: 'auto', asciiFallback: true });
    } finally {
      rmSync(join(home, '.config'), { recursive: true });
    }
  });

  it('COCKPIT_DATA and XDG_DATA_HOME move the data directory', async () => {
    expect((await resolve({}, { COCKPIT_DATA: 'data' })).config.dataDir).toEqual({ path: join(cwd, 'data'), origin: 'env', from: 'COCKPIT_DATA' });
    expect((await resolve({}, { XDG_DATA_HOME: '/xdg' })).config.dataDir.path).toBe('/xdg/cockpit');
  });

  it('a named file that is missing or a directory is refused (usage for --config, config for COCKPIT_CONFIG)', async () => {
    const missing = await refused({ config: join(home, 'nope.toml') });
    expect(missing.message).toBe(`${join(home, 'nope.toml')}: no such config file (named by --config)`);
    expect(missing.isUsage).toBe(true);
    const env = await refused({}, { COCKPIT_CONFIG: join(home, 'nope.toml') });
    expect(env.message).toContain('named by COCKPIT_CONFIG');
    expect(env.isUsage).toBe(false);
    expect((await refused({ config: home })).message).toBe(`${home}: is a directory, not a config file`);
  });

  it('a bad file is refused with its first problem at file:line:column', async () => {
    const path = withFile('[[nodes]]\nname = "a"\nurl = "http://a:1"\nurll = 1\n', 'typo.toml');
    const error = await refused({ config: path });
    expect(error.message).toBe(`${path}:4:1: unknown key "urll" in [[nodes]]; did you mean "url"?`);
    expect(error.problems).toHaveLength(1);
    expect(error.isUsage).toBe(false);
  });
});

describe('resolveCockpitConfig: nodes, default node and tokens', () => {
  it('@env: tokens are read; a node without default = true: the first wins', async () => {
    const path = withFile(TWO_NODES);
    const { config, sources } = await resolve({ config: path }, { ALPHA_TOKEN: 'alpha-secret' });
    expect(config.nodes.map((n) => [n.name, n.url, n.token, n.tokenFrom])).toEqual([
      ['alpha', 'http://alpha:1633', 'alpha-secret', { kind: 'config-env', name: 'ALPHA_TOKEN' }],
      ['beta', 'http://beta:1633', 'beta-secret', { kind: 'config' }],
    ]);
    expect(config.activeNode).toBe('alpha');
    expect(sources.activeNode).toEqual({ origin: 'file', detail: 'first [[nodes]] entry (none sets default = true)' });
    expect(config.nodes[1]!.log).toEqual({ config: { logFile: join(home, 'logs/beta.log') } });
  });

  it('default = true marks the active node', async () => {
    const path = withFile(`${TWO_NODES}default = true\n`);
    const { config, sources } = await resolve({ config: path }, { ALPHA_TOKEN: 'a' });
    expect(config.activeNode).toBe('beta');
    expect(sources.activeNode).toEqual({ origin: 'file', detail: `${path}:12:1` });
  });

  it('@env: naming an unset or empty variable is an error naming it, at the token line', async () => {
    const path = withFile(TWO_NODES);
    expect((await refused({ config: path })).message).toBe(`${path}:5:1: nodes[0].token: environment variable ALPHA_TOKEN (from "@env:ALPHA_TOKEN") is not set`);
    expect((await refused({ config: path }, { ALPHA_TOKEN: '' })).message).toContain('environment variable ALPHA_TOKEN (from "@env:ALPHA_TOKEN") is empty');
    const bad = withFile('[[nodes]]\nname = "a"\nurl = "http://a:1"\ntoken = "@env:1BAD"\n', 'badenv.toml');
    expect((await refused({ config: bad })).message).toBe(`${bad}:4:1: nodes[0].token: "@env:1BAD" is not a valid environment variable name`);
  });

  it('--node equal to a configured URL selects that node and keeps its token', async () => {
    const path = withFile(TWO_NODES);
    const { config, sources } = await resolve({ config: path, node: 'http://beta:1633' }, { ALPHA_TOKEN: 'a' });
    expect(config.activeNode).toBe('beta');
    expect(activeNodeOf(config)).toMatchObject({ token: 'beta-secret', tokenFrom: { kind: 'config' } });
    expect(config.nodes).toHaveLength(2);
    expect(sources.activeNode).toEqual({ origin: 'flag', detail: '--node matches node "beta"' });
  });

  it('--node with another URL joins the front of the fleet, named by its URL; --node beats NODE_URL', async () => {
    const path = withFile(TWO_NODES);
    const { config } = await resolve({ config: path, node: 'http://gamma:1633/' }, { ALPHA_TOKEN: 'a', NODE_URL: 'http://beta:1633' });
    expect(config.nodes.map((n) => n.name)).toEqual(['http://gamma:1633', 'alpha', 'beta']);
    expect(activeNodeOf(config)).toMatchObject({ name: 'http://gamma:1633', origin: 'flag', tokenFrom: { kind: 'none' } });
    const env = await resolve({ config: path }, { ALPHA_TOKEN: 'a', NODE_URL: 'http://beta:1633' });
    expect(env.config.activeNode).toBe('beta');
    expect(env.sources.activeNode).toEqual({ origin: 'env', detail: 'NODE_URL matches node "beta"' });
  });

  it('without any node: --node, then NODE_URL, then http://localhost:1633', async () => {
    expect((await resolve({ node: 'http://flag:1' }, { NODE_URL: 'http://env:1' })).config.nodes).toEqual([
      { name: 'http://flag:1', url: 'http://flag:1', tokenFrom: { kind: 'none' }, origin: 'flag', log: {} },
    ]);
    expect((await resolve({}, { NODE_URL: 'http://env:1' })).config.activeNode).toBe('http://env:1');
  });

  it('token: --token beats NODE_TOKEN beats the active node\'s key; other configured nodes keep theirs', async () => {
    const path = withFile(TWO_NODES);
    const flag = await resolve({ config: path, token: 'from-flag' }, { ALPHA_TOKEN: 'a', NODE_TOKEN: 'from-env' });
    expect(flag.config.nodes.map((n) => [n.name, n.token, n.tokenFrom.kind])).toEqual([['alpha', 'from-flag', 'flag'], ['beta', 'beta-secret', 'config']]);
    const env = await resolve({ config: path }, { ALPHA_TOKEN: 'a', NODE_TOKEN: 'from-env' });
    expect(activeNodeOf(env.config)).toMatchObject({ token: 'from-env', tokenFrom: { kind: 'env', name: 'NODE_TOKEN' } });
    // The active node's @env: variable need not be set when --token overrides it.
    expect(activeNodeOf((await resolve({ config: path, token: 't' })).config).token).toBe('t');
    // Nodes from the command line take --token / NODE_TOKEN.
    expect((await resolve({ node: 'http://x:1' }, { NODE_TOKEN: 'e' })).config.nodes[0]).toMatchObject({ token: 'e', tokenFrom: { kind: 'env' } });
  });
});

describe('resolveCockpitConfig: positional URLs replace the node list', () => {
  it('the first is active; a URL that is a configured node keeps its name and token; others are named by URL', async () => {
    const path = withFile(TWO_NODES);
    const { config, sources } = await resolve({ config: path, urls: ['http://new:1633', 'http://beta:1633'] }, { NODE_TOKEN: 'shared' });
    expect(config.nodes.map((n) => [n.name, n.url, n.token, n.origin])).toEqual([
      ['http://new:1633', 'http://new:1633', 'shared', 'positional'],
      ['beta', 'http://beta:1633', 'beta-secret', 'config'],
    ]);
    expect(config.activeNode).toBe('http://new:1633');
    expect(sources.nodes).toMatchObject({ origin: 'positional' });
    // alpha is not in the session, so its unset @env: variable does not matter.
  });

  it('--node picks the active one among them', async () => {
    const { config } = await resolve({ urls: ['http://a:1', 'http://b:1'], node: 'http://b:1' });
    expect(config.activeNode).toBe('http://b:1');
  });

  it('usage errors: a bad URL, the same URL twice, --node not among them', async () => {
    const bad = await refused({ urls: ['localhost:1633'] });
    expect(bad.isUsage).toBe(true);
    expect(bad.message).toContain('invalid node URL "localhost:1633"');
    expect((await refused({ urls: ['http://a:1', 'http://a:1/'] })).message).toBe('node URL http://a:1 is given twice');
    expect((await refused({ urls: ['http://a:1'], node: 'http://b:1' })).message).toContain('--node http://b:1 is not one of the node URLs given');
    expect((await refused({ node: 'ftp://a' })).isUsage).toBe(true);
    const env = await refused({}, { NODE_URL: 'http://user:pw@a:1' });
    expect(env.isUsage).toBe(false);
    expect(env.message).toContain('NODE_URL: invalid node URL');
  });
});

describe('resolveCockpitConfig: supervision, appearance, alerts', () => {
  it('[store] paths are taken from the config file directory; budget and rotation keys', async () => {
    const path = withFile('[store]\nbin = "bin/bee"\nconfig = "~/bee.yaml"\n[store.supervisor]\nauto_restart = true\nmax_restarts_per_hour = 3\ndrain_secs = 30\n[store.logs]\nkeep_files = 2\n');
    const terminal = await resolve({ config: path });
    expect(terminal.config.store).toEqual({ bin: join(home, 'bin/bee'), config: join(home, 'bee.yaml'), origin: 'config' });
    expect(terminal.config.supervisor).toEqual({ autoRestart: true, maxRestartsPerHour: 3, drainSecs: 30 });
    expect(terminal.config.storeLogs).toEqual({ rotateSizeMb: 64, keepFiles: 2 });
    // The desktop never respawns.
    const desktop = await resolve({ config: path }, {}, 'desktop');
    expect(desktop.config.supervisor.autoRestart).toBe(false);
    expect(desktop.sources['store.supervisor.auto_restart']).toEqual({ origin: 'default', detail: 'the desktop never auto-restarts' });
  });

  it('--node-bin and --node-config beat [store]; one without the other is a usage error', async () => {
    const path = withFile('[store]\nbin = "/a/bee"\nconfig = "/a/bee.yaml"\n');
    expect((await resolve({ config: path, nodeBin: 'bee', nodeConfig: '/etc/bee.yaml' })).config.store).toEqual({ bin: join(cwd, 'bee'), config: '/etc/bee.yaml', origin: 'flag' });
    const half = await refused({ nodeBin: '/usr/bin/bee' });
    expect(half.message).toBe("--node-bin needs --node-config (the node's YAML config)");
    expect(half.isUsage).toBe(true);
    expect((await refused({ nodeConfig: '/etc/bee.yaml' })).message).toBe('--node-config needs --node-bin (the node binary to spawn)');
  });

  it('a half [store] in the file is a hard error', async () => {
    const path = withFile('[store]\nconfig = "/etc/bee.yaml"\n');
    expect((await refused({ config: path })).message).toBe(`${path}:2:1: [store] sets config but not bin: both are required together (the node binary and its YAML config)`);
  });

  it('--theme and --ascii beat [ui]; a bad --theme is a usage error; NO_COLOR is noted', async () => {
    const path = withFile('[ui]\ntheme = "light"\n');
    const { config, sources } = await resolve({ config: path, theme: 'dark', ascii: true }, { NO_COLOR: '1' });
    expect(config.ui).toEqual({ theme: 'dark', asciiFallback: true, noColor: true, startScreen: 'health', restoreLastScreen: false, polling: 'default' });
    expect(sources['ui.theme']).toEqual({ origin: 'flag', detail: '--theme' });
    expect((await refused({ theme: 'blue' })).message).toBe('--theme: expected one of auto, light, dark, got "blue"');
  });

  it('start screen: Health by default; [ui] start_screen; --screen beats it and restore_last_screen; bad names refused', async () => {
    const path = withFile('[ui]\nstart_screen = "lottery"\nrestore_last_screen = true\n', 'start-screen.toml');
    const fromFile = await resolve({ config: path });
    expect(fromFile.config.ui).toMatchObject({ startScreen: 'lottery', restoreLastScreen: true });
    expect(fromFile.sources['ui.start_screen']).toEqual({ origin: 'file', detail: `${path}:2:1` });
    for (const [name, id] of [['fleet', 'fleet'], ['S8', 'apiHealth'], ['15', 'fleet'], ['API-Health', 'apiHealth']] as const) {
      const { config, sources } = await resolve({ config: path, screen: name });
      expect(config.ui, name).toMatchObject({ startScreen: id, restoreLastScreen: false });
      expect(sources['ui.start_screen']).toEqual({ origin: 'flag', detail: '--screen' });
    }
    const usage = await refused({ screen: 'lotto' });
    expect(usage.isUsage).toBe(true);
    expect(usage.message).toBe('--screen: unknown screen "lotto"; one of health, stamps, swap, lottery, warmup, peers, network, api, tags, pins, manifest, watchlist, feeds, pubsub, fleet (or its number, 1..15)');
    const bad = withFile('[ui]\nstart_screen = "lotto"\n', 'bad-start-screen.toml');
    const config = await refused({ config: bad });
    expect(config.isUsage).toBe(false);
    expect(config.message).toMatch(new RegExp(`^${bad}:2:1: ui.start_screen: expected one of "health", "gates", .*"fleet", got "lotto"$`));
  });

  it('polling preset: [ui] polling, --polling beating it; a bad one refused', async () => {
    const path = withFile('[ui]\npolling = "slow"\n', 'polling.toml');
    expect((await resolve({ config: path })).config.ui.polling).toBe('slow');
    const { config, sources } = await resolve({ config: path, polling: 'live' });
    expect(config.ui.polling).toBe('live');
    expect(sources['ui.polling']).toEqual({ origin: 'flag', detail: '--polling' });
    const usage = await refused({ polling: 'fast' });
    expect([usage.isUsage, usage.message]).toEqual([true, '--polling: expected one of live, default, slow, got "fast"']);
    const bad = await refused({ config: withFile('[ui]\npolling = "fast"\n', 'bad-polling.toml') });
    expect(bad.isUsage).toBe(false);
    expect(bad.message).toMatch(/:2:1: ui\.polling: expected one of "live", "default", "slow", got "fast"$/);
  });

  it('the log flags belong to the active node', async () => {
    const path = withFile(TWO_NODES);
    const { config } = await resolve({ config: path, node: 'http://beta:1633', nodeLog: 'bee.log', nodeLogCmd: 'docker logs -f bee' }, { ALPHA_TOKEN: 'a' });
    expect(activeNodeOf(config).log).toEqual({ config: { logFile: join(home, 'logs/beta.log') }, cli: { logFile: join(cwd, 'bee.log'), logCommand: 'docker logs -f bee' } });
    expect(config.nodes[0]!.log).toEqual({});
  });

  it('alertmanager_url: one URL or a list (an HA pair), normalised; credentials, a query or a repeat refused', async () => {
    const one = await resolve({ config: withFile('[alerts]\nalertmanager_url = "http://am:9093/"\n', 'am1.toml') });
    expect(one.config.alerts.alertmanagerUrls).toEqual(['http://am:9093']);
    const pair = await resolve({ config: withFile('[alerts]\nalertmanager_url = ["http://am-a:9093", "https://am-b:9093/am"]\n', 'am2.toml') });
    expect(pair.config.alerts.alertmanagerUrls).toEqual(['http://am-a:9093', 'https://am-b:9093/am']);
    const creds = withFile('[alerts]\nalertmanager_url = ["http://am-a:9093", "http://u:p@am-b:9093"]\n', 'am3.toml');
    expect((await refused({ config: creds })).message).toMatch(/alerts\.alertmanager_url/);
    const twice = withFile('[alerts]\nalertmanager_url = ["http://am:9093", "http://am:9093/"]\n', 'am4.toml');
    expect((await refused({ config: twice })).message).toMatch(/alerts\.alertmanager_url\[1\]: http:\/\/am:9093 is given twice/);
  });

  it('the fleet from Prometheus: [fleet] prometheus_url, --fleet-prometheus winning; a bad URL refused', async () => {
    const path = withFile('[fleet]\nprometheus_url = "http://prom:9090/"\n', 'prom.toml');
    const fromFile = await resolve({ config: path });
    expect(fromFile.config.fleet.prometheusUrl).toBe('http://prom:9090');
    const flagged = await resolve({ config: path, fleetPrometheus: 'https://thanos.example/query' });
    expect(flagged.config.fleet.prometheusUrl).toBe('https://thanos.example/query');
    expect(flagged.sources['fleet.prometheus_url']).toEqual({ origin: 'flag', detail: '--fleet-prometheus' });
    expect((await refused({ fleetPrometheus: 'prom:9090' })).message).toMatch(/--fleet-prometheus: expected an http:\/\/ or https:\/\/ URL/);
  });

  it('webhook URLs may be @env: references too', async () => {
    const path = withFile('[alerts]\nwebhook_url = "@env:HOOK"\ndebounce_secs = 300\n[fleet]\naggregate_webhook_url = "https://fleet.example/h"\n');
    const { config, sources } = await resolve({ config: path }, { HOOK: 'https://chat.example/hook' });
    expect(config.alerts).toEqual({ webhookUrl: 'https://chat.example/hook', webhookEnv: 'HOOK', debounceSecs: 300, alertmanagerUrls: [] });
    expect(config.fleet).toEqual({ aggregateWebhookUrl: 'https://fleet.example/h', aggregateWindowSecs: 60 });
    expect(sources['alerts.debounce_secs']).toEqual({ origin: 'file', detail: `${path}:3:1` });
    expect((await refused({ config: path })).message).toBe(`${path}:2:1: alerts.webhook_url: environment variable HOOK (from "@env:HOOK") is not set`);
    expect((await refused({ config: path }, { HOOK: 'not a url' })).message).toBe(`${path}:2:1: alerts.webhook_url: expected an http:// or https:// URL in HOOK`);
  });
});

describe('diagnoseCockpitConfig', () => {
  it('returns every problem as a value instead of throwing', async () => {
    const path = withFile('[[nodes]]\nname = "a"\nurl = "http://a:1"\ntoken = "@env:NOPE"\n[store]\nbin = "x"\n', 'many.toml');
    const result = await diagnoseCockpitConfig({ args: { config: path, nodeBin: 'y' }, env: {}, platform: 'linux', homedir: home, cwd });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.map((p) => p.message)).toEqual(['[store] sets bin but not config: both are required together (the node binary and its YAML config)']);
    const second = await diagnoseCockpitConfig({ args: { nodeBin: 'y' }, env: { NODE_URL: 'bad' }, platform: 'linux', homedir: home, cwd });
    expect(!second.ok && second.problems.map((p) => [p.kind, p.message.slice(0, 20)])).toEqual([
      ['config', 'NODE_URL: invalid no'],
      ['usage', "--node-bin needs --n"],
    ]);
  });
});

describe('reading the config file: what would hang or balloon is refused (issue 24 item 8)', () => {
  it('a named pipe as config.toml is refused at once, at the default path and by --config', async () => {
    const dir = join(home, 'fifo-home');
    mkdirSync(join(dir, '.config/cockpit'), { recursive: true });
    const fifo = join(dir, '.config/cockpit/config.toml');
    execFileSync('mkfifo', [fifo]);
    const atDefault = await diagnoseCockpitConfig({ args: {}, env: {}, platform: 'linux', homedir: dir, cwd });
    expect(!atDefault.ok && atDefault.problems.map((p) => `${p.kind} ${p.message}`)).toEqual([
      'config is not a regular file (a named pipe or socket); the cockpit reads its config from a file',
    ]);
    expect((await refused({ config: fifo })).message).toBe(`${fifo}: is not a regular file (a named pipe or socket); the cockpit reads its config from a file`);
  });

  it('/dev/null is an empty config; /dev/zero is refused at the size limit, not read for ever', async () => {
    expect((await resolve({ config: '/dev/null' })).config.configFile).toMatchObject({ path: '/dev/null', loaded: true });
    expect((await refused({ config: '/dev/zero' })).message).toBe('/dev/zero: is a device giving more than 1 MiB; the cockpit reads its config from a file');
  });

  it('a file over 1 MiB is refused from its size, unread', async () => {
    const path = withFile(`# ${'x'.repeat(3 * 1024 * 1024)}\n`, 'huge.toml');
    expect((await refused({ config: path })).message).toBe(`${path}: the config file is 3.0 MiB; the cockpit reads at most 1 MiB (a thousand [[nodes]] take about 150 KiB)`);
  });
});

describe('the supervised node is watched where its YAML says it listens (issue 24 item 11)', () => {
  const yaml = (name: string, text: string) => withFile(text, name);

  it('api-addr 127.0.0.1:18633: the active node is http://127.0.0.1:18633, not http://localhost:1633', async () => {
    const { config } = await resolve({ nodeBin: '/opt/bee', nodeConfig: yaml('bee-18633.yaml', 'api-addr: 127.0.0.1:18633\n') });
    expect(activeNodeOf(config)).toMatchObject({ name: 'http://127.0.0.1:18633', url: 'http://127.0.0.1:18633', origin: 'supervised' });
    expect(config.store).toMatchObject({ node: 'http://127.0.0.1:18633', apiUrl: 'http://127.0.0.1:18633' });
  });

  it('BEE_API_ADDR beats the file, as Bee’s viper reads it; no api-addr is Bee’s default, 127.0.0.1:1633', async () => {
    const path = yaml('bee-env.yaml', 'api-addr: 127.0.0.1:18633\n');
    expect(activeNodeOf((await resolve({ nodeBin: '/opt/bee', nodeConfig: path }, { BEE_API_ADDR: ':19633' })).config).url).toBe('http://127.0.0.1:19633');
    // Bee's default 127.0.0.1:1633 is what the default http://localhost:1633 reaches: that node is the supervised one.
    const defaulted = (await resolve({ nodeBin: '/opt/bee', nodeConfig: yaml('bee-default.yaml', 'verbosity: info\n') })).config;
    expect(activeNodeOf(defaulted).url).toBe('http://localhost:1633');
    expect(defaulted.store?.node).toBe('http://localhost:1633');
  });

  it('[store] in the config with a node at localhost:18633: that node is the supervised one', async () => {
    yaml('store-bee.yaml', 'api-addr: "[::]:18633"\n');
    const path = withFile('[[nodes]]\nname = "far"\nurl = "http://10.1.2.3:1633"\n[[nodes]]\nname = "mine"\nurl = "http://localhost:18633"\n[store]\nbin = "/opt/bee"\nconfig = "store-bee.yaml"\n', 'with-store.toml');
    const { config } = await resolve({ config: path });
    expect(config.nodes.map((n) => n.name)).toEqual(['far', 'mine']);
    expect(config.store?.node).toBe('mine');
  });

  it('a YAML that cannot be read changes nothing here (the start-up check says why)', async () => {
    const { config } = await resolve({ nodeBin: '/opt/bee', nodeConfig: join(home, 'no-such.yaml') });
    expect(activeNodeOf(config).url).toBe('http://localhost:1633');
    expect(config.store?.node).toBeUndefined();
  });
});
