import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InvokeChannels } from '../../common/ipc-channels.js';
import { APP_ORIGIN } from '../test/fake-electron.js';

const fake = await vi.hoisted(async () => (await import('../test/fake-electron.js')).fake);
vi.mock('../electron-api.js', () => fake.module);

const { registerIpcHandlers } = await import('./register.js');
const { isAppSender } = await import('../security.js');
const { openPrefsStore } = await import('../store.js');

const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';

function setup() {
  const deps = {
    isTrustedSender: isAppSender(APP_ORIGIN),
    tray: { setCount: vi.fn() },
    notifier: { show: vi.fn() },
    prefs: openPrefsStore(),
    openExternal: vi.fn(async () => {}),
    version: '1.2.3',
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
    expect(deps.notifier.show).toHaveBeenCalledTimes(1);
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
});
