import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_PAGE, APP_URL, SERVER_URL } from './test/fake-electron.js';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const { createMainWindow, revealWindow, zoomCommand } = await import('./window.js');
const { createCookieJar } = await import('./cookie-jar.js');
const { createPrefsStore, memoryStorage } = await import('./store.js');
const { createWindowStateStore } = await import('./window-state.js');

function open({ isQuitting = (): boolean => false, platform = 'linux' as NodeJS.Platform, startHidden = false, storage = memoryStorage(), prefs = createPrefsStore(memoryStorage()) } = {}) {
  createMainWindow({
    page: APP_PAGE,
    preloadPath: '/app/dist-electron/cjs/preload/index.js',
    session: { page: APP_PAGE, getServer: () => SERVER_URL, cookies: createCookieJar() },
    prefs,
    windowState: createWindowStateStore(storage),
    workAreas: () => fake.record.displays.map((display) => display.workArea),
    platform,
    isQuitting,
    startHidden,
  });
  return { window: fake.onlyWindow(), storage, prefs };
}

describe('createMainWindow', () => {
  beforeEach(() => fake.reset());
  afterEach(() => vi.restoreAllMocks());

  it('isolates the renderer: context isolation, sandbox, no Node, web security, spell-checker, our preload', () => {
    expect(open().window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      spellcheck: true,
      preload: '/app/dist-electron/cjs/preload/index.js',
    });
  });

  it("loads the renderer from the app's own files after hardening the session", () => {
    const { window } = open();
    expect(window.loadedFile).toEqual({ path: `${fake.app.getAppPath()}/dist-app/index.html`, hash: '/' });
    expect(window.loadedUrl).toBeUndefined();
    expect(fake.session.headersListener).toBeTypeOf('function');
    expect(fake.session.beforeSendHeadersListener).toBeTypeOf('function');
    expect(fake.session.permissionRequestHandler).toBeTypeOf('function');
  });

  it('shows the window once it is ready to paint, unless started with the computer', () => {
    const { window } = open();
    expect(window.visible).toBe(false);
    window.emit('ready-to-show');
    expect(window.visible).toBe(true);
    fake.reset();
    const hidden = open({ startHidden: true }).window;
    hidden.emit('ready-to-show');
    expect(hidden.visible).toBe(false);
  });

  it('denies new windows and hands their URL to the system browser', () => {
    const { window } = open();
    expect(window.webContents.windowOpenHandler?.({ url: 'https://example.com/doc.pdf' })).toEqual({ action: 'deny' });
    expect(window.webContents.windowOpenHandler?.({ url: `${SERVER_URL}/public/file.pdf` })).toEqual({ action: 'deny' });
    expect(window.webContents.windowOpenHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(fake.record.openedExternally).toEqual(['https://example.com/doc.pdf', `${SERVER_URL}/public/file.pdf`]);
    expect(fake.record.windows).toHaveLength(1);
  });

  it("keeps navigation on the app's files and sends the web (the server included) to the system browser", () => {
    const { webContents } = open().window;
    expect(webContents.navigate(`${APP_URL}#/tickets/abc`)).toBe(false);
    expect(webContents.navigate('https://phishing.example/login')).toBe(true);
    expect(webContents.navigate(`${SERVER_URL}/`)).toBe(true);
    expect(webContents.navigate('https://phishing.example/', 'will-redirect')).toBe(true);
    expect(webContents.navigate('file:///etc/passwd')).toBe(true);
    expect(fake.record.openedExternally).toEqual(['https://phishing.example/login', `${SERVER_URL}/`, 'https://phishing.example/']);
  });

  it('hides to the tray on close by default, and really closes when quitting', () => {
    let quitting = false;
    const { window } = open({ isQuitting: () => quitting });
    window.show();
    window.close();
    expect(window).toMatchObject({ destroyed: false, visible: false });
    quitting = true;
    window.close();
    expect(window.destroyed).toBe(true);
  });

  it('closes for real when the user turned "close to tray" off (but not on macOS)', () => {
    const prefs = createPrefsStore(memoryStorage({ closeToTray: false }));
    const { window } = open({ prefs });
    window.close();
    expect(window.destroyed).toBe(true);
    fake.reset();
    const mac = open({ prefs, platform: 'darwin' }).window;
    mac.close();
    expect(mac.destroyed).toBe(false);
  });

  it('minimises to the tray only when the user asked for it', () => {
    const plain = open().window;
    plain.show();
    plain.minimize();
    expect(plain.visible).toBe(true);
    fake.reset();
    const toTray = open({ prefs: createPrefsStore(memoryStorage({ minimizeToTray: true })) }).window;
    toTray.show();
    toTray.minimize();
    expect(toTray.visible).toBe(false);
  });

  it('restores size, position and maximised state, and keeps them on a screen', () => {
    const storage = memoryStorage();
    const first = open({ storage }).window;
    first.moveTo({ x: 300, y: 200, width: 1000, height: 700 });
    first.maximize();
    first.close();
    fake.reset();
    const second = open({ storage }).window;
    expect(second.options).toMatchObject({ x: 300, y: 200, width: 1000, height: 700 });
    second.emit('ready-to-show');
    expect(second.maximized).toBe(true);

    // The monitor it was on is gone: same size, placed by the OS.
    second.moveTo({ x: 2500, y: 200 });
    fake.reset();
    const third = open({ storage }).window;
    expect(third.options).toMatchObject({ width: 1000, height: 700 });
    expect(third.options.x).toBeUndefined();
  });

  it('zooms with Ctrl +, - and 0, within limits, and remembers the level', () => {
    const storage = memoryStorage();
    const { webContents } = open({ storage }).window;
    expect(webContents.press({ key: '=', control: true })).toBe(true);
    expect(webContents.press({ key: '+', control: true })).toBe(true);
    expect(webContents.zoomLevel).toBe(1);
    expect(webContents.press({ key: '-', control: true })).toBe(true);
    expect(webContents.zoomLevel).toBe(0.5);
    expect(webContents.press({ key: '-' })).toBe(false);
    for (let i = 0; i < 20; i += 1) webContents.press({ key: '-', control: true });
    expect(webContents.zoomLevel).toBe(-3);
    fake.reset();
    const again = open({ storage }).window.webContents;
    again.emit('did-finish-load');
    expect(again.zoomLevel).toBe(-3);
    again.press({ key: '0', control: true });
    expect(again.zoomLevel).toBe(0);
  });

  it('uses Cmd for zoom on macOS', () => {
    expect(zoomCommand({ type: 'keyDown', key: '=', meta: true, control: false, alt: false }, 'darwin')).toBe('in');
    expect(zoomCommand({ type: 'keyDown', key: '=', meta: false, control: true, alt: false }, 'darwin')).toBeUndefined();
    expect(zoomCommand({ type: 'keyUp', key: '=', meta: false, control: true, alt: false }, 'win32')).toBeUndefined();
  });

  it('stops flashing once the user looks at the window', () => {
    const { window } = open();
    window.flashFrame(true);
    window.focus();
    expect(window.flashing).toBe(false);
  });

  it('reveals a hidden, minimised window', () => {
    const { window } = open();
    window.minimize();
    revealWindow(window as never);
    expect(window).toMatchObject({ minimized: false, visible: true, focused: true });
  });

  it('offers spelling suggestions and editing on a right click in a text field', () => {
    const { webContents } = open().window;
    const editFlags = { canCut: true, canCopy: true, canPaste: true };
    webContents.emit('context-menu', {}, { isEditable: true, misspelledWord: 'atendimeto', dictionarySuggestions: ['atendimento', 'atendimentos'], selectionText: '', editFlags });
    const menu = fake.record.popups.at(-1) ?? [];
    expect(menu.map((item) => item.label ?? item.type)).toEqual([
      'atendimento',
      'atendimentos',
      'Adicionar ao dicionário',
      'separator',
      'Recortar',
      'Copiar',
      'Colar',
      'separator',
      'Selecionar tudo',
    ]);
    menu[0]?.click?.(menu[0]);
    menu[2]?.click?.(menu[2]);
    expect(webContents.replacements).toEqual(['atendimento']);
    expect(webContents.session.dictionaryWords).toEqual(['atendimeto']);
  });

  it('offers Copy for selected text outside fields, and nothing on a blank spot', () => {
    const { webContents } = open().window;
    const editFlags = { canCut: false, canCopy: true, canPaste: false };
    webContents.emit('context-menu', {}, { isEditable: false, misspelledWord: '', dictionarySuggestions: [], selectionText: 'Maria', editFlags });
    expect(fake.record.popups.at(-1)?.map((item) => item.role)).toEqual(['copy']);
    webContents.emit('context-menu', {}, { isEditable: false, misspelledWord: '', dictionarySuggestions: [], selectionText: ' ', editFlags });
    expect(fake.record.popups).toHaveLength(1);
  });
});
