import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserWindow } from './electron-api.js';

/** Where the packaged renderer sits inside the app folder (app.asar in a package): see electron-builder.yml. */
export const RENDERER_DIR = 'dist-app';

/**
 * The page the window shows. Normally the renderer built into the app, read from its own files
 * (it opens without the network and uses a hash router on file:); in development, optionally a
 * Vite dev server (`BALCAO_RENDERER_URL`, never in a packaged app).
 */
export type AppPage =
  | { kind: 'file'; indexPath: string; /** file URL of the renderer folder, ending in '/' */ dirUrl: string }
  | { kind: 'url'; url: string; origin: string };

export function resolveAppPage({ appPath, isPackaged, devUrl }: { appPath: string; isPackaged: boolean; devUrl?: string }): AppPage {
  if (devUrl && !isPackaged) {
    const url = new URL(devUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`BALCAO_RENDERER_URL must be an http(s) URL, got ${url.protocol}`);
    }
    return { kind: 'url', url: url.href, origin: url.origin };
  }
  const dir = join(appPath, RENDERER_DIR);
  return { kind: 'file', indexPath: join(dir, 'index.html'), dirUrl: `${pathToFileURL(dir).href}/` };
}

/** Is `url` a page of the app itself (not any other local file, not any web site)? */
export function isAppUrl(page: AppPage, url: string | undefined): boolean {
  if (!url) return false;
  if (page.kind === 'url') {
    try {
      return new URL(url).origin === page.origin;
    } catch {
      return false;
    }
  }
  // Compare without the fragment or query: the hash router lives in the fragment.
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return path.startsWith(page.dirUrl) && !path.slice(page.dirUrl.length).split('/').includes('..');
}

/**
 * What the page's requests carry as `Origin`, and what answers must allow: the dev server's
 * origin, or for a file page `file://` — Chromium's serialisation of a file page that may read
 * its own files, as Electron's file pages may (and must: the renderer's module scripts are
 * files). A file page without that right has an opaque origin and sends `null` (decision 0311).
 */
export function pageRequestOrigin(page: AppPage): string {
  return page.kind === 'file' ? 'file://' : page.origin;
}

/** Every `Origin` the page's requests may carry: a file page's, serialised either way. */
export function pageRequestOrigins(page: AppPage): readonly string[] {
  return page.kind === 'file' ? ['file://', 'null'] : [page.origin];
}

/** Load the app, optionally on a route (`/tickets/<uuid>`): a hash route for file pages. */
export function loadAppPage(window: BrowserWindow, page: AppPage, route = '/'): Promise<void> {
  if (page.kind === 'file') return window.loadFile(page.indexPath, { hash: route });
  return window.loadURL(new URL(route, page.url).href);
}
