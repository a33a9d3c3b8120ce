import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_PAGE, APP_URL, SERVER_URL } from './test/fake-electron.js';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const { createCookieJar } = await import('./cookie-jar.js');
const security = await import('./security.js');
const { beforeSendHeadersListener, buildContentSecurityPolicy, headersReceivedListener, isAppSender, isPermissionAllowed, openExternalSafely } =
  security;

type Context = import('./security.js').SessionContext;

function context(server: string | null = SERVER_URL): Context {
  const cookies = createCookieJar({ now: () => 1_000 });
  return { page: APP_PAGE, getServer: () => server, cookies };
}

function received(ctx: Context, details: Record<string, unknown>) {
  const callback = vi.fn();
  headersReceivedListener(ctx)({ method: 'GET', resourceType: 'xhr', responseHeaders: {}, ...details } as never, callback);
  return callback.mock.calls[0]?.[0];
}

function sent(ctx: Context, url: string, requestHeaders: Record<string, string>) {
  const callback = vi.fn();
  beforeSendHeadersListener(ctx)({ url, requestHeaders } as never, callback);
  return callback.mock.calls[0]?.[0];
}

describe('content security policy', () => {
  beforeEach(() => fake.reset());

  it('allows exactly the chosen server for API calls, socket.io and media', () => {
    const policy = buildContentSecurityPolicy(SERVER_URL);
    expect(policy).toContain("connect-src 'self' https://balcao.example.com wss://balcao.example.com;");
    expect(policy).toContain("media-src 'self' data: blob: https://balcao.example.com;");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(buildContentSecurityPolicy('http://10.0.0.5:8080')).toContain("connect-src 'self' http://10.0.0.5:8080 ws://10.0.0.5:8080;");
  });

  it('allows no server at all before one is chosen', () => {
    expect(buildContentSecurityPolicy(null)).toContain("connect-src 'self';");
  });

  it("adds it to the app's own page, with the server current at that moment", () => {
    let server: string | null = null;
    const ctx = { ...context(), getServer: () => server };
    const first = received(ctx, { url: APP_URL, resourceType: 'mainFrame', responseHeaders: { 'content-type': ['text/html'] } });
    expect(first.responseHeaders['Content-Security-Policy'][0]).toContain("connect-src 'self';");
    expect(first.responseHeaders['content-type']).toEqual(['text/html']);
    server = SERVER_URL;
    const second = received(ctx, { url: `${APP_URL}#/tickets`, resourceType: 'mainFrame' });
    expect(second.responseHeaders['Content-Security-Policy'][0]).toContain('wss://balcao.example.com');
  });

  it("leaves a dev server's page (Vite's inline scripts, HMR) without it", () => {
    const dev = { ...context(), page: { kind: 'url' as const, url: 'http://localhost:5173/', origin: 'http://localhost:5173' } };
    expect(received(dev, { url: 'http://localhost:5173/', resourceType: 'mainFrame' })).toEqual({});
  });

  it('leaves other pages and the server answers without it', () => {
    expect(received(context(), { url: 'file:///etc/passwd', resourceType: 'mainFrame' })).toEqual({});
    const api = received(context(), { url: `${SERVER_URL}/tickets`, responseHeaders: {} });
    expect(api.responseHeaders['Content-Security-Policy']).toBeUndefined();
  });
});

describe('access to the chosen server from the file page', () => {
  beforeEach(() => fake.reset());

  it("presents the server's own origin instead of the file page's file:// (or null)", () => {
    const response = sent(context(), `${SERVER_URL}/auth/login`, { Origin: 'file://', 'Content-Type': 'application/json' });
    expect(response.requestHeaders).toEqual({ Origin: SERVER_URL, 'Content-Type': 'application/json' });
    const socket = sent(context(), 'wss://balcao.example.com/socket.io/?EIO=4', { origin: 'file://' });
    expect(socket.requestHeaders.Origin).toBe(SERVER_URL);
    expect(sent(context(), `${SERVER_URL}/auth/login`, { Origin: 'null' }).requestHeaders).toEqual({ Origin: SERVER_URL });
    // Any other site's origin is passed on as it is, for the server to refuse.
    expect(sent(context(), `${SERVER_URL}/auth/login`, { Origin: 'https://evil.example' }).requestHeaders).toEqual({ Origin: 'https://evil.example' });
  });

  it('touches no request to another host, and none before a server is chosen', () => {
    expect(sent(context(), 'https://evil.example/x', { Origin: 'null' })).toEqual({});
    expect(sent(context(), 'https://balcao.example.com:8443/x', { Origin: 'null' })).toEqual({});
    expect(sent(context(null), `${SERVER_URL}/x`, { Origin: 'null' })).toEqual({});
  });

  it('opens the server answers to the page and answers its preflights', () => {
    const ctx = context();
    const answer = received(ctx, {
      url: `${SERVER_URL}/tickets`,
      responseHeaders: { 'content-type': ['application/json'], 'access-control-allow-origin': ['https://other.example'] },
    });
    expect(answer.responseHeaders).toEqual({
      'content-type': ['application/json'],
      'Access-Control-Allow-Origin': ['file://'],
      'Access-Control-Allow-Credentials': ['true'],
    });
    const preflight = received(ctx, { url: `${SERVER_URL}/tickets`, method: 'OPTIONS', statusLine: 'HTTP/1.1 404 Not Found' });
    expect(preflight.statusLine).toBe('HTTP/1.1 204 No Content');
    expect(preflight.responseHeaders['Access-Control-Allow-Headers']).toEqual(['Authorization, Content-Type, X-Requested-With']);
    expect(received(ctx, { url: 'https://cdn.example/a.png' })).toEqual({});
  });

  it('keeps the refresh cookie in the jar and sends it back to the server only', () => {
    const ctx = context();
    const answer = received(ctx, {
      url: `${SERVER_URL}/auth/login`,
      method: 'POST',
      responseHeaders: { 'Set-Cookie': ['jrt=abc123; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000'] },
    });
    expect(answer.responseHeaders['Set-Cookie']).toBeUndefined();
    expect(sent(ctx, `${SERVER_URL}/auth/refresh_token`, { Origin: 'file://', Cookie: 'jrt=stale' }).requestHeaders).toEqual({
      Origin: SERVER_URL,
      Cookie: 'jrt=abc123',
    });
    expect(sent(ctx, 'https://evil.example/', {})).toEqual({});
    // Logout clears it.
    received(ctx, { url: `${SERVER_URL}/auth/logout`, responseHeaders: { 'set-cookie': ['jrt=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT'] } });
    expect(sent(ctx, `${SERVER_URL}/auth/refresh_token`, {}).requestHeaders).toEqual({});
  });
});

describe('other guards', () => {
  beforeEach(() => fake.reset());

  it('opens http(s) and mailto externally and drops other schemes', () => {
    expect(openExternalSafely('https://example.com/a')).toBe(true);
    expect(openExternalSafely('mailto:help@example.com')).toBe(true);
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'ms-msdt:/id', 'smb://host/x', 'balcao://tickets/x', '']) {
      expect(openExternalSafely(url)).toBe(false);
    }
    expect(fake.record.openedExternally).toEqual(['https://example.com/a', 'mailto:help@example.com']);
  });

  it("trusts IPC only from frames showing the app's own files", () => {
    const trusted = isAppSender(APP_PAGE);
    expect(trusted({ senderFrame: { url: `${APP_URL}#/tickets` } } as never)).toBe(true);
    expect(trusted({ senderFrame: { url: 'file:///home/user/Downloads/evil.html' } } as never)).toBe(false);
    expect(trusted({ senderFrame: { url: `file:///opt/balcao/resources/app.asar/dist-app/../../evil.html` } } as never)).toBe(false);
    expect(trusted({ senderFrame: { url: `${SERVER_URL}/` } } as never)).toBe(false);
    expect(trusted({ senderFrame: null } as never)).toBe(false);
  });

  it('grants the microphone (audio only) and clipboard writes to the app page, and nothing else', () => {
    expect(isPermissionAllowed('media', APP_URL, APP_PAGE, ['audio'])).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', APP_URL, APP_PAGE)).toBe(true);
    expect(isPermissionAllowed('media', APP_URL, APP_PAGE, ['audio', 'video'])).toBe(false);
    expect(isPermissionAllowed('media', APP_URL, APP_PAGE, ['video'])).toBe(false);
    expect(isPermissionAllowed('media', APP_URL, APP_PAGE, [])).toBe(false);
    for (const permission of ['notifications', 'geolocation', 'fullscreen', 'midi', 'openExternal', 'display-capture', 'hid']) {
      expect(isPermissionAllowed(permission, APP_URL, APP_PAGE, ['audio'])).toBe(false);
    }
    expect(isPermissionAllowed('media', `${SERVER_URL}/`, APP_PAGE, ['audio'])).toBe(false);
    expect(isPermissionAllowed('media', 'file:///tmp/x.html', APP_PAGE, ['audio'])).toBe(false);
  });

  it('wires the permission handlers, device access and the spell-checker languages into the session', () => {
    const session = fake.session;
    security.hardenSession(session as never, context(), security.SPELL_CHECKER_LANGUAGES);
    const call = (fn: unknown, ...args: unknown[]) => (fn as (...a: unknown[]) => unknown)(...args);
    const answer = vi.fn();
    call(session.permissionRequestHandler, null, 'media', answer, { requestingUrl: APP_URL, mediaTypes: ['audio'] });
    call(session.permissionRequestHandler, null, 'geolocation', answer, { requestingUrl: APP_URL });
    expect(answer.mock.calls).toEqual([[true], [false]]);
    expect(call(session.permissionCheckHandler, null, 'media', 'file:///', { requestingUrl: APP_URL, mediaType: 'audio' })).toBe(true);
    expect(call(session.permissionCheckHandler, null, 'notifications', 'file:///', { requestingUrl: APP_URL })).toBe(false);
    expect(call(session.devicePermissionHandler, {})).toBe(false);
    expect(session.spellCheckerLanguages).toEqual(['pt-BR', 'en-US', 'es-ES', 'es']);
  });
});
