import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeUnreadableHealth, healthUnreadable, resolveNodeTarget, takeTrailingUrl } from './node-target.js';
import { OnceError, OnceUsageError } from './verb.js';
import { failureWords } from '../../../core/cockpit/verb-text/failure-words.js';

// No config file of the developer's may decide a test: XDG_CONFIG_HOME points at an empty directory.
const home = mkdtempSync(join(tmpdir(), 'node-target-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const isolated = { XDG_CONFIG_HOME: home };
const env = { ...isolated, NODE_URL: 'http://env-node:1633', NODE_TOKEN: 'env-token' };

describe('resolveNodeTarget', () => {
  it('prefers --node, then a trailing URL, then NODE_URL, then localhost:1633', async () => {
    expect((await resolveNodeTarget('readiness', [], { node: 'http://flag:1', env })).url).toBe('http://flag:1');
    expect((await resolveNodeTarget('readiness', ['http://positional:2/'], { env })).url).toBe('http://positional:2');
    expect((await resolveNodeTarget('readiness', [], { env })).url).toBe('http://env-node:1633');
    expect((await resolveNodeTarget('readiness', [], { env: isolated })).url).toBe('http://localhost:1633');
    expect((await resolveNodeTarget('readiness', [], { env: { ...isolated, NODE_URL: '' } })).url).toBe('http://localhost:1633');
    // The same URL twice is not a conflict.
    expect((await resolveNodeTarget('readiness', ['http://same:3'], { node: 'http://same:3', env })).url).toBe('http://same:3');
  });

  it('takes the token from --token, else NODE_TOKEN; none when both are empty', async () => {
    expect((await resolveNodeTarget('readiness', [], { token: 'flag-token', env })).token).toBe('flag-token');
    expect((await resolveNodeTarget('readiness', [], { env })).token).toBe('env-token');
    expect((await resolveNodeTarget('readiness', [], { token: '', env: { ...isolated, NODE_TOKEN: '' } })).token).toBeUndefined();
  });

  it('--config: the default node of the file and its @env: token', async () => {
    const file = join(home, 'c.toml');
    writeFileSync(file, '[[nodes]]\nname = "a"\nurl = "http://a:1"\n[[nodes]]\nname = "b"\nurl = "http://b:1"\ntoken = "@env:B_TOKEN"\ndefault = true\n');
    const target = await resolveNodeTarget('readiness', [], { config: file, env: { ...isolated, B_TOKEN: 'bt' } });
    expect(target).toMatchObject({ url: 'http://b:1', name: 'b', token: 'bt' });
    // A trailing URL replaces the configured nodes for the call.
    expect(await resolveNodeTarget('readiness', ['http://c:1'], { config: file, env: { ...isolated, B_TOKEN: 'bt' } })).toMatchObject({ url: 'http://c:1', name: 'http://c:1' });
    // A bad config file is an error result, with file:line:column.
    const error = await resolveNodeTarget('readiness', [], { config: file, env: isolated }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OnceError);
    expect(failureWords((error as OnceError).failure)).toBe(`invalid cockpit configuration: ${file}:7:1: nodes[1].token: environment variable B_TOKEN (from "@env:B_TOKEN") is not set`);
    // A missing --config file is a usage error.
    await expect(resolveNodeTarget('readiness', [], { config: join(home, 'none.toml'), env: isolated })).rejects.toThrow(OnceUsageError);
  });

  it('usage errors: two different URLs, extra arguments, a URL that is not http(s) or carries credentials', async () => {
    await expect(resolveNodeTarget('readiness', ['http://a:1'], { node: 'http://b:1', env })).rejects.toThrow(OnceUsageError);
    await expect(resolveNodeTarget('readiness', ['http://a:1', 'http://b:1'], { env })).rejects.toThrow('readiness takes at most one node URL, got 2 arguments');
    await expect(resolveNodeTarget('version-check', ['ftp://a'], { env })).rejects.toThrow(/invalid node URL "ftp:\/\/a"/);
    await expect(resolveNodeTarget('version-check', ['http://user:pw@a:1'], { env })).rejects.toThrow(OnceUsageError);
    // NODE_URL comes from the environment: an error result rather than a usage error.
    await expect(resolveNodeTarget('version-check', [], { env: { ...isolated, NODE_URL: 'localhost:1633' } })).rejects.toThrow(OnceError);
  });

  it('takeTrailingUrl splits off a last argument with a scheme', () => {
    expect(takeTrailingUrl(['ab', 'http://n:1'])).toEqual({ rest: ['ab'], url: 'http://n:1' });
    expect(takeTrailingUrl(['ab', 'ftp://n'])).toEqual({ rest: ['ab'], url: 'ftp://n' });
    expect(takeTrailingUrl(['ab', 'cd'])).toEqual({ rest: ['ab', 'cd'] });
    expect(takeTrailingUrl([])).toEqual({ rest: [] });
  });
});

describe('unreadable /health', () => {
  it('5xx is a sick node (judged by the gates); everything else means there is nothing to judge', () => {
    expect(healthUnreadable({ code: 'http', status: 500, detail: '500' })).toBe(false);
    expect(healthUnreadable({ code: 'http', status: 503, detail: '503' })).toBe(false);
    for (const error of [
      { code: 'http', status: 401, detail: '401' },
      { code: 'http', status: 404, detail: '404' },
      { code: 'network', detail: 'network error' },
      { code: 'timeout', detail: 'timeout' },
      { code: 'invalid-response', status: 200, detail: 'x' },
    ] as const) {
      expect(healthUnreadable(error), error.code).toBe(true);
    }
  });

  it('says how to fix a missing token and a wrong port', () => {
    expect(describeUnreadableHealth('http://n:1', { code: 'http', status: 401, detail: '401' })).toBe('http://n:1 asks for a bearer token (401): pass --token or set NODE_TOKEN');
    expect(describeUnreadableHealth('http://n:1', { code: 'http', status: 404, detail: '404' })).toContain('is this a Bee node API');
    expect(describeUnreadableHealth('http://n:1', { code: 'network', detail: 'network error: connect ECONNREFUSED' })).toBe('cannot reach the node at http://n:1: network error: connect ECONNREFUSED');
  });
});
