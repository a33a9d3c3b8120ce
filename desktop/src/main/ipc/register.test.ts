import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InvokeChannels } from '../../common/ipc-channels.js';
import { APP_PAGE } from '../test/fake-electron.js';

const fake = await vi.hoisted(async () => (await import('../test/fake-electron.js')).fake);
vi.mock('../electron-api.js', () => fake.module);

const { registerIpcHandlers } = await import('./register.js');
const { isAppSender } = await import('../security.js');
const { openPrefsStore } = await import('../store.js');

const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';

function setup() {
  const deps = {
    isTrustedSender: isAppSender(APP_PAGE),
    tray: { setCount: vi.fn(), setCounts: vi.fn() },
    notifier: { show: vi.fn() },
    prefs: openPrefsStore(),
    openExternal: vi.fn(async () => {}),
    version: '1.2.3',
    server: {
      get: vi.fn(() => null),
      check: vi.fn(async (url: string) => ({ ok: true as const, url, version: '2.0.0' })),
      set: vi.fn(async () => {}),
    },
    onLinksReady: vi.fn(),
    onPrefChanged: vi.fn(),
  };
  registerIpcHandlers(deps);
  return deps;
}

describe('registerIpcHandlers', () => {
  beforeEach(() => fake.reset());

  it('registers exactly the channels of the catalogue', () => {
    setup();
    expect([...fake.record.handlers.keys()].sort()).toEqual(Object.values(InvokeChannels).sort());
  });

  it('round-trips preferences and the to-do list through the store', async () => {
    setup();
    const todos = [{ id: 't1', text: 'Ligar para o cliente', updatedAt: '2025-01-02T10:00:00.000Z' }];
    expect(await fake.invoke('prefs:set', ['todos', todos])).toEqual({ ok: true, value: undefined });
    expect(await fake.invoke('prefs:set', ['volume', 0.4])).toEqual({ ok: true, value: undefined });
    expect(await fake.invoke('prefs:get', ['todos'])).toEqual({ ok: true, value: todos });
    expect(await fake.invoke('prefs:get', ['volume'])).toEqual({ ok: true, value: 0.4 });
    // A new store instance (the next app start) reads the same file.
    expect(openPrefsStore().get('todos')).toEqual(todos);
  });

  it('answers defaults for unset preferences', async () => {
    setup();
    expect(await fake.invoke('prefs:get', ['signOption'])).toEqual({ ok: true, value: true });
    expect(await fake.invoke('prefs:get', ['preferredTheme'])).toEqual({ ok: true, value: 'system' });
  });

  it.each([
    ['an unknown key', ['token', 'abc']],
    ['a value of the wrong type', ['volume', 'loud']],
    ['a value out of range', ['volume', 2]],
    ['a malformed to-do', ['todos', [{ id: 't1', text: '' }]]],
  ])('refuses prefs:set with %s and stores nothing', async (_case, args) => {
    setup();
    const result = await fake.invoke('prefs:set', args);
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('prefs:set: invalid arguments') });
    expect(await fake.invoke('prefs:get', ['volume'])).toEqual({ ok: true, value: 1 });
    expect(await fake.invoke('prefs:get', ['todos'])).toEqual({ ok: true, value: [] });
  });

  it('passes the count to the tray', async () => {
    const deps = setup();
    await fake.invoke('tray:setCount', [4]);
    expect(deps.tray.setCount).toHaveBeenCalledWith(4);
  });

  it('shows notifications only for a valid ticket uuid', async () => {
    const deps = setup();
    const notification = { title: 'Novo atendimento', body: 'Maria: oi', ticketUuid: UUID };
    expect(await fake.invoke('notifications:show', [notification])).toEqual({ ok: true, value: undefined });
    expect(deps.notifier.show).toHaveBeenCalledWith(notification);
    const bad = await fake.invoke('notifications:show', [{ ...notification, ticketUuid: '../../etc' }]);
    expect(bad).toMatchObject({ ok: false });
    const both = await fake.invoke('notifications:show', [{ ...notification, chatUuid: UUID }]);
    expect(both).toMatchObject({ ok: false, error: expect.stringContaining('exactly one') });
    const neither = await fake.invoke('notifications:show', [{ title: 'x', body: '' }]);
    expect(neither).toMatchObject({ ok: false });
    expect(await fake.invoke('notifications:show', [{ title: 'Ana', body: 'oi', chatUuid: UUID }])).toMatchObject({ ok: true });
    expect(deps.notifier.show).toHaveBeenCalledTimes(2);
  });

  it('opens only http(s) and mailto URLs externally', async () => {
    const deps = setup();
    expect(await fake.invoke('app:openExternal', ['https://wa.me/5511999999999'])).toMatchObject({ ok: true });
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'not a url']) {
      expect(await fake.invoke('app:openExternal', [url])).toMatchObject({ ok: false });
    }
    expect(deps.openExternal.mock.calls).toEqual([['https://wa.me/5511999999999']]);
  });

  it('answers the version', async () => {
    setup();
    expect(await fake.invoke('app:getVersion', [])).toEqual({ ok: true, value: '1.2.3' });
  });

  it('passes pending and unread apart to the tray, refusing bad numbers', async () => {
    const deps = setup();
    expect(await fake.invoke('tray:setCounts', [{ pending: 2, unread: 5 }])).toEqual({ ok: true, value: undefined });
    expect(await fake.invoke('tray:setCounts', [{ pending: -1, unread: 5 }])).toMatchObject({ ok: false });
    expect(await fake.invoke('tray:setCounts', [{ pending: 1 }])).toMatchObject({ ok: false });
    expect(deps.tray.setCounts.mock.calls).toEqual([[{ pending: 2, unread: 5 }]]);
  });

  it('tells main about a stored preference after storing it', async () => {
    const deps = setup();
    await fake.invoke('prefs:set', ['openAtLogin', true]);
    expect(deps.onPrefChanged).toHaveBeenCalledWith(['openAtLogin', true]);
    expect(deps.prefs.get('openAtLogin')).toBe(true);
    await fake.invoke('prefs:set', ['openAtLogin', 'yes']);
    expect(deps.onPrefChanged).toHaveBeenCalledTimes(1);
  });

  it('checks and sets the server with canonical addresses only', async () => {
    const deps = setup();
    expect(await fake.invoke('server:get', [])).toEqual({ ok: true, value: null });
    expect(await fake.invoke('server:check', ['balcao.example.com'])).toEqual({
      ok: true,
      value: { ok: true, url: 'https://balcao.example.com', version: '2.0.0' },
    });
    expect(await fake.invoke('server:set', ['HTTP://Balcao.Example.com:8080/'])).toEqual({ ok: true, value: undefined });
    expect(deps.server.set).toHaveBeenCalledWith('http://balcao.example.com:8080');
    for (const bad of ['file:///etc/passwd', 'https://a.example/path', 'https://user:pw@a.example', 'javascript:alert(1)', '']) {
      expect(await fake.invoke('server:set', [bad])).toMatchObject({ ok: false });
    }
    expect(deps.server.set).toHaveBeenCalledTimes(1);
  });

  it('hears the renderer say it listens for links', async () => {
    const deps = setup();
    await fake.invoke('app:linksReady', []);
    expect(deps.onLinksReady).toHaveBeenCalledTimes(1);
  });
});
