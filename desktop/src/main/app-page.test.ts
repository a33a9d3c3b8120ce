import { describe, expect, it } from 'vitest';
import { isAppUrl, pageRequestOrigin, pageRequestOrigins, resolveAppPage } from './app-page.js';

describe('the app page', () => {
  it("is the renderer in the app's own folder", () => {
    const page = resolveAppPage({ appPath: '/opt/Balcão/resources/app.asar', isPackaged: true });
    expect(page).toEqual({
      kind: 'file',
      indexPath: '/opt/Balcão/resources/app.asar/dist-app/index.html',
      dirUrl: 'file:///opt/Balc%C3%A3o/resources/app.asar/dist-app/',
    });
    expect(isAppUrl(page, 'file:///opt/Balc%C3%A3o/resources/app.asar/dist-app/index.html#/tickets')).toBe(true);
    expect(isAppUrl(page, 'file:///opt/Balc%C3%A3o/resources/app.asar/other/index.html')).toBe(false);
    expect(isAppUrl(page, undefined)).toBe(false);
    // Chromium's file origin when the page may read its own files (Electron's file pages).
    expect(pageRequestOrigin(page)).toBe('file://');
    expect(pageRequestOrigins(page)).toEqual(['file://', 'null']);
  });

  it('may be a dev server in a source checkout, never in a package', () => {
    const dev = resolveAppPage({ appPath: '/src/desktop', isPackaged: false, devUrl: 'http://localhost:5173' });
    expect(dev).toMatchObject({ kind: 'url', origin: 'http://localhost:5173' });
    expect(isAppUrl(dev, 'http://localhost:5173/tickets')).toBe(true);
    expect(isAppUrl(dev, 'http://localhost:8080/')).toBe(false);
    expect(pageRequestOrigin(dev)).toBe('http://localhost:5173');
    expect(pageRequestOrigins(dev)).toEqual(['http://localhost:5173']);
    expect(resolveAppPage({ appPath: '/a', isPackaged: true, devUrl: 'http://localhost:5173' }).kind).toBe('file');
    expect(() => resolveAppPage({ appPath: '/a', isPackaged: false, devUrl: 'file:///x' })).toThrow(/http\(s\)/);
  });
});
