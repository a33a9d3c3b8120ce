import { BrowserWindow, type Event } from './electron-api.js';
import { hardenSession, isSameOrigin, openExternalSafely, secureWebPreferences } from './security.js';

export interface MainWindowOptions {
  appUrl: string;
  preloadPath: string;
  /** While false, closing the window hides it to the tray so notifications keep arriving. */
  isQuitting: () => boolean;
}

export function createMainWindow({ appUrl, preloadPath, isQuitting }: MainWindowOptions): BrowserWindow {
  const appOrigin = new URL(appUrl).origin;
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 360,
    minHeight: 480,
    show: false,
    title: 'Balcão',
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(preloadPath),
  });
  const contents = window.webContents;
  hardenSession(contents.session, appOrigin);

  contents.setWindowOpenHandler(({ url }) => {
    openExternalSafely(url);
    return { action: 'deny' };
  });
  const keepOnAppOrigin = (event: Event, url: string): void => {
    if (isSameOrigin(url, appOrigin)) return;
    event.preventDefault();
    openExternalSafely(url);
  };
  contents.on('will-navigate', keepOnAppOrigin);
  contents.on('will-redirect', keepOnAppOrigin);

  window.once('ready-to-show', () => window.show());
  window.on('close', (event) => {
    if (isQuitting()) return;
    event.preventDefault();
    window.hide();
  });

  window.loadURL(appUrl).catch((error: unknown) => {
    // The server may simply not be up yet; show the window so the user sees the error page.
    console.error(`[window] could not load ${appUrl}`, error);
    window.show();
  });
  return window;
}

/** Bring the window to the front from the tray, a notification or a second launch. */
export function revealWindow(window: BrowserWindow): void {
  if (window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
