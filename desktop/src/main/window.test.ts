import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_URL } from './test/fake-electron.js';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const { createMainWindow, revealWindow } = await import('./window.js');

function open(isQuitting = () => false) {
  createMainWindow({ appUrl: APP_URL, preloadPath: '/app/dist-electron/cjs/preload/index.js', isQuitting });
  return fake.onlyWindow();
}

describe('createMainWindow', () => {
  beforeEach(() => fake.reset());
  afterEach(() => vi.restoreAllMocks());

  it('isolates the renderer: context isolation, sandbox, no Node, web security, our preload', () => {
    expect(open().options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      preload: '/app/dist-electron/cjs/preload/index.js',
    });
  });

  it('loads the app URL after installing the CSP and permission handlers', () => {
    const window = open();
    expect(window.loadedUrl).toBe(APP_URL);
    expect(fake.session.headersListener).toBeTypeOf('function');
    expect(fake.session.permissionRequestHandler).toBeTypeOf('function');
  });

  it('shows the window once it is ready to paint', () => {
    const window = open();
    expect(window.visible).toBe(false);
    window.emit('ready-to-show');
    expect(window.visible).toBe(true);
  });

  it('shows the window anyway when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fake.record.loadUrlError = new Error('ERR_CONNECTION_REFUSED');
    const window = open();
    await window.loading?.catch(() => {});
    expect(window.visible).toBe(true);
  });

  it('denies new windows and hands their URL to the system browser', () => {
    const window = open();
    expect(window.webContents.windowOpenHandler?.({ url: 'https://example.com/doc.pdf' })).toEqual({ action: 'deny' });
    expect(window.webContents.windowOpenHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(fake.record.openedExternally).toEqual(['https://example.com/doc.pdf']);
    expect(fake.record.windows).toHaveLength(1);
  });

  it('keeps navigation on the app origin and sends other origins to the system browser', () => {
    const { webContents } = open();
    expect(webContents.navigate('http://localhost:8080/tickets/abc')).toBe(false);
    expect(webContents.navigate('https://phishing.example/login')).toBe(true);
    expect(webContents.navigate('http://localhost:9999/')).toBe(true);
    expect(webContents.navigate('https://phishing.example/', 'will-redirect')).toBe(true);
    expect(webContents.navigate('file:///etc/passwd')).toBe(true);
    expect(fake.record.openedExternally).toEqual([
      'https://phishing.example/login',
      'http://localhost:9999/',
      'https://phishing.example/',
    ]);
  });

  it('hides to the tray on close, and really closes when quitting', () => {
    let quitting = false;
    const window = open(() => quitting);
    window.show();
    window.close();
    expect(window.destroyed).toBe(false);
    expect(window.visible).toBe(false);
    quitting = true;
    window.close();
    expect(window.destroyed).toBe(true);
  });

  it('reveals a hidden, minimized window', () => {
    const window = open();
    window.minimize();
    revealWindow(window as never);
    expect(window).toMatchObject({ minimized: false, visible: true, focused: true });
  });
});
