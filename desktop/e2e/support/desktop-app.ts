import { mkdtempSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page, WebSocketRoute } from '@playwright/test';
import ts from 'typescript';
import WebSocket from 'ws';

/**
 * The desktop app in Chromium (decision 0310): the packaged renderer (desktop/dist-app) opened
 * from its files, with the REAL Electron main process running in this Playwright worker on the
 * fake electron module the main-process tests use — its IPC handlers, server choice, cookie jar
 * and the session listeners `hardenSession` installs (security.ts) — and the REAL preload,
 * compiled and run in the page with an `electron` stand-in that carries its IPC to main.
 *
 * Where Electron's network stack would call the session's `onBeforeSendHeaders` /
 * `onHeadersReceived` listeners, `page.route` (HTTP, and the app's own file document) and
 * `page.routeWebSocket` (socket.io) call them: the request goes out from here with exactly the
 * headers the listener computed, and the page gets the answer with exactly the headers the
 * listener returned — Chromium then applies its own CORS and CSP checks to that. Nothing is
 * loosened: without main's headers the server refuses `Origin: null` sockets and the browser
 * refuses the answers.
 */

const DESKTOP_DIR = resolve(import.meta.dirname, '../..');
const MAIN_DIR = join(DESKTOP_DIR, 'src/main');
export const APP_RENDERER_DIR = join(DESKTOP_DIR, 'dist-app');

type Headers = Record<string, string[]>;
type Listener<D, R> = (details: D, callback: (response: R) => void) => void;
interface SendDetails {
  url: string;
  requestHeaders: Record<string, string>;
}
interface SendResponse {
  cancel?: boolean;
  requestHeaders?: Record<string, string>;
}
interface ReceivedDetails {
  url: string;
  method: string;
  resourceType: string;
  responseHeaders?: Headers;
  statusLine: string;
}
interface ReceivedResponse {
  cancel?: boolean;
  responseHeaders?: Headers;
  statusLine?: string;
}
interface FakeWindow {
  loadedFile?: { path: string; hash?: string };
  webContents: {
    session: { beforeSendHeadersListener?: Listener<SendDetails, SendResponse>; headersListener?: Listener<ReceivedDetails, ReceivedResponse> };
    send(channel: string, ...args: unknown[]): void;
  };
}
interface FakeElectron {
  fake: {
    app: { getAppPath(): string; isPackaged: boolean };
    record: { windows: FakeWindow[]; storeFiles: Map<string, Map<string, string>>; handlers: Map<string, unknown> };
    ready(): Promise<void>;
    reset(): void;
    invoke(channel: string, args: unknown[], senderUrl: string | null): Promise<unknown>;
    onlyWindow(): FakeWindow;
  };
  FakeBrowserWindow: { prototype: { loadFile(this: FakeWindow, path: string, options?: { hash?: string }): Promise<void> } };
}

/** One request main's listeners saw on its way to the server, and what they made of it. */
export interface SeenRequest {
  method: string;
  url: string;
  /** The headers the request left with (after onBeforeSendHeaders). */
  sent: Record<string, string>;
  status: number;
  /** The headers the page got (after onHeadersReceived). */
  received: Headers;
}

const callListener = <D, R>(listener: Listener<D, R> | undefined, details: D, name: string): Promise<R> => {
  if (!listener) throw new Error(`main installed no ${name} listener on the window's session`);
  return new Promise((done) => listener(details, done));
};

const ELECTRON_RESOURCE_TYPES: Record<string, string> = {
  fetch: 'xhr',
  xhr: 'xhr',
  image: 'image',
  media: 'media',
  font: 'font',
  script: 'script',
  stylesheet: 'stylesheet',
  websocket: 'webSocket',
};

/** Headers as a fulfilled answer takes them; the body is already decoded, so its encoding and length go. */
const forPage = (headers: Headers): Record<string, string> => {
  const flat: Record<string, string> = {};
  for (const [key, values] of Object.entries(headers)) {
    if (['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(key.toLowerCase())) continue;
    flat[key] = values.join(key.toLowerCase() === 'set-cookie' ? '\n' : ', ');
  }
  return flat;
};

const fromFetch = (response: Response): Headers => {
  const headers: Headers = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = [value];
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  return headers;
};

const statusOf = (statusLine: string | undefined, fallback: number): number => {
  const code = Number(statusLine?.split(' ')[1]);
  return Number.isInteger(code) && code >= 100 ? code : fallback;
};

/**
 * The preload as Electron runs a sandboxed one: its CommonJS build, where `require` knows only
 * 'electron'. Here 'electron' is a stand-in whose `contextBridge` puts the API on `window` and
 * whose `ipcRenderer` reaches main's handlers through a Playwright binding.
 */
function preloadScript(): string {
  const source = readFileSync(join(DESKTOP_DIR, 'src/preload/index.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  });
  return `(() => {
  if (window.top !== window) return;
  const listeners = new Map();
  const electron = {
    contextBridge: {
      exposeInMainWorld(key, api) {
        Object.defineProperty(window, key, { value: Object.freeze({ ...api }), enumerable: true });
      },
    },
    ipcRenderer: {
      invoke: (channel, ...args) => window.__balcaoIpcInvoke(channel, args),
      on(channel, listener) {
        if (!listeners.has(channel)) listeners.set(channel, new Set());
        listeners.get(channel).add(listener);
      },
      removeListener(channel, listener) {
        listeners.get(channel)?.delete(listener);
      },
    },
  };
  Object.defineProperty(window, '__balcaoIpcPush', {
    value: (channel, value) => { for (const listener of listeners.get(channel) ?? []) listener({}, value); },
  });
  const require = (name) => {
    if (name === 'electron') return electron;
    throw new Error('a sandboxed preload cannot require ' + name);
  };
  const exports = {};
  const module = { exports };
  ${outputText}
})();`;
}

export interface DesktopApp {
  /** The file:// address main loaded (window.loadFile). */
  readonly url: string;
  /** The page's origin as its requests carry it (`file://` here, as in Electron). */
  pageOrigin(): Promise<string>;
  /** Requests to the server as they left and came back through main's listeners. */
  readonly requests: SeenRequest[];
  /** Requests main's listeners cancelled (none expected). */
  readonly cancelled: string[];
  /** Resolves once socket.io's CONNECT was accepted by the server. */
  socketConnected(): Promise<void>;
  /** The Content-Security-Policy main put on the app's page, as the page got it. */
  readonly documentCsp: string[];
  /** A CORS preflight through main's listeners (Playwright answers real ones itself). */
  preflight(path: string, method: string, headers: string): Promise<{ status: number; headers: Headers }>;
  /** The server main keeps in its store (electron-store `server`), as the page asks it. */
  storedServer(): Promise<unknown>;
}

let hooksRegistered = false;

/**
 * Starts main (desktop/src/main/index.ts) as a first-run install in `appPath` = desktop/ (its
 * dist-app/ is the renderer), wires `page` to it and opens the page main loads. Call once per
 * worker process: main's modules are loaded once.
 */
export async function startDesktopApp(page: Page, serverUrl: string): Promise<DesktopApp> {
  if (!hooksRegistered) {
    register(pathToFileURL(join(import.meta.dirname, 'fake-electron-hooks.mjs')), {
      data: { mainDirUrl: pathToFileURL(MAIN_DIR).href + '/', fakeUrl: pathToFileURL(join(import.meta.dirname, 'electron-api-fake.ts')).href },
    });
    hooksRegistered = true;
  }
  const electron = (await import(pathToFileURL(join(MAIN_DIR, 'test/fake-electron.ts')).href)) as FakeElectron;
  const { fake } = electron;
  fake.reset();
  // The installed app: its folder holds dist-app/; a first run (no server chosen, no BALCAO_URL).
  fake.app.getAppPath = () => DESKTOP_DIR;
  fake.app.isPackaged = true;
  delete process.env.BALCAO_URL;
  delete process.env.BALCAO_RENDERER_URL;
  delete process.env.BALCAO_UPDATE_URL;
  process.env.XDG_CONFIG_HOME = mkdtempSync(join(tmpdir(), 'balcao-desktop-e2e-'));

  const requests: SeenRequest[] = [];
  const cancelled: string[] = [];
  const documentCsp: string[] = [];
  const serverOrigin = new URL(serverUrl).origin;
  const socketOrigin = serverOrigin.replace(/^http/, 'ws');
  let connected!: () => void;
  const socketConnected = new Promise<void>((done) => (connected = done));

  // Electron's loadFile always loads the document anew; a goto to the same file with another
  // hash would only change the fragment, so that case is a reload at main's address.
  const reloadAt = async (url: string): Promise<void> => {
    if (page.url().split('#', 1)[0] !== url.split('#', 1)[0]) {
      await page.goto(url);
      return;
    }
    await page.evaluate((to) => history.replaceState(null, '', to), url);
    await page.reload();
  };
  // Every load main asks of the window (the first one, and the reload after the Servidor screen).
  const loads: string[] = [];
  const originalLoadFile = electron.FakeBrowserWindow.prototype.loadFile;
  electron.FakeBrowserWindow.prototype.loadFile = function (path, options = {}) {
    const url = `${pathToFileURL(path).href}${options.hash !== undefined ? `#${options.hash}` : ''}`;
    loads.push(url);
    if (loads.length > 1) void reloadAt(url).catch(() => undefined);
    return originalLoadFile.call(this, path, options);
  };

  const session = () => fake.onlyWindow().webContents.session;

  // ipcRenderer.invoke → ipcMain.handle, from the frame that called (main checks it is the app's page).
  await page.exposeBinding('__balcaoIpcInvoke', (source, channel: string, args: unknown[]) => fake.invoke(channel, args, source.frame.url()));
  await page.addInitScript(preloadScript());

  // The app's own page read from disk: onHeadersReceived gives it its Content-Security-Policy.
  await page.route(/^file:/, async (route) => {
    const request = route.request();
    if (request.resourceType() !== 'document') return route.fallback();
    const body = await readFile(fileURLToPath(request.url().split(/[?#]/, 1)[0]!));
    const base: Headers = { 'Content-Type': ['text/html; charset=utf-8'] };
    const answer = await callListener(
      session().headersListener,
      { url: request.url(), method: 'GET', resourceType: request.frame() === page.mainFrame() ? 'mainFrame' : 'subFrame', responseHeaders: base, statusLine: 'HTTP/1.1 200 OK' },
      'onHeadersReceived',
    );
    if (answer.cancel) {
      cancelled.push(request.url());
      return route.abort('blockedbyclient');
    }
    const headers = answer.responseHeaders ?? base;
    documentCsp.push(...(headers['Content-Security-Policy'] ?? []));
    return route.fulfill({ status: 200, headers: forPage(headers), body });
  });

  // The server's HTTP API: onBeforeSendHeaders → the network → onHeadersReceived.
  await page.route(
    (url) => url.origin === serverOrigin,
    async (route) => {
      const request = route.request();
      const url = request.url();
      const before = await callListener(session().beforeSendHeadersListener, { url, requestHeaders: request.headers() }, 'onBeforeSendHeaders');
      if (before.cancel) {
        cancelled.push(url);
        return route.abort('blockedbyclient');
      }
      const sent = before.requestHeaders ?? request.headers();
      const outgoing = Object.fromEntries(Object.entries(sent).filter(([key]) => !['host', 'content-length', 'connection'].includes(key.toLowerCase())));
      const payload = request.postDataBuffer();
      let response: Response;
      try {
        response = await fetch(url, { method: request.method(), headers: outgoing, body: payload ? new Uint8Array(payload) : undefined, redirect: 'manual' });
      } catch {
        return route.abort('connectionrefused');
      }
      const body = Buffer.from(await response.arrayBuffer());
      const raw = fromFetch(response);
      const after = await callListener(
        session().headersListener,
        {
          url,
          method: request.method(),
          resourceType: ELECTRON_RESOURCE_TYPES[request.resourceType()] ?? 'other',
          responseHeaders: raw,
          statusLine: `HTTP/1.1 ${response.status} ${response.statusText}`,
        },
        'onHeadersReceived',
      );
      if (after.cancel) {
        cancelled.push(url);
        return route.abort('blockedbyclient');
      }
      const received = after.responseHeaders ?? raw;
      const status = statusOf(after.statusLine, response.status);
      requests.push({ method: request.method(), url, sent, status, received });
      return route.fulfill({ status, headers: forPage(received), body });
    },
  );

  // socket.io's websocket: the handshake leaves with main's headers, frames pass through as they are.
  await page.routeWebSocket(
    (url) => url.origin === socketOrigin,
    async (ws: WebSocketRoute) => {
      const url = ws.url();
      // The Origin Chromium sends for the page's websocket: the page's own, serialised.
      const origin = await page.evaluate(() => self.origin);
      const before = await callListener(session().beforeSendHeadersListener, { url, requestHeaders: { Origin: origin } }, 'onBeforeSendHeaders');
      if (before.cancel) {
        cancelled.push(url);
        await ws.close({ code: 1008, reason: 'cancelled by main' });
        return;
      }
      const upstream = new WebSocket(url, { headers: before.requestHeaders ?? { Origin: origin } });
      const waiting: Array<string | Buffer> = [];
      upstream.on('upgrade', (res) => {
        const headers: Headers = {};
        for (const [key, value] of Object.entries(res.headers)) if (value !== undefined) headers[key] = Array.isArray(value) ? value : [value];
        session().headersListener?.({ url, method: 'GET', resourceType: 'webSocket', responseHeaders: headers, statusLine: `HTTP/1.1 ${res.statusCode} Switching Protocols` }, () => undefined);
      });
      upstream.on('open', () => {
        for (const message of waiting.splice(0)) upstream.send(message);
      });
      upstream.on('message', (data, isBinary) => {
        const message = isBinary ? Buffer.from(data as Buffer) : String(data);
        if (typeof message === 'string' && message.startsWith('40')) connected();
        ws.send(message);
      });
      upstream.on('close', (code, reason) => void ws.close({ code: code === 1005 || code === 1006 ? 1000 : code, reason: String(reason) }).catch(() => undefined));
      upstream.on('error', () => void ws.close().catch(() => undefined));
      ws.onMessage((message) => {
        if (upstream.readyState === WebSocket.OPEN) upstream.send(message);
        else waiting.push(message);
      });
      ws.onClose(() => upstream.close());
    },
  );

  // Main starts as Electron would start it, and loads its window.
  await import(pathToFileURL(join(MAIN_DIR, 'index.ts')).href);
  await fake.ready();
  const mainWindow = fake.onlyWindow();
  // Pushes from main (webContents.send) reach the preload's ipcRenderer listeners.
  const send = mainWindow.webContents.send.bind(mainWindow.webContents);
  mainWindow.webContents.send = (channel: string, ...args: unknown[]) => {
    send(channel, ...args);
    void page
      .evaluate(([c, v]) => (globalThis as unknown as { __balcaoIpcPush?: (c: string, v: unknown) => void }).__balcaoIpcPush?.(c, v), [channel, args[0]] as const)
      .catch(() => undefined);
  };
  const first = loads[0];
  if (!first) throw new Error('main did not load the app page');
  await page.goto(first);

  return {
    get url() {
      return loads.at(-1) ?? first;
    },
    requests,
    cancelled,
    pageOrigin: () => page.evaluate(() => self.origin),
    documentCsp,
    socketConnected: () => socketConnected,
    async preflight(path, method, requestHeaders) {
      const url = `${serverOrigin}${path}`;
      const before = await callListener(
        session().beforeSendHeadersListener,
        { url, requestHeaders: { Origin: await page.evaluate(() => self.origin), 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': requestHeaders } },
        'onBeforeSendHeaders',
      );
      const response = await fetch(url, { method: 'OPTIONS', headers: before.requestHeaders ?? {} });
      await response.arrayBuffer();
      const after = await callListener(
        session().headersListener,
        { url, method: 'OPTIONS', resourceType: 'xhr', responseHeaders: fromFetch(response), statusLine: `HTTP/1.1 ${response.status} ${response.statusText}` },
        'onHeadersReceived',
      );
      return { status: statusOf(after.statusLine, response.status), headers: after.responseHeaders ?? fromFetch(response) };
    },
    storedServer: () => fake.invoke('server:get', [], first),
  };
}
