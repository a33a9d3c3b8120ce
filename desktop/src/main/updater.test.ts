import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startAutoUpdate, updateUrlFrom, UPDATE_CHECK_EVERY_MS, type AutoUpdater } from './updater.js';

function fakeUpdater() {
  const updater = {
    autoDownload: false,
    setFeedURL: vi.fn(),
    checkForUpdatesAndNotify: vi.fn(async () => null),
    on: vi.fn(),
  } satisfies AutoUpdater;
  return updater;
}

describe('auto-update', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is off without a URL, and in a source checkout, without even loading electron-updater', async () => {
    const load = vi.fn(async () => fakeUpdater());
    expect(await startAutoUpdate({ url: undefined, isPackaged: true, load })).toBe(false);
    expect(await startAutoUpdate({ url: 'https://updates.example.com/balcao/', isPackaged: false, load })).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('with a URL, feeds electron-updater the generic URL and checks now and every 4 hours', async () => {
    const updater = fakeUpdater();
    const timers: Array<[() => void, number]> = [];
    const started = await startAutoUpdate({
      url: 'https://updates.example.com/balcao/',
      isPackaged: true,
      load: async () => updater,
      setInterval: (fn, ms) => timers.push([fn, ms]),
    });
    expect(started).toBe(true);
    expect(updater.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: 'https://updates.example.com/balcao/' });
    expect(updater.checkForUpdatesAndNotify).toHaveBeenCalledTimes(1);
    expect(timers.map(([, ms]) => ms)).toEqual([UPDATE_CHECK_EVERY_MS]);
    timers[0]?.[0]();
    expect(updater.checkForUpdatesAndNotify).toHaveBeenCalledTimes(2);
  });

  it('runs on without updates when electron-updater is missing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = async (): Promise<AutoUpdater> => {
      throw new Error("Cannot find package 'electron-updater'");
    };
    expect(await startAutoUpdate({ url: 'https://updates.example.com/', isPackaged: true, load })).toBe(false);
  });

  it('takes the URL from the environment, else from the packaged file, http(s) only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'balcao-update-'));
    const file = join(dir, 'update.json');
    expect(updateUrlFrom({}, file)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ url: 'https://dl.example.com/balcao/' }));
    expect(updateUrlFrom({}, file)).toBe('https://dl.example.com/balcao/');
    expect(updateUrlFrom({ BALCAO_UPDATE_URL: 'https://env.example.com/u/' }, file)).toBe('https://env.example.com/u/');
    expect(updateUrlFrom({ BALCAO_UPDATE_URL: 'file:///tmp/evil' })).toBeUndefined();
    writeFileSync(file, JSON.stringify({ url: null }));
    expect(updateUrlFrom({}, file)).toBeUndefined();
    writeFileSync(file, 'not json');
    expect(updateUrlFrom({}, file)).toBeUndefined();
  });
});
