import { describe, expect, it } from 'vitest';
import { applyViewMessage, createViewSender } from './view-slices.js';
import { decodeDropChunk, encodeDropChunk } from './protocol.js';
import { guardRequest, hostNameOf, isAllowedHost } from './request-guard.js';
import { planDrop } from './drop-entries.js';
import { parseClientMessage } from './client-message-schema.js';
import { viewFor } from '../interaction/view-fixtures.js';
import type { CockpitView } from '../view/view-model.js';

const TOKEN = 'a'.repeat(64);
const guard = (request: Partial<Parameters<typeof guardRequest>[0]>, listenHost = '127.0.0.1') =>
  guardRequest({ method: 'GET', url: `/${TOKEN}/`, host: '127.0.0.1:4000', origin: undefined, ...request }, { token: TOKEN, listenHost });

describe('view slices across the bridge', () => {
  it('sends the whole view first, then only the slices that are new objects, and nothing when nothing changed', () => {
    const sender = createViewSender();
    const first = viewFor({ face: 'desktop' });
    expect(sender.next(first)).toEqual({ t: 'view', view: first });
    expect(sender.next(JSON.parse(JSON.stringify(first)) as CockpitView)).toBeNull();
    const second = { ...JSON.parse(JSON.stringify(first)), banner: { id: 1, text: 'hashed', tone: 'ok' } } as CockpitView;
    expect(sender.next(second)).toEqual({ t: 'patch', slices: { banner: second.banner } });
    sender.reset();
    expect(sender.next(second)?.t).toBe('view');
  });

  it('the receiver rebuilds the sent view and keeps the identity of every unchanged part', () => {
    const sender = createViewSender();
    const first = viewFor({ face: 'desktop' });
    let received = applyViewMessage(null, JSON.parse(JSON.stringify(sender.next(first))));
    expect(received).toEqual(first);
    const before = received!;
    const next = { ...first, logPane: { ...first.logPane, visible: true } };
    received = applyViewMessage(received, JSON.parse(JSON.stringify(sender.next(next))));
    expect(received).toEqual(next);
    expect(received!.screen).toBe(before.screen);
    expect(received!.logPane).not.toBe(before.logPane);
    expect(received!.logPane.tabs).toBe(before.logPane.tabs);
    // A patch before any whole view cannot be applied: it is ignored until the view comes.
    expect(applyViewMessage(null, { t: 'patch', slices: { banner: null } })).toBeNull();
  });
});

describe('drop chunks', () => {
  it('round-trips header and bytes, and refuses frames that are not chunks', () => {
    const bytes = new Uint8Array([0, 1, 2, 255]);
    const decoded = decodeDropChunk(encodeDropChunk({ id: 'd1', entry: 3, offset: 262144 }, bytes));
    expect(decoded?.header).toEqual({ id: 'd1', entry: 3, offset: 262144 });
    expect([...decoded!.bytes]).toEqual([0, 1, 2, 255]);
    expect(decodeDropChunk(new Uint8Array([0, 0]))).toBeNull();
    expect(decodeDropChunk(new Uint8Array([0, 0, 0, 9, 1, 2]))).toBeNull();
    const notJson = new Uint8Array([0, 0, 0, 2, 0x7b, 0x7b]);
    expect(decodeDropChunk(notJson)).toBeNull();
    const negative = new TextEncoder().encode('{"id":"d","entry":-1,"offset":0}');
    const frame = new Uint8Array(4 + negative.length);
    new DataView(frame.buffer).setUint32(0, negative.length);
    frame.set(negative, 4);
    expect(decodeDropChunk(frame)).toBeNull();
  });
});

describe('--serve request guard', () => {
  it('serves the page and its assets under the token prefix, and redirects the bare prefix', () => {
    expect(guard({})).toEqual({ ok: true, path: '', redirect: false });
    expect(guard({ url: `/${TOKEN}/assets/index.js?x=1` })).toEqual({ ok: true, path: 'assets/index.js', redirect: false });
    expect(guard({ url: `/${TOKEN}` })).toEqual({ ok: true, path: '', redirect: true });
  });

  it('a missing or wrong token is 401', () => {
    expect(guard({ url: '/' })).toMatchObject({ ok: false, status: 401 });
    expect(guard({ url: '/assets/index.js' })).toMatchObject({ ok: false, status: 401 });
    expect(guard({ url: `/${'b'.repeat(64)}/` })).toMatchObject({ ok: false, status: 401 });
    expect(guard({ url: `/${TOKEN.slice(1)}/` })).toMatchObject({ ok: false, status: 401 });
    expect(guard({ url: `/x/${TOKEN}/` })).toMatchObject({ ok: false, status: 401 });
  });

  it('a foreign Host (DNS rebinding) or Origin is 403, even with the token', () => {
    expect(guard({ host: 'evil.example:4000' })).toMatchObject({ ok: false, status: 403 });
    expect(guard({ host: undefined })).toMatchObject({ ok: false, status: 403 });
    expect(guard({ origin: 'http://evil.example' })).toMatchObject({ ok: false, status: 403 });
    expect(guard({ origin: 'null' })).toMatchObject({ ok: false, status: 403 });
    expect(guard({ origin: 'https://127.0.0.1:4000' })).toMatchObject({ ok: false, status: 403 });
    expect(guard({ origin: 'http://127.0.0.1:4001' })).toMatchObject({ ok: false, status: 403 });
    expect(guard({ origin: 'http://127.0.0.1:4000' })).toMatchObject({ ok: true });
  });

  it('accepts IP literals, localhost (an SSH tunnel changes the port) and the name given to --serve', () => {
    expect(isAllowedHost('localhost:8080', '127.0.0.1')).toBe(true);
    expect(isAllowedHost('[::1]:8080', '127.0.0.1')).toBe(true);
    expect(isAllowedHost('10.1.2.3:8080', '0.0.0.0')).toBe(true);
    expect(isAllowedHost('cockpit.lan:8080', 'cockpit.lan')).toBe(true);
    expect(isAllowedHost('cockpit.lan.evil.example:8080', 'cockpit.lan')).toBe(false);
    expect(isAllowedHost('localhost.evil.example', '127.0.0.1')).toBe(false);
    expect(isAllowedHost('1.2.3.4.evil.example', '127.0.0.1')).toBe(false);
    expect(hostNameOf('a b')).toBeNull();
  });

  it('only GET and HEAD', () => {
    expect(guard({ method: 'POST' })).toMatchObject({ ok: false, status: 405 });
    expect(guard({ method: 'HEAD' })).toMatchObject({ ok: true });
  });
});

describe('dropped entries from a browser', () => {
  it('takes files and folders by relative path, with their top-level names', () => {
    const plan = planDrop([
      { path: 'site', kind: 'directory' },
      { path: 'site/index.html', kind: 'file', size: 12 },
      { path: 'site/empty', kind: 'directory' },
      { path: 'notes.txt', kind: 'file', size: 3 },
    ]);
    expect(plan).toMatchObject({ ok: true, roots: ['site', 'notes.txt'], totalBytes: 15 });
  });

  it.each([
    [[{ path: '../etc/passwd', kind: 'file', size: 1 }], 'not a file name'],
    [[{ path: '/etc/passwd', kind: 'file', size: 1 }], 'not a file name'],
    [[{ path: 'a/./b', kind: 'file', size: 1 }], 'not a file name'],
    [[{ path: 'a\\b', kind: 'file', size: 1 }], 'backslash'],
    [[{ path: 'a\u0000b', kind: 'file', size: 1 }], 'control'],
    [[{ path: 'x'.repeat(256), kind: 'file', size: 1 }], 'longer than 255'],
    [[{ path: 'a', kind: 'file' }], 'no size'],
    [[{ path: 'a', kind: 'file', size: 1 }, { path: 'a', kind: 'file', size: 1 }], 'twice'],
    [[{ path: 'a', kind: 'file', size: 1 }, { path: 'a/b', kind: 'file', size: 1 }], 'under a file'],
    [[{ path: 'a/b', kind: 'file', size: 1 }, { path: 'a', kind: 'file', size: 1 }], 'both a file and a folder'],
    [[], 'nothing'],
    [[{ path: 'a', kind: 'link' }], 'not a file or folder'],
  ])('refuses %j (%s)', (entries, message) => {
    const plan = planDrop(entries);
    expect(plan.ok).toBe(false);
    expect(plan.ok ? '' : plan.message).toContain(message);
  });
});

describe('renderer messages at the Node end', () => {
  it('accepts the contract events', () => {
    for (const message of [
      { t: 'hello' },
      { t: 'event', event: { type: 'ui.key', key: 'p', ctrl: true } },
      { t: 'event', event: { type: 'ui.click', target: { kind: 'row', section: 'gates', index: 2, activate: false } } },
      { t: 'event', event: { type: 'ui.input', target: { kind: 'form', section: 'walk', field: 'root' }, value: 'ab' } },
      { t: 'event', event: { type: 'ui.focus', target: null } },
      { t: 'event', event: { type: 'ui.scheme', scheme: 'light' } },
      { t: 'drop.begin', id: 'd-1', entries: [{ path: 'a.txt', kind: 'file', size: 3 }] },
      { t: 'drop.abort', id: 'd-1', path: 'a.txt', reason: 'NotReadableError' },
    ]) {
      expect(parseClientMessage(message)).toEqual({ ok: true, message });
    }
  });

  it('refuses malformed ones with the reason', () => {
    expect(parseClientMessage({ t: 'event', event: { type: 'ui.click', target: { kind: 'tab', screen: 'nowhere' } } }).ok).toBe(false);
    expect(parseClientMessage({ t: 'event', event: { type: 'ui.key', key: '' } }).ok).toBe(false);
    expect(parseClientMessage({ t: 'event', event: { type: 'ui.input', target: { kind: 'palette' }, value: 'x'.repeat(5000) } }).ok).toBe(false);
    expect(parseClientMessage({ t: 'drop.end', id: '../x' }).ok).toBe(false);
    expect(parseClientMessage(null).ok).toBe(false);
    const refused = parseClientMessage({ t: 'event', event: { type: 'ui.nope' } });
    expect(refused.ok ? '' : refused.error).toMatch(/event/);
  });
});
