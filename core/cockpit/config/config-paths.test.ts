import { describe, expect, it } from 'vitest';
import { configFileLocation, configRelativePath, dataDirLocation, defaultConfigPath, expandHome } from './config-paths.js';

const linux = { platform: 'linux' as const, homedir: '/home/op', cwd: '/work' };
const mac = { platform: 'darwin' as const, homedir: '/Users/op', cwd: '/Users/op/src' };
const windows = { platform: 'win32' as const, homedir: 'C:\\Users\\op', cwd: 'C:\\work' };

describe('config file path per OS', () => {
  it('Linux: ~/.config/cockpit/config.toml, or $XDG_CONFIG_HOME when absolute', () => {
    expect(defaultConfigPath({ ...linux, env: {} })).toBe('/home/op/.config/cockpit/config.toml');
    expect(defaultConfigPath({ ...linux, env: { XDG_CONFIG_HOME: '/xdg/conf' } })).toBe('/xdg/conf/cockpit/config.toml');
    expect(defaultConfigPath({ ...linux, env: { XDG_CONFIG_HOME: 'relative' } })).toBe('/home/op/.config/cockpit/config.toml');
    expect(defaultConfigPath({ ...linux, env: { XDG_CONFIG_HOME: '' } })).toBe('/home/op/.config/cockpit/config.toml');
  });

  it('macOS: ~/Library/Application Support/cockpit/config.toml', () => {
    expect(defaultConfigPath({ ...mac, env: { XDG_CONFIG_HOME: '/ignored' } })).toBe('/Users/op/Library/Application Support/cockpit/config.toml');
  });

  it('Windows: %APPDATA%\\cockpit\\config.toml, else the roaming folder under the profile', () => {
    expect(defaultConfigPath({ ...windows, env: { APPDATA: 'D:\\Roaming' } })).toBe('D:\\Roaming\\cockpit\\config.toml');
    expect(defaultConfigPath({ ...windows, env: {} })).toBe('C:\\Users\\op\\AppData\\Roaming\\cockpit\\config.toml');
  });

  it('--config beats COCKPIT_CONFIG beats the default; relative and ~ paths are resolved', () => {
    expect(configFileLocation({ ...linux, env: { COCKPIT_CONFIG: '/env.toml' }, flag: 'my.toml' })).toEqual({ path: '/work/my.toml', origin: 'flag', from: '--config' });
    expect(configFileLocation({ ...linux, env: { COCKPIT_CONFIG: '~/c.toml' } })).toEqual({ path: '/home/op/c.toml', origin: 'env', from: 'COCKPIT_CONFIG' });
    expect(configFileLocation({ ...linux, env: { COCKPIT_CONFIG: '' }, flag: '' })).toEqual({ path: '/home/op/.config/cockpit/config.toml', origin: 'default', from: 'linux default' });
    expect(configFileLocation({ ...windows, env: {}, flag: 'x\\c.toml' }).path).toBe('C:\\work\\x\\c.toml');
  });
});

describe('data directory per OS', () => {
  it('COCKPIT_DATA, then $XDG_DATA_HOME/cockpit, then ~/.local/share/cockpit on Linux', () => {
    expect(dataDirLocation({ ...linux, env: { COCKPIT_DATA: 'state', XDG_DATA_HOME: '/xdg' } })).toEqual({ path: '/work/state', origin: 'env', from: 'COCKPIT_DATA' });
    expect(dataDirLocation({ ...linux, env: { XDG_DATA_HOME: '/xdg/data' } })).toEqual({ path: '/xdg/data/cockpit', origin: 'xdg', from: 'XDG_DATA_HOME' });
    expect(dataDirLocation({ ...linux, env: {} })).toEqual({ path: '/home/op/.local/share/cockpit', origin: 'default', from: 'linux default' });
  });

  it('macOS Application Support, Windows %LOCALAPPDATA%', () => {
    expect(dataDirLocation({ ...mac, env: {} }).path).toBe('/Users/op/Library/Application Support/cockpit');
    expect(dataDirLocation({ ...windows, env: { LOCALAPPDATA: 'D:\\Local' } }).path).toBe('D:\\Local\\cockpit');
    expect(dataDirLocation({ ...windows, env: {} }).path).toBe('C:\\Users\\op\\AppData\\Local\\cockpit');
  });
});

describe('paths written in the config file', () => {
  it('~ is the home directory; relative paths are taken from the config file directory', () => {
    expect(expandHome('~', linux)).toBe('/home/op');
    expect(configRelativePath('~/bee/bee.log', '/etc/cockpit/config.toml', linux)).toBe('/home/op/bee/bee.log');
    expect(configRelativePath('bee.yaml', '/etc/cockpit/config.toml', linux)).toBe('/etc/cockpit/bee.yaml');
    expect(configRelativePath('/abs/bee', '/etc/cockpit/config.toml', linux)).toBe('/abs/bee');
  });
});
