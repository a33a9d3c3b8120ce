// A stand-in for ../electron-api.ts that records what main does with Electron. A test file takes
// `fake` inside vi.hoisted, returns `fake.module` from vi.mock('./electron-api.js') (the same
// object even across vi.resetModules), and calls fake.reset() before each test.
import { EventEmitter } from 'node:events';

export const APP_URL = 'http://localhost:8080/';
export const APP_ORIGIN = 'http://localhost:8080';

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
  click?: () => void;
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
};
let ready = deferred();

export class FakeSession {
  headersListener?: Listener;
  permissionRequestHandler?: Listener;
  permissionCheckHandler?: Listener;
  readonly webRequest = {
    onHeadersReceived: (listener: Listener) => {
      this.headersListener = listener;
    },
  };
  setPermissionRequestHandler(handler: Listener) {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: Listener) {
    this.permissionCheckHandler = handler;
  }
}
let defaultSession = new FakeSession();

export class FakeWebContents extends EventEmitter {
  readonly session = defaultSession;
  readonly sent: Array<{ channel: string; args: unknown[] }> = [];
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
  /** The promise loadURL returned, so a test can await what main chained on it. */
  loading?: Promise<void>;
  visible = false;
  focused = false;
  minimized = false;
  destroyed = false;
  constructor(readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> }) {
    super();
    record.windows.push(this);
  }
  loadURL(url: string) {
    this.loadedUrl = url;
    this.loading = record.loadUrlError ? Promise.reject(record.loadUrlError) : Promise.resolve();
    return this.loading;
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
  }
  minimize() {
    this.minimized = true;
    this.focused = false;
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
  clickMenuItem(label: string) {
    const item = this.menu.find((entry) => entry.label === label);
    if (!item?.click) throw new Error(`no menu item "${label}"`);
    item.click();
  }
}

export class FakeNotification extends EventEmitter {
  static isSupported() {
    return record.notificationsSupported;
  }
  shown = false;
  constructor(readonly options: { title: string; body: string }) {
    super();
    record.notifications.push(this);
  }
  show() {
    this.shown = true;
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
  Menu: { buildFromTemplate: (items: MenuItem[]) => ({ items }) },
  Notification: FakeNotification,
  Tray: FakeTray,
  ipcMain: {
    handle(channel: string, handler: IpcHandler) {
      if (record.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      record.handlers.set(channel, handler);
    },
  },
  nativeImage: { createFromDataURL: (dataUrl: string) => ({ dataUrl }) },
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
    defaultSession = new FakeSession();
    ready = deferred();
    app.removeAllListeners();
    Object.assign(app, { hasSingleInstanceLock: true, quitCount: 0, badgeCount: 0, locale: 'pt-BR' });
  },
};
