import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PushChannels } from '../common/ipc-channels.js';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';

/** Loads the entry module as Electron would, then lets app.whenReady() resolve. */
async function launch({ primary = true, url }: { primary?: boolean; url?: string } = {}) {
  fake.app.hasSingleInstanceLock = primary;
  vi.stubEnv('BALCAO_URL', url);
  await import('./index.js');
  await fake.ready();
}

describe('main process lifecycle', () => {
  beforeEach(() => {
    fake.reset();
    vi.resetModules();
    vi.unstubAllEnvs();
  });

  it('as the first instance, creates the window, the tray and the IPC handlers when ready', async () => {
    await launch();
    const window = fake.onlyWindow();
    expect(window.loadedUrl).toBe('http://localhost:8080/');
    expect(window.options.webPreferences?.preload).toMatch(/\/cjs\/preload\/index\.js$/);
    expect(fake.record.trays).toHaveLength(1);
    expect(fake.record.handlers.size).toBeGreaterThan(0);
    expect(fake.app.quitCount).toBe(0);
  });

  it('loads BALCAO_URL when set', async () => {
    await launch({ url: 'https://balcao.example.com/app' });
    expect(fake.onlyWindow().loadedUrl).toBe('https://balcao.example.com/app');
  });

  it('refuses a BALCAO_URL that is not http(s)', async () => {
    vi.stubEnv('BALCAO_URL', 'file:///etc/passwd');
    await expect(import('./index.js')).rejects.toThrow(/BALCAO_URL must be an http\(s\) URL/);
  });

  it('as a second instance, quits without opening anything', async () => {
    await launch({ primary: false });
    expect(fake.app.quitCount).toBe(1);
    expect(fake.record.windows).toEqual([]);
    expect(fake.record.trays).toEqual([]);
    expect(fake.record.handlers.size).toBe(0);
  });

  it('brings the existing window forward when a second instance starts', async () => {
    await launch();
    const window = fake.onlyWindow();
    window.minimize();
    window.hide();
    fake.app.emit('second-instance');
    expect(window).toMatchObject({ minimized: false, visible: true, focused: true });
  });

  it('quits from the tray for real instead of hiding to it', async () => {
    await launch();
    const window = fake.onlyWindow();
    window.close();
    expect(window.destroyed).toBe(false);
    fake.onlyTray().clickMenuItem('Sair');
    expect(fake.app.quitCount).toBe(1);
    window.close();
    expect(window.destroyed).toBe(true);
  });

  it('wires IPC end to end: a notification click focuses the window and pushes the ticket uuid', async () => {
    await launch();
    const window = fake.onlyWindow();
    const shown = await fake.invoke('notifications:show', [{ title: 'Novo', body: 'oi', ticketUuid: UUID }]);
    expect(shown).toEqual({ ok: true, value: undefined });
    fake.record.notifications[0]?.emit('click');
    expect(window.focused).toBe(true);
    expect(window.webContents.sent).toEqual([{ channel: PushChannels.appFocusTicket, args: [UUID] }]);
  });

  it('wires IPC end to end: the tray count reaches tooltip and badge', async () => {
    await launch();
    expect(await fake.invoke('tray:setCount', [3])).toEqual({ ok: true, value: undefined });
    expect(fake.onlyTray().tooltip).toBe('Balcão — 3 aguardando');
    expect(fake.app.badgeCount).toBe(3);
  });

  it('answers IPC only for the app origin', async () => {
    await launch({ url: 'https://balcao.example.com/' });
    expect(await fake.invoke('app:getVersion', [], 'https://balcao.example.com/tickets')).toEqual({
      ok: true,
      value: '1.2.3',
    });
    expect(await fake.invoke('app:getVersion', [], 'http://localhost:8080/')).toMatchObject({ ok: false });
  });
});
