import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deepLinkInArgs, parseDeepLink } from '../common/deep-links.js';
import { loadAppPage, resolveAppPage, type AppPage } from './app-page.js';
import { app, ElectronStore, screen, shell, type BrowserWindow } from './electron-api.js';
import { registerIpcHandlers, type ServerControl } from './ipc/register.js';
import { labelsFor } from './labels.js';
import { createLinkRouter, registerProtocolClient, type LinkRouter } from './links.js';
import { applyOpenAtLogin, startedAtLogin, type LoginItemEnv } from './login-item.js';
import { createNotifier } from './notifications.js';
import { isAppSender } from './security.js';
import { checkServer, createServerChoice } from './server.js';
import { openCookieJar } from './session-store.js';
import { openPrefsStore } from './store.js';
import { startIdleWatch } from './idle.js';
import { createTray } from './tray.js';
import { startAutoUpdate, updateUrlFrom } from './updater.js';
import { createMainWindow, revealWindow } from './window.js';
import { createWindowStateStore } from './window-state.js';

// Emitted by tsconfig.preload.json (CommonJS, as sandboxed preloads require).
const PRELOAD_PATH = fileURLToPath(new URL('../cjs/preload/index.js', import.meta.url));
// Written at packaging time by scripts/electron-before-build.mjs (the update URL, if any).
const UPDATE_FILE = fileURLToPath(new URL('../update.json', import.meta.url));
/** The tray's "waiting tickets": the tickets page on its waiting tab. */
export const PENDING_TICKETS_PATH = '/tickets?tab=pending';

interface AppState {
  window?: BrowserWindow;
  quitting: boolean;
}

function showWindow(state: AppState): void {
  if (state.window) revealWindow(state.window);
}

function loginItemEnv(): LoginItemEnv {
  return {
    platform: process.platform,
    executable: process.env.APPIMAGE || process.execPath,
    configDir: process.env.XDG_CONFIG_HOME || join(homedir(), '.config'),
  };
}

function startShell(state: AppState, page: AppPage, links: LinkRouter): void {
  const platform = process.platform;
  const prefs = openPrefsStore();
  const server = createServerChoice(new ElectronStore({ name: 'server', clearInvalidConfig: true }), process.env.BALCAO_URL);
  const cookies = openCookieJar();
  const getWindow = () => state.window;

  const setOpenAtLogin = (enabled: boolean): void => {
    prefs.set('openAtLogin', enabled);
    applyOpenAtLogin(enabled, loginItemEnv());
  };
  const labels = labelsFor(app.getLocale());
  const tray = createTray({
    labels,
    platform,
    prefs,
    getWindow,
    onOpen: () => showWindow(state),
    onPendingTickets: () => links.navigate(PENDING_TICKETS_PATH),
    onOpenAtLogin: (enabled) => {
      setOpenAtLogin(enabled);
      tray.refreshMenu();
    },
    onQuit: () => app.quit(),
  });

  const serverControl: ServerControl = {
    get: () => server.get(),
    check: (url) => checkServer(url, fetch),
    async set(url) {
      const checked = await checkServer(url, fetch);
      if (!checked.ok) throw new Error(`${url} is not a Balcão server (${checked.reason})`);
      // Another server: the old one's refresh token means nothing there.
      if (server.get() !== checked.url) cookies.clear();
      server.set(checked.url);
      const window = getWindow();
      if (window && !window.isDestroyed()) await loadAppPage(window, page);
    },
  };

  // Handlers must exist before the page loads, or its first calls find nobody listening.
  registerIpcHandlers({
    isTrustedSender: isAppSender(page),
    tray,
    notifier: createNotifier({
      isSilenced: () => prefs.get('doNotDisturb'),
      onOpen: (target) => (target.kind === 'announcement' ? showWindow(state) : links.open(target)),
    }),
    prefs,
    openExternal: (url) => shell.openExternal(url),
    version: app.getVersion(),
    server: serverControl,
    onLinksReady: () => links.rendererReady(),
    onPrefChanged: ([key, value]) => {
      if (key === 'openAtLogin') applyOpenAtLogin(value, loginItemEnv());
      if (key === 'doNotDisturb' || key === 'openAtLogin') tray.refreshMenu();
    },
  });
  // The OS entry follows the preference (an AppImage may have moved since it was written).
  if (prefs.get('openAtLogin')) applyOpenAtLogin(true, loginItemEnv());

  state.window = createMainWindow({
    page,
    preloadPath: PRELOAD_PATH,
    session: { page, getServer: () => server.get(), cookies },
    prefs,
    windowState: createWindowStateStore(new ElectronStore({ name: 'window-state', clearInvalidConfig: true })),
    workAreas: () => screen.getAllDisplays().map((display) => display.workArea),
    platform,
    isQuitting: () => state.quitting,
    startHidden: startedAtLogin(process.argv, platform),
    labels,
  });
  state.window.webContents.on('did-start-loading', () => links.rendererGone());
  // The agent's presence follows the machine: idle, locked or asleep is away (issue 30 §1).
  startIdleWatch(getWindow);

  void startAutoUpdate({ url: updateUrlFrom(process.env, UPDATE_FILE), isPackaged: app.isPackaged });
}

function main(): void {
  // A second copy would add a second tray icon and double every notification.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  const page = resolveAppPage({
    appPath: app.getAppPath(),
    isPackaged: app.isPackaged,
    devUrl: process.env.BALCAO_RENDERER_URL,
  });
  const state: AppState = { quitting: false };
  const links = createLinkRouter(() => state.window, revealWindow);
  if (process.platform === 'win32') app.setAppUserModelId('app.balcao.desktop');
  registerProtocolClient(process);

  // Windows and Linux: a link that started the app is in its arguments; it waits for the page.
  const startLink = deepLinkInArgs(process.argv);
  if (startLink) links.open(startLink);
  // A later launch (a link, or the user starting it again) lands in this instance.
  app.on('second-instance', (_event, argv: string[]) => {
    const target = deepLinkInArgs(argv);
    if (target) links.open(target);
    else showWindow(state);
  });
  // macOS hands links to the running app, before or after 'ready'.
  app.on('open-url', (event, url: string) => {
    event.preventDefault();
    const target = parseDeepLink(url);
    if (target) links.open(target);
    else showWindow(state);
  });
  // macOS: a click on the dock icon while the window is hidden.
  app.on('activate', () => showWindow(state));
  app.on('before-quit', () => {
    state.quitting = true;
  });
  void app.whenReady().then(() => startShell(state, page, links));
}

main();
