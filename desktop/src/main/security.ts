import { ExternalUrl } from '../common/ipc-schemas.js';
import { isAppUrl, pageRequestOrigin, pageRequestOrigins, type AppPage } from './app-page.js';
import type { CookieJar } from './cookie-jar.js';
import {
  shell,
  type BeforeSendResponse,
  type HeadersReceivedResponse,
  type IpcMainInvokeEvent,
  type OnBeforeSendHeadersListenerDetails,
  type OnHeadersReceivedListenerDetails,
  type Session,
  type WebPreferences,
} from './electron-api.js';

/** The renderer gets no Node, its own JS world, and a sandbox. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: true,
  };
}

export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function isSameOrigin(url: string, origin: string): boolean {
  const own = originOf(url);
  return own !== undefined && own !== 'null' && own === origin;
}

/** Hands http(s)/mailto URLs to the system; anything else is dropped. Returns whether it was opened. */
export function openExternalSafely(url: string): boolean {
  if (!ExternalUrl.safeParse(url).success) return false;
  shell.openExternal(url).catch((error: unknown) => {
    console.error('[security] openExternal failed', error);
  });
  return true;
}

/**
 * IPC is only answered for frames showing the app's own page: if anything else ever loads in
 * the window (a redirect we did not foresee), it still cannot reach the bridge.
 */
export function isAppSender(page: AppPage) {
  return (event: Pick<IpcMainInvokeEvent, 'senderFrame'>): boolean => isAppUrl(page, event.senderFrame?.url);
}

/** `ws://host` / `wss://host` for `http://host` / `https://host`. */
export function socketOriginOf(serverUrl: string): string {
  return serverUrl.replace(/^http/, 'ws');
}

/**
 * The page's policy: its own files, and exactly the chosen server for API calls, socket.io and
 * media (nothing when none is chosen yet: the Servidor screen checks addresses through main).
 */
export function buildContentSecurityPolicy(serverUrl: string | null): string {
  const server = serverUrl ? ` ${serverUrl}` : '';
  const socket = serverUrl ? ` ${socketOriginOf(serverUrl)}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    // antd's CSS-in-JS inserts <style> elements at runtime.
    "style-src 'self' 'unsafe-inline'",
    // Contact avatars (profilePicUrl) are remote https images.
    `img-src 'self' data: blob: https:${server}`,
    `media-src 'self' data: blob:${server}`,
    "font-src 'self' data:",
    `connect-src 'self'${server}${socket}`,
    "object-src 'none'",
    "frame-src 'none'",
    "worker-src 'self' blob:",
    "base-uri 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const hasHeader = (headers: Record<string, unknown>, name: string) =>
  Object.keys(headers).some((key) => key.toLowerCase() === name);

const withoutHeaders = (headers: Record<string, string[]>, names: readonly string[]): Record<string, string[]> =>
  Object.fromEntries(Object.entries(headers).filter(([key]) => !names.includes(key.toLowerCase())));

const headerValues = (headers: Record<string, string[]>, name: string): string[] =>
  Object.entries(headers).flatMap(([key, values]) => (key.toLowerCase() === name ? values : []));

/** Is `url` the chosen server (http(s) for the API, ws(s) for socket.io)? */
export function isServerUrl(url: string, serverUrl: string | null): boolean {
  if (!serverUrl) return false;
  const origin = originOf(url);
  return origin === serverUrl || origin === socketOriginOf(serverUrl);
}

export interface SessionContext {
  page: AppPage;
  /** Read per request: changing the server applies at once. */
  getServer: () => string | null;
  cookies: CookieJar;
}

type BeforeSendListener = (
  details: Pick<OnBeforeSendHeadersListenerDetails, 'url' | 'requestHeaders'>,
  callback: (response: BeforeSendResponse) => void,
) => void;

/**
 * Requests to the chosen server: a file page sends `Origin: file://` (or `null`), which the
 * server (rightly) refuses for anyone else — its socket.io handshake included — so main states
 * the truth it knows — this is the app, allowed for this server — by presenting the server's
 * own origin; and it adds the server's cookies from the jar (see cookie-jar.ts). Other requests
 * go out untouched.
 */
export function beforeSendHeadersListener({ page, getServer, cookies }: SessionContext): BeforeSendListener {
  const pageOrigins = pageRequestOrigins(page);
  return (details, callback) => {
    const server = getServer();
    if (!isServerUrl(details.url, server) || !server) {
      callback({});
      return;
    }
    const headers = { ...details.requestHeaders };
    const originKey = Object.keys(headers).find((key) => key.toLowerCase() === 'origin');
    if (originKey && pageOrigins.includes(headers[originKey] ?? '')) {
      delete headers[originKey];
      headers.Origin = server;
    }
    const jarCookies = cookies.header();
    if (page.kind === 'file' && jarCookies) {
      for (const key of Object.keys(headers)) if (key.toLowerCase() === 'cookie') delete headers[key];
      headers.Cookie = jarCookies;
    }
    callback({ requestHeaders: headers });
  };
}

type HeadersListener = (
  details: Pick<OnHeadersReceivedListenerDetails, 'url' | 'method' | 'resourceType' | 'responseHeaders' | 'statusLine'>,
  callback: (response: HeadersReceivedResponse) => void,
) => void;

const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-max-age',
];

/**
 * - The app's own documents get the CSP (a server's page in dev keeps its own if it sends one).
 * - The chosen server's answers are opened to the page (CORS for the page's origin, preflights
 *   answered), and their cookies go to the jar when the page is a file.
 */
export function headersReceivedListener({ page, getServer, cookies }: SessionContext): HeadersListener {
  const pageOrigin = pageRequestOrigin(page);
  return (details, callback) => {
    const headers = details.responseHeaders ?? {};
    const isDocument = details.resourceType === 'mainFrame' || details.resourceType === 'subFrame';
    // A dev server's page (BALCAO_RENDERER_URL) needs Vite's inline scripts and HMR socket.
    if (isDocument && page.kind === 'file' && isAppUrl(page, details.url)) {
      if (hasHeader(headers, 'content-security-policy')) {
        callback({});
        return;
      }
      callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [buildContentSecurityPolicy(getServer())] } });
      return;
    }
    const server = getServer();
    if (!isServerUrl(details.url, server)) {
      callback({});
      return;
    }
    if (page.kind === 'file') cookies.receive(headerValues(headers, 'set-cookie'));
    const opened: Record<string, string[]> = {
      ...withoutHeaders(headers, page.kind === 'file' ? [...CORS_HEADERS, 'set-cookie'] : CORS_HEADERS),
      'Access-Control-Allow-Origin': [pageOrigin],
      'Access-Control-Allow-Credentials': ['true'],
    };
    if (details.method === 'OPTIONS') {
      opened['Access-Control-Allow-Methods'] = ['GET, HEAD, POST, PUT, PATCH, DELETE'];
      opened['Access-Control-Allow-Headers'] = ['Authorization, Content-Type, X-Requested-With'];
      opened['Access-Control-Max-Age'] = ['600'];
      // The server answers a preflight from an origin it does not list with 404.
      callback({ responseHeaders: opened, statusLine: 'HTTP/1.1 204 No Content' });
      return;
    }
    callback({ responseHeaders: opened });
  };
}

/**
 * The microphone (voice messages) for the app's page, audio only; writing to the clipboard
 * (copy buttons). Everything else — camera, screen, location, notifications (main shows them),
 * MIDI, USB, HID, serial, fullscreen... — is denied, and nothing is granted to other pages.
 */
export function isPermissionAllowed(
  permission: string,
  requestingUrl: string | undefined,
  page: AppPage,
  mediaTypes: readonly string[] = [],
): boolean {
  if (!isAppUrl(page, requestingUrl)) return false;
  if (permission === 'media') return mediaTypes.length > 0 && mediaTypes.every((type) => type === 'audio');
  return permission === 'clipboard-sanitized-write';
}

/** Must run before the window loads anything: headers, permissions, devices, spell-checker. */
export function hardenSession(session: Session, context: SessionContext, spellLanguages: readonly string[]): void {
  session.webRequest.onBeforeSendHeaders(beforeSendHeadersListener(context));
  session.webRequest.onHeadersReceived(headersReceivedListener(context));
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
    callback(isPermissionAllowed(permission, details.requestingUrl, context.page, mediaTypes));
  });
  session.setPermissionCheckHandler((_contents, permission, _origin, details) => {
    const mediaTypes = details.mediaType ? [details.mediaType] : [];
    return isPermissionAllowed(permission, details.requestingUrl, context.page, mediaTypes);
  });
  session.setDevicePermissionHandler(() => false);
  setSpellCheckerLanguages(session, spellLanguages);
}

/** pt-BR, English and Spanish dictionaries where the platform has them (macOS uses its own checker). */
export function setSpellCheckerLanguages(session: Session, wanted: readonly string[]): string[] {
  const available = new Set(session.availableSpellCheckerLanguages);
  const languages = wanted.filter((language) => available.has(language));
  if (languages.length > 0) session.setSpellCheckerLanguages(languages);
  return languages;
}

export const SPELL_CHECKER_LANGUAGES = ['pt-BR', 'en-US', 'es-ES', 'es'] as const;
