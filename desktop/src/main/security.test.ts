import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ORIGIN } from './test/fake-electron.js';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const { contentSecurityPolicyListener, isAppSender, isPermissionAllowed, openExternalSafely } = await import(
  './security.js'
);

function headersAfter(responseHeaders?: Record<string, string[]>) {
  const callback = vi.fn();
  contentSecurityPolicyListener(APP_ORIGIN)({ responseHeaders }, callback);
  return callback.mock.calls[0]?.[0];
}

describe('security', () => {
  beforeEach(() => fake.reset());

  it('adds a strict CSP to responses that carry none', () => {
    const response = headersAfter({ 'content-type': ['text/html'] });
    const [policy] = response.responseHeaders['Content-Security-Policy'];
    expect(response.responseHeaders['content-type']).toEqual(['text/html']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("connect-src 'self' ws://localhost:8080");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  });

  it("keeps the server's own CSP, whatever the header's case", () => {
    expect(headersAfter({ 'content-security-policy': ["default-src 'none'"] })).toEqual({});
    expect(headersAfter({ 'Content-Security-Policy': ["default-src 'none'"] })).toEqual({});
  });

  it('opens http(s) and mailto externally and drops other schemes', () => {
    expect(openExternalSafely('https://example.com/a')).toBe(true);
    expect(openExternalSafely('mailto:help@example.com')).toBe(true);
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'ms-msdt:/id', 'smb://host/x', '']) {
      expect(openExternalSafely(url)).toBe(false);
    }
    expect(fake.record.openedExternally).toEqual(['https://example.com/a', 'mailto:help@example.com']);
  });

  it('trusts IPC only from frames on the app origin', () => {
    const trusted = isAppSender(APP_ORIGIN);
    expect(trusted({ senderFrame: { url: 'http://localhost:8080/tickets' } } as never)).toBe(true);
    expect(trusted({ senderFrame: { url: 'http://localhost:8081/' } } as never)).toBe(false);
    expect(trusted({ senderFrame: { url: 'https://localhost:8080/' } } as never)).toBe(false);
    expect(trusted({ senderFrame: null } as never)).toBe(false);
  });

  it('grants only the permissions the app uses, only to the app origin', () => {
    expect(isPermissionAllowed('media', 'http://localhost:8080/tickets', APP_ORIGIN)).toBe(true);
    expect(isPermissionAllowed('notifications', APP_ORIGIN, APP_ORIGIN)).toBe(true);
    expect(isPermissionAllowed('geolocation', 'http://localhost:8080/', APP_ORIGIN)).toBe(false);
    expect(isPermissionAllowed('media', 'https://evil.example/', APP_ORIGIN)).toBe(false);
  });
});
