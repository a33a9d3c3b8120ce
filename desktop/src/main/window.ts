import { isAppUrl, loadAppPage, type AppPage } from './app-page.js';
import { attachContextMenu } from './context-menu.js';
import { BrowserWindow, type Event, type Input } from './electron-api.js';
import { hardenSession, openExternalSafely, secureWebPreferences, SPELL_CHECKER_LANGUAGES, type SessionContext } from './security.js';
import { labelsFor, type Labels } from './labels.js';
import type { PrefsStore } from './store.js';
import { MIN_SIZE, ZOOM_LIMITS, type Rectangle, type WindowStateStore } from './window-state.js';

export interface MainWindowOptions {
  page: AppPage;
  preloadPath: string;
  session: SessionContext;
  prefs: PrefsStore;
  windowState: WindowStateStore;
  /** Work areas of the connected displays (`screen`), read when the window opens. */
  workAreas: () => Rectangle[];
  platform: NodeJS.Platform;
  /** While false, closing the window hides it to the tray (when the preference says so). */
  isQuitting: () => boolean;
  /** Started with the computer: stay in the tray until asked. */
  startHidden?: boolean;
  /** Linux window icon (Windows and macOS take the packaged executable's). */
  iconPath?: string;
  /** The context menu's words; Portuguese when not given. */
  labels?: Labels;
}

const ZOOM_STEP = 0.5;

/** Ctrl/Cmd with +, -, 0 (main keyboard or keypad): the zoom change, or undefined for other keys. */
export function zoomCommand(input: Pick<Input, 'type' | 'key' | 'control' | 'meta' | 'alt'>, platform: NodeJS.Platform): 'in' | 'out' | 'reset' | undefined {
  if (input.type !== 'keyDown' || input.alt) return undefined;
  const modifier = platform === 'darwin' ? input.meta : input.control;
  if (!modifier) return undefined;
  if (input.key === '+' || input.key === '=' || input.key === 'Add') return 'in';
  if (input.key === '-' || input.key === '_' || input.key === 'Subtract') return 'out';
  if (input.key === '0') return 'reset';
  return undefined;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const { page, prefs, windowState, platform, isQuitting } = options;
  const restored = windowState.restore(options.workAreas());
  const window = new BrowserWindow({
    ...(restored.bounds ?? {}),
    width: restored.width,
    height: restored.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Balcão',
    autoHideMenuBar: true,
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  const contents = window.webContents;
  hardenSession(contents.session, options.session, SPELL_CHECKER_LANGUAGES);

  contents.setWindowOpenHandler(({ url }) => {
    openExternalSafely(url);
    return { action: 'deny' };
  });
  const keepOnApp = (event: Event, url: string): void => {
    if (isAppUrl(page, url)) return;
    event.preventDefault();
    openExternalSafely(url);
  };
  contents.on('will-navigate', keepOnApp);
  contents.on('will-redirect', keepOnApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  attachContextMenu(contents, (options.labels ?? labelsFor('pt-BR')).edit);

  let zoomLevel = restored.zoomLevel;
  contents.on('did-finish-load', () => contents.setZoomLevel(zoomLevel));
  contents.on('before-input-event', (event, input) => {
    const command = zoomCommand(input, platform);
    if (!command) return;
    event.preventDefault();
    const next = command === 'reset' ? 0 : zoomLevel + (command === 'in' ? ZOOM_STEP : -ZOOM_STEP);
    zoomLevel = Math.min(ZOOM_LIMITS.max, Math.max(ZOOM_LIMITS.min, next));
    contents.setZoomLevel(zoomLevel);
    windowState.saveZoom(zoomLevel);
  });

  const saveState = (): void => {
    if (window.isDestroyed()) return;
    windowState.save({ ...window.getNormalBounds(), maximized: window.isMaximized() });
  };
  for (const name of ['resized', 'moved', 'maximize', 'unmaximize'] as const) window.on(name as 'resized', saveState);

  window.once('ready-to-show', () => {
    if (restored.maximized) window.maximize();
    if (!options.startHidden) window.show();
  });
  window.on('focus', () => window.flashFrame(false));
  window.on('minimize', () => {
    if (platform !== 'darwin' && prefs.get('minimizeToTray')) window.hide();
  });
  window.on('close', (event) => {
    saveState();
    if (isQuitting()) return;
    // macOS keeps apps alive without windows (the dock icon brings it back); elsewhere it is a preference.
    if (platform === 'darwin' || prefs.get('closeToTray')) {
      event.preventDefault();
      window.hide();
    }
  });

  loadAppPage(window, page).catch((error: unknown) => {
    console.error('[window] could not load the app page', error);
    if (!options.startHidden) window.show();
  });
  return window;
}

/** Bring the window to the front from the tray, a notification, a deep link or a second launch. */
export function revealWindow(window: BrowserWindow): void {
  if (window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
