import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushChannels } from '../common/ipc-channels.js';
import { APP_PATH, SERVER_URL } from './test/fake-electron.js';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const TICKET = '3b241101-e2bb-4255-8caf-4136c566a962';
const CHAT = '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
const realArgv = process.argv;

/** A Balcão server's `GET /version`, as main's fetch sees it. */
function serverAnswers(version: string | null) {
  const fetch = vi.fn(async () =>
    version === null ? Promise.reject(new TypeError('fetch failed')) : { ok: true, text: async () => JSON.stringify({ version }) },
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Loads the entry module as Electron would, then lets app.whenReady() resolve. */
async function launch({ primary = true, argv = ['/opt/Balcao/balcao'], server }: { primary?: boolean; argv?: string[]; server?: string } = {}) {
  fake.app.hasSingleInstanceLock = primary;
  process.argv = argv;
  if (server) vi.stubEnv('BALCAO_URL', server);
  await import('./index.js');
  await fake.ready();
}

describe('main process lifecycle', () => {
  beforeEach(() => {
    fake.reset();
    vi.resetModules();
    vi.unstubAllEnvs();
    vi.stubEnv('BALCAO_URL', undefined);
    vi.stubEnv('BALCAO_RENDERER_URL', undefined);
    vi.stubEnv('BALCAO_UPDATE_URL', undefined);
    vi.stubEnv('XDG_CONFIG_HOME', mkdtempSync(join(tmpdir(), 'balcao-config-')));
  });
  afterEach(() => {
    process.argv = realArgv;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("as the first instance, opens the renderer from the app's files, with the tray and the IPC handlers", async () => {
    await launch();
    const window = fake.onlyWindow();
    expect(window.loadedFile).toEqual({ path: `${APP_PATH}/dist-app/index.html`, hash: '/' });
    expect(window.options.webPreferences?.preload).toMatch(/\/cjs\/preload\/index\.js$/);
    expect(fake.record.trays).toHaveLength(1);
    expect(fake.record.handlers.size).toBeGreaterThan(0);
    expect(fake.record.protocolClients).toEqual([['balcao']]);
    expect(fake.app.quitCount).toBe(0);
  });

  it('has no server on the first run (the Servidor screen), BALCAO_URL as a default', async () => {
    await launch();
    expect(await fake.invoke('server:get', [])).toEqual({ ok: true, value: null });
    fake.reset();
    vi.resetModules();
    await launch({ server: 'http://localhost:8080' });
    expect(await fake.invoke('server:get', [])).toEqual({ ok: true, value: 'http://localhost:8080' });
  });

  it('keeps the chosen server across starts and reloads the app on it', async () => {
    const fetch = serverAnswers('2.1.0');
    await launch();
    const window = fake.onlyWindow();
    expect(await fake.invoke('server:check', ['balcao.example.com'])).toEqual({
      ok: true,
      value: { ok: true, url: SERVER_URL, version: '2.1.0' },
    });
    expect(fetch).toHaveBeenCalledWith(`${SERVER_URL}/version`, expect.objectContaining({ redirect: 'error' }));
    expect(await fake.invoke('server:set', [SERVER_URL])).toEqual({ ok: true, value: undefined });
    expect(window.loadCount).toBe(2);
    // The page's policy now names that server.
    const callback = vi.fn();
    fake.session.headersListener?.({ url: `file://${APP_PATH}/dist-app/index.html`, resourceType: 'mainFrame', responseHeaders: {} } as never, callback as never);
    expect(callback.mock.calls[0]?.[0].responseHeaders['Content-Security-Policy'][0]).toContain(`connect-src 'self' ${SERVER_URL} wss://balcao.example.com`);

    fake.reset();
    vi.resetModules();
    fake.record.storeFiles.set('server', new Map([['serverUrl', JSON.stringify(SERVER_URL)]]));
    await launch();
    expect(await fake.invoke('server:get', [])).toEqual({ ok: true, value: SERVER_URL });
  });

  it('refuses to keep a server that does not answer as Balcão', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serverAnswers(null);
    await launch();
    expect(await fake.invoke('server:set', [SERVER_URL])).toMatchObject({ ok: false, error: expect.stringContaining('unreachable') });
    expect(await fake.invoke('server:get', [])).toEqual({ ok: true, value: null });
    expect(fake.onlyWindow().loadCount).toBe(1);
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
    fake.app.emit('second-instance', {}, ['/opt/Balcao/balcao']);
    expect(window).toMatchObject({ minimized: false, visible: true, focused: true });
  });

  it("a second instance's deep link opens that chat in the first one", async () => {
    await launch();
    const window = fake.onlyWindow();
    await fake.invoke('app:linksReady', []);
    window.hide();
    fake.app.emit('second-instance', {}, ['/opt/Balcao/balcao', `balcao://chats/${CHAT}`]);
    expect(window.visible).toBe(true);
    expect(window.webContents.sent).toEqual([{ channel: PushChannels.appFocusChat, args: [CHAT] }]);
  });

  it('a deep link that started the app waits for the page to listen', async () => {
    await launch({ argv: ['/opt/Balcao/balcao', `balcao://tickets/${TICKET}`] });
    const window = fake.onlyWindow();
    expect(window.webContents.sent).toEqual([]);
    await fake.invoke('app:linksReady', []);
    expect(window.webContents.sent).toEqual([{ channel: PushChannels.appFocusTicket, args: [TICKET] }]);
  });

  it('macOS open-url: a valid link opens its ticket, anything else only shows the app', async () => {
    await launch();
    const window = fake.onlyWindow();
    await fake.invoke('app:linksReady', []);
    const event = { preventDefault: vi.fn() };
    fake.app.emit('open-url', event, `balcao://tickets/${TICKET}`);
    fake.app.emit('open-url', event, 'balcao://tickets/../../etc/passwd');
    expect(event.preventDefault).toHaveBeenCalledTimes(2);
    expect(window.webContents.sent).toEqual([{ channel: PushChannels.appFocusTicket, args: [TICKET] }]);
  });

  it('holds links again while the page reloads', async () => {
    await launch();
    const window = fake.onlyWindow();
    await fake.invoke('app:linksReady', []);
    window.webContents.emit('did-start-loading');
    fake.app.emit('second-instance', {}, ['balcao', `balcao://tickets/${TICKET}`]);
    expect(window.webContents.sent).toEqual([]);
    await fake.invoke('app:linksReady', []);
    expect(window.webContents.sent).toHaveLength(1);
  });

  it("the tray's waiting tickets open the tickets page on its waiting tab", async () => {
    await launch();
    const window = fake.onlyWindow();
    await fake.invoke('app:linksReady', []);
    fake.onlyTray().clickMenuItem('Tickets aguardando');
    expect(window.webContents.sent).toEqual([{ channel: PushChannels.appNavigate, args: ['/tickets?tab=pending'] }]);
    expect(window.visible).toBe(true);
  });

  it('start with the computer: the preference from the renderer or the tray reaches the OS', async () => {
    await launch();
    const autostart = join(process.env.XDG_CONFIG_HOME ?? '', 'autostart', 'balcao.desktop');
    await fake.invoke('prefs:set', ['openAtLogin', true]);
    expect(readFileSync(autostart, 'utf8')).toContain('--hidden');
    expect(fake.onlyTray().menuItem('Iniciar com o computador').checked).toBe(true);
    fake.onlyTray().clickMenuItem('Iniciar com o computador');
    expect(await fake.invoke('prefs:get', ['openAtLogin'])).toEqual({ ok: true, value: false });
    expect(() => readFileSync(autostart)).toThrow();
  });

  it('started with the computer, stays in the tray', async () => {
    await launch({ argv: ['/opt/Balcao/balcao', '--hidden'] });
    const window = fake.onlyWindow();
    window.emit('ready-to-show');
    expect(window.visible).toBe(false);
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

  it('wires IPC end to end: a notification click focuses the window and opens the ticket', async () => {
    await launch();
    const window = fake.onlyWindow();
    await fake.invoke('app:linksReady', []);
    const shown = await fake.invoke('notifications:show', [{ title: 'Novo', body: 'oi', ticketUuid: TICKET }]);
    expect(shown).toEqual({ ok: true, value: undefined });
    fake.record.notifications[0]?.emit('click');
    expect(window.focused).toBe(true);
    expect(window.webContents.sent).toEqual([{ channel: PushChannels.appFocusTicket, args: [TICKET] }]);
  });

  it('wires IPC end to end: the counts reach tooltip and badge; do not disturb silences notifications', async () => {
    await launch();
    expect(await fake.invoke('tray:setCounts', [{ pending: 3, unread: 2 }])).toEqual({ ok: true, value: undefined });
    expect(fake.onlyTray().tooltip).toBe('Balcão — 3 aguardando, 2 mensagens não lidas');
    expect(fake.app.badgeCount).toBe(5);
    await fake.invoke('prefs:set', ['doNotDisturb', true]);
    expect(fake.onlyTray().menuItem('Não perturbe').checked).toBe(true);
    await fake.invoke('notifications:show', [{ title: 'Novo', body: 'oi', ticketUuid: TICKET }]);
    expect(fake.record.notifications).toEqual([]);
  });

  it('notifications (issue 16 §3): a chat click reveals the hidden window on that chat; an announcement only reveals it', async () => {
    await launch();
    const window = fake.onlyWindow();
    await fake.invoke('app:linksReady', []);
    window.hide();
    expect(await fake.invoke('notifications:show', [{ title: 'Ana', body: 'reunião', chatUuid: CHAT }])).toEqual({ ok: true, value: undefined });
    expect(await fake.invoke('notifications:show', [{ title: 'Aviso', body: 'manutenção hoje', announcementId: 7 }])).toEqual({ ok: true, value: undefined });
    expect(fake.record.notifications.map((n) => n.shown)).toEqual([true, true]);
    fake.record.notifications[0]?.emit('click');
    expect([window.visible, window.focused]).toEqual([true, true]);
    expect(window.webContents.sent).toEqual([{ channel: PushChannels.appFocusChat, args: [CHAT] }]);
    window.hide();
    fake.record.notifications[1]?.emit('click');
    expect([window.visible, window.focused]).toEqual([true, true]);
    expect(window.webContents.sent).toHaveLength(1);
    // Neither or two targets: refused before anything is shown.
    expect(await fake.invoke('notifications:show', [{ title: 'x', body: '', announcementId: 7, ticketUuid: TICKET }])).toMatchObject({ ok: false });
    expect(await fake.invoke('notifications:show', [{ title: 'x', body: '' }])).toMatchObject({ ok: false });
    expect(fake.record.notifications).toHaveLength(2);
  });

  it("the tray's do not disturb silences notifications until it is switched off again", async () => {
    await launch();
    const tray = fake.onlyTray();
    tray.clickMenuItem('Não perturbe');
    expect(await fake.invoke('prefs:get', ['doNotDisturb'])).toEqual({ ok: true, value: true });
    await fake.invoke('notifications:show', [{ title: 'Novo', body: 'oi', ticketUuid: TICKET }]);
    expect(fake.record.notifications).toEqual([]);
    tray.clickMenuItem('Não perturbe');
    await fake.invoke('notifications:show', [{ title: 'Novo', body: 'oi', ticketUuid: TICKET }]);
    expect(fake.record.notifications.map((n) => n.shown)).toEqual([true]);
  });

  it("answers IPC only for the app's own page", async () => {
    await launch();
    expect(await fake.invoke('app:getVersion', [], `file://${APP_PATH}/dist-app/index.html#/tickets`)).toEqual({ ok: true, value: '1.2.3' });
    expect(await fake.invoke('app:getVersion', [], `${SERVER_URL}/`)).toMatchObject({ ok: false });
    expect(await fake.invoke('app:getVersion', [], 'file:///tmp/evil.html')).toMatchObject({ ok: false });
  });
});
