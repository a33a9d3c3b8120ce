/**
 * Auto-update through electron-updater from a generic URL (a folder on any web server holding
 * what `npm run dist` produced: latest.yml, latest-linux.yml, latest-mac.yml and the installers).
 * Off unless a URL is set — `BALCAO_UPDATE_URL` at run time, or at packaging time (written to
 * dist-electron/update.json by scripts/electron-before-build.mjs). electron-updater is loaded
 * only then, so a build without it (or without a URL) runs exactly as before.
 */
import { existsSync, readFileSync } from 'node:fs';

/** The part of electron-updater's `autoUpdater` used here. */
export interface AutoUpdater {
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdatesAndNotify(): Promise<unknown>;
  autoDownload: boolean;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export type LoadUpdater = () => Promise<AutoUpdater>;

export const UPDATE_CHECK_EVERY_MS = 4 * 60 * 60 * 1000;

/** The update URL: the environment first, then the packaged file; only http(s). */
export function updateUrlFrom(env: Record<string, string | undefined>, packagedFile?: string): string | undefined {
  let url = env.BALCAO_UPDATE_URL?.trim();
  if (!url && packagedFile && existsSync(packagedFile)) {
    try {
      const parsed = JSON.parse(readFileSync(packagedFile, 'utf8')) as { url?: unknown };
      if (typeof parsed.url === 'string') url = parsed.url.trim();
    } catch {
      url = undefined;
    }
  }
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** electron-updater, loaded by name at run time (the lead adds the dependency; see the report). */
export const loadElectronUpdater: LoadUpdater = async () => {
  const name = 'electron-updater';
  const module = (await import(name)) as { autoUpdater?: AutoUpdater; default?: { autoUpdater?: AutoUpdater } };
  const updater = module.autoUpdater ?? module.default?.autoUpdater;
  if (!updater) throw new Error('electron-updater has no autoUpdater export');
  return updater;
};

export interface UpdaterOptions {
  url: string | undefined;
  /** Only packaged apps update (a source checkout has nothing to replace). */
  isPackaged: boolean;
  load?: LoadUpdater;
  setInterval?: (fn: () => void, ms: number) => unknown;
}

/** Starts checking (now and every 4 h) when a URL is set; returns whether it did. Never throws. */
export async function startAutoUpdate({ url, isPackaged, load = loadElectronUpdater, setInterval = globalThis.setInterval }: UpdaterOptions): Promise<boolean> {
  if (!url || !isPackaged) return false;
  let updater: AutoUpdater;
  try {
    updater = await load();
  } catch (error) {
    console.error('[updater] electron-updater is not available; updates are off', error);
    return false;
  }
  updater.autoDownload = true;
  updater.setFeedURL({ provider: 'generic', url });
  updater.on('error', (error) => console.error('[updater]', error.message));
  const check = () => {
    updater.checkForUpdatesAndNotify().catch((error: unknown) => console.error('[updater] check failed', error));
  };
  check();
  setInterval(check, UPDATE_CHECK_EVERY_MS);
  return true;
}
