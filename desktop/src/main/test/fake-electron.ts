// A stand-in for ../electron-api.ts that records what main does with Electron. A test file takes
// `fake` inside vi.hoisted, returns `fake.module` from vi.mock('./electron-api.js') (the same
// object even across vi.resetModules), and calls fake.reset() before each test.
import { EventEmitter } from 'node:events';

/** Where the fake app is installed (`app.getAppPath()`); the renderer is in its dist-app/. */
export const APP_PATH = '/opt/balcao/resources/app.asar';
/** The packaged renderer's page, as the window's frames report it. */
export const APP_URL = `file://${APP_PATH}/dist-app/index.html`;
/** The same page as main describes it (app-page.ts `resolveAppPage`). */
export const APP_PAGE = {
  kind: 'file' as const,
  indexPath: `${APP_PATH}/dist-app/index.html`,
  dirUrl: `file://${APP_PATH}/dist-app/`,
};
/** A Balcão server, as chosen on the Servidor screen. */
export const SERVER_URL = 'https://balcao.example.com';

export interface FakeEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}

export function fakeEvent(): FakeEvent {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

type Listener = (...args: never[]) => unknown;
type IpcHandler = (event: unknown, ...args: unknown[]) => unknown;
interface MenuItem {
  label?: string;
  type?: string;
  role?: string;
  enabled?: boolean;
  checked?: boolean;
  click?: (item: MenuItem) => void;
}
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const record = {
  windows: [] as FakeBrowserWindow[],
  trays: [] as FakeTray[],
  notifications: [] as FakeNotification[],
  handlers: new Map<string, IpcHandler>(),
  openedExternally: [] as string[],
  /** electron-store files by name; they outlive store instances, like files on disk. */
  storeFiles: new Map<string, Map<string, string>>(),
  notificationsSupported: true,
  loadUrlError: undefined as Error | undefined,
  loginItem: undefined as { openAtLogin: boolean; args?: string[] } | undefined,
  wasOpenedAtLogin: false,
  protocolClients: [] as unknown[][],
  displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }] as Array<{ workArea: Rect }>,
  encryptionAvailable: true,
  /** Context menus shown (Menu#popup), newest last. */
  popups: [] as MenuItem[][],
  /** What powerMonitor.getSystemIdleState answers (tests move it; the threshold asked is kept). */
  idleState: 'active' as 'active' | 'idle' | 'locked' | 'unknown',
  idleThresholds: [] as number[],
};
let ready = deferred();

export class FakeSession {
  beforeSendHeadersListener?: Listener;
  devicePermissionHandler?: Listener;
  availableSpellCheckerLanguages = ['en-US', 'es', 'es-ES', 'pt-BR', 'fr'];
  spellCheckerLanguages: string[] = [];
  headersListener?: Listener;
  permissionRequestHandler?: Listener;
  permissionCheckHandler?: Listener;
  readonly webRequest = {
    onHeadersReceived: (listener: Listener) => {
      this.headersListener = listener;
    },
    onBeforeSendHeaders: (listener: Listener) => {
      this.beforeSendHeadersListener = listener;
    },
  };
  setDevicePermissionHandler(handler: Listener) {
    this.devicePermissionHandler = handler;
  }
  setSpellCheckerLanguages(languages: string[]) {
    this.spellCheckerLanguages = languages;
  }
  readonly dictionaryWords: string[] = [];
  addWordToSpellCheckerDictionary(word: string) {
    this.dictionaryWords.push(word);
    return true;
  }
  setPermissionRequestHandler(handler: Listener) {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: Listener) {
    this.permissionCheckHandler = handler;
  }
}
let defaultSession = new FakeSession();

/** Electron's powerMonitor: the idle state the test sets, and its lock/sleep events (emit them). */
class FakePowerMonitor extends EventEmitter {
  getSystemIdleState(thresholdSeconds: number) {
    record.idleThresholds.push(thresholdSeconds);
    return record.idleState;
  }
}
const powerMonitor = new FakePowerMonitor();

export class FakeWebContents extends EventEmitter {
  readonly session = defaultSession;
  readonly sent: Array<{ channel: string; args: unknown[] }> = [];
  zoomLevel = 0;
  readonly replacements: string[] = [];
  replaceMisspelling(word: string) {
    this.replacements.push(word);
  }
  setZoomLevel(level: number) {
    this.zoomLevel = level;
  }
  /** A key press as Chromium reports it before the page sees it; returns whether main swallowed it. */
  press(input: { key: string; control?: boolean; meta?: boolean; alt?: boolean }): boolean {
    const e = fakeEvent();
    this.emit('before-input-event', e, { type: 'keyDown', control: false, meta: false, alt: false, ...input });
    return e.defaultPrevented;
  }
  windowOpenHandler?: (details: { url: string }) => { action: 'allow' | 'deny' };
  send(channel: string, ...args: unknown[]) {
    this.sent.push({ channel, args });
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }) {
    this.windowOpenHandler = handler;
  }
  /** What Chromium does when the page tries to navigate; returns whether it was cancelled. */
  navigate(url: string, event = 'will-navigate'): boolean {
    const e = fakeEvent();
    this.emit(event, e, url);
    return e.defaultPrevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  loadedUrl?: string;
  loadedFile?: { path: string; hash?: string };
  loadCount = 0;
  flashing = false;
  overlay?: { image: unknown; description: string };
  maximized = false;
  bounds: Rect;
  /** The promise loadURL returned, so a test can await what main chained on it. */
  loading?: Promise<void>;
  visible = false;
  focused = false;
  minimized = false;
  destroyed = false;
  constructor(readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> }) {
    super();
    this.bounds = {
      x: (options.x as number | undefined) ?? 100,
      y: (options.y as number | undefined) ?? 100,
      width: options.width as number,
      height: options.height as number,
    };
    record.windows.push(this);
  }
  loadURL(url: string) {
    this.loadedUrl = url;
    this.loadCount += 1;
    this.loading = record.loadUrlError ? Promise.reject(record.loadUrlError) : Promise.resolve();
    return this.loading;
  }
  loadFile(path: string, options: { hash?: string } = {}) {
    this.loadedFile = { path, hash: options.hash };
    this.loadCount += 1;
    this.loading = record.loadUrlError ? Promise.reject(record.loadUrlError) : Promise.resolve();
    return this.loading;
  }
  showInactive() {
    this.visible = true;
  }
  isFocused() {
    return this.focused;
  }
  flashFrame(flag: boolean) {
    this.flashing = flag;
  }
  setOverlayIcon(image: unknown, description: string) {
    this.overlay = image === null ? undefined : { image, description };
  }
  maximize() {
    this.maximized = true;
    this.emit('maximize');
  }
  isMaximized() {
    return this.maximized;
  }
  getNormalBounds() {
    return { ...this.bounds };
  }
  /** The user dragging or resizing the window. */
  moveTo(bounds: Partial<Rect>) {
    this.bounds = { ...this.bounds, ...bounds };
    this.emit('resized');
  }
  show() {
    this.visible = true;
  }
  hide() {
    this.visible = false;
    this.focused = false;
  }
  focus() {
    this.focused = true;
    this.emit('focus');
  }
  minimize() {
    this.minimized = true;
    this.focused = false;
    this.emit('minimize');
  }
  restore() {
    this.minimized = false;
  }
  isMinimized() {
    return this.minimized;
  }
  isVisible() {
    return this.visible;
  }
  isDestroyed() {
    return this.destroyed;
  }
  /** The user's close button: a cancellable 'close', then destruction unless cancelled. */
  close() {
    const e = fakeEvent();
    this.emit('close', e);
    if (!e.defaultPrevented) this.destroyed = true;
  }
}

export class FakeTray extends EventEmitter {
  tooltip = '';
  title = '';
  menu: MenuItem[] = [];
  constructor(readonly image: unknown) {
    super();
    record.trays.push(this);
  }
  setToolTip(text: string) {
    this.tooltip = text;
  }
  setTitle(text: string) {
    this.title = text;
  }
  setContextMenu(menu: { items: MenuItem[] }) {
    this.menu = menu.items;
  }
  menuItem(label: string): MenuItem {
    const item = this.menu.find((entry) => entry.label === label || entry.label?.startsWith(`${label} (`));
    if (!item) throw new Error(`no menu item "${label}" in ${this.menu.map((entry) => entry.label).join(', ')}`);
    return item;
  }
  /** As Electron does: a checkbox flips before its click handler runs. */
  clickMenuItem(label: string) {
    const item = this.menuItem(label);
    if (!item.click) throw new Error(`menu item "${label}" does nothing`);
    if (item.type === 'checkbox') item.checked = !item.checked;
    item.click(item);
  }
}

export class FakeNotification extends EventEmitter {
  static isSupported() {
    return record.notificationsSupported;
  }
  shown = false;
  closed = false;
  constructor(readonly options: { title: string; body: string; silent?: boolean }) {
    super();
    record.notifications.push(this);
  }
  show() {
    this.shown = true;
  }
  /** Removes it from the screen and fires 'close', as Electron does. */
  close() {
    this.closed = true;
    this.emit('close');
  }
}

export class FakeApp extends EventEmitter {
  hasSingleInstanceLock = true;
  quitCount = 0;
  badgeCount = 0;
  locale = 'pt-BR';
  requestSingleInstanceLock() {
    return this.hasSingleInstanceLock;
  }
  quit() {
    this.quitCount += 1;
    this.emit('before-quit', fakeEvent());
  }
  whenReady() {
    return ready.promise;
  }
  getLocale() {
    return this.locale;
  }
  getVersion() {
    return '1.2.3';
  }
  setBadgeCount(count: number) {
    this.badgeCount = count;
    return true;
  }
  isPackaged = true;
  getAppPath() {
    return APP_PATH;
  }
  setAppUserModelId() {}
  setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[] }) {
    record.loginItem = settings;
  }
  getLoginItemSettings() {
    return { openAtLogin: record.loginItem?.openAtLogin ?? false, wasOpenedAtLogin: record.wasOpenedAtLogin };
  }
  setAsDefaultProtocolClient(...args: unknown[]) {
    record.protocolClients.push(args);
    return true;
  }
}
const app = new FakeApp();

export class FakeElectronStore {
  private readonly data: Map<string, string>;
  constructor(options: { name?: string } = {}) {
    const name = options.name ?? 'config';
    this.data = record.storeFiles.get(name) ?? new Map();
    record.storeFiles.set(name, this.data);
  }
  // JSON in and out, as electron-store does on disk.
  get(key: string): unknown {
    const raw = this.data.get(key);
    return raw === undefined ? undefined : JSON.parse(raw);
  }
  set(key: string, value: unknown) {
    this.data.set(key, JSON.stringify(value));
  }
}

const electronModule = {
  app,
  BrowserWindow: FakeBrowserWindow,
  Menu: {
    buildFromTemplate: (items: MenuItem[]) => ({
      items,
      popup() {
        record.popups.push(items);
      },
    }),
  },
  Notification: FakeNotification,
  Tray: FakeTray,
  ipcMain: {
    handle(channel: string, handler: IpcHandler) {
      if (record.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      record.handlers.set(channel, handler);
    },
  },
  nativeImage: { createFromDataURL: (dataUrl: string) => ({ dataUrl }) },
  screen: { getAllDisplays: () => record.displays },
  powerMonitor,
  safeStorage: {
    isEncryptionAvailable: () => record.encryptionAvailable,
    encryptString: (text: string) => Buffer.from(`sealed:${text}`),
    decryptString: (buffer: Buffer) => {
      const text = buffer.toString();
      if (!text.startsWith('sealed:')) throw new Error('not sealed here');
      return text.slice('sealed:'.length);
    },
  },
  shell: {
    openExternal: async (url: string) => {
      record.openedExternally.push(url);
    },
  },
  ElectronStore: FakeElectronStore,
};

export const fake = {
  module: electronModule,
  record,
  app,
  powerMonitor,
  get session() {
    return defaultSession;
  },
  /** Resolves app.whenReady(); callbacks main chained on it have run when this settles. */
  async ready() {
    ready.resolve();
    await ready.promise;
  },
  /** ipcRenderer.invoke as seen by main, from a frame showing `senderUrl`. */
  async invoke(channel: string, args: unknown[], senderUrl: string | null = APP_URL): Promise<unknown> {
    const handler = record.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    const event = { senderFrame: senderUrl === null ? null : { url: senderUrl } };
    return handler(event, ...args);
  },
  onlyWindow(): FakeBrowserWindow {
    if (record.windows.length !== 1) throw new Error(`expected 1 window, got ${record.windows.length}`);
    return record.windows[0] as FakeBrowserWindow;
  },
  onlyTray(): FakeTray {
    if (record.trays.length !== 1) throw new Error(`expected 1 tray, got ${record.trays.length}`);
    return record.trays[0] as FakeTray;
  },
  reset() {
    record.windows.length = 0;
    record.trays.length = 0;
    record.notifications.length = 0;
    record.handlers.clear();
    record.openedExternally.length = 0;
    record.storeFiles.clear();
    record.notificationsSupported = true;
    record.loadUrlError = undefined;
    record.loginItem = undefined;
    record.wasOpenedAtLogin = false;
    record.protocolClients.length = 0;
    record.displays = [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }];
    record.encryptionAvailable = true;
    record.popups.length = 0;
    record.idleState = 'active';
    record.idleThresholds.length = 0;
    powerMonitor.removeAllListeners();
    defaultSession = new FakeSession();
    ready = deferred();
    app.removeAllListeners();
    Object.assign(app, { hasSingleInstanceLock: true, quitCount: 0, badgeCount: 0, locale: 'pt-BR', isPackaged: true });
  },
};
