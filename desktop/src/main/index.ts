import { fileURLToPath } from 'node:url';
import { app, shell, type BrowserWindow } from './electron-api.js';
import { registerIpcHandlers } from './ipc/register.js';
import { labelsFor } from './labels.js';
import { createNotifier } from './notifications.js';
import { isAppSender } from './security.js';
import { openPrefsStore } from './store.js';
import { createTray } from './tray.js';
import { createMainWindow, revealWindow } from './window.js';

const DEFAULT_APP_URL = 'http://localhost:8080';
// Emitted by tsconfig.preload.json (CommonJS, as sandboxed preloads require).
const PRELOAD_PATH = fileURLToPath(new URL('../cjs/preload/index.js', import.meta.url));

function appUrlFrom(value: string | undefined): string {
  const url = new URL(value || DEFAULT_APP_URL);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`BALCAO_URL must be an http(s) URL, got ${url.protocol}`);
  }
  return url.href;
}

interface AppState {
  window?: BrowserWindow;
  quitting: boolean;
}

function showWindow(state: AppState): void {
  if (state.window) revealWindow(state.window);
}

function startShell(state: AppState, appUrl: string): void {
  const tray = createTray({
    labels: labelsFor(app.getLocale()),
    onShow: () => showWindow(state),
    onQuit: () => app.quit(),
  });
  // Handlers must exist before the page loads, or its first calls find nobody listening.
  registerIpcHandlers({
    isTrustedSender: isAppSender(new URL(appUrl).origin),
    tray,
    notifier: createNotifier(() => state.window),
    prefs: openPrefsStore(),
    openExternal: (url) => shell.openExternal(url),
    version: app.getVersion(),
  });
  state.window = createMainWindow({ appUrl, preloadPath: PRELOAD_PATH, isQuitting: () => state.quitting });
}

function main(): void {
  // A second copy would add a second tray icon and double every notification.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  const appUrl = appUrlFrom(process.env.BALCAO_URL);
  const state: AppState = { quitting: false };
  app.on('second-instance', () => showWindow(state));
  // macOS: a click on the dock icon while the window is hidden.
  app.on('activate', () => showWindow(state));
  app.on('before-quit', () => {
    state.quitting = true;
  });
  void app.whenReady().then(() => startShell(state, appUrl));
}

main();
