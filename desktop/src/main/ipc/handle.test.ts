import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IpcArgs } from '../../common/ipc-schemas.js';
import { APP_PAGE } from '../test/fake-electron.js';

const fake = await vi.hoisted(async () => (await import('../test/fake-electron.js')).fake);
vi.mock('../electron-api.js', () => fake.module);

const { createHandle } = await import('./handle.js');
const { isAppSender } = await import('../security.js');

describe('handle', () => {
  const handle = () => createHandle(isAppSender(APP_PAGE));
  beforeEach(() => fake.reset());
  afterEach(() => vi.restoreAllMocks());

  it('runs the handler with parsed arguments and answers ok:true with its value', async () => {
    const setCount = vi.fn();
    handle()('tray:setCount', IpcArgs['tray:setCount'], setCount);
    await expect(fake.invoke('tray:setCount', [7])).resolves.toEqual({ ok: true, value: undefined });
    expect(setCount).toHaveBeenCalledWith(7);
  });

  it.each([
    ['a wrong type', ['7']],
    ['a negative count', [-1]],
    ['a fraction', [1.5]],
    ['a missing argument', []],
    ['an extra argument', [1, 2]],
  ])('answers ok:false without calling the handler for %s', async (_case, args) => {
    const setCount = vi.fn();
    handle()('tray:setCount', IpcArgs['tray:setCount'], setCount);
    const result = await fake.invoke('tray:setCount', args);
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('tray:setCount: invalid arguments') });
    expect(setCount).not.toHaveBeenCalled();
  });

  it('refuses senders that are not showing the app', async () => {
    const setCount = vi.fn();
    handle()('tray:setCount', IpcArgs['tray:setCount'], setCount);
    await expect(fake.invoke('tray:setCount', [1], 'https://evil.example/')).resolves.toEqual({
      ok: false,
      error: 'tray:setCount: sender is not the app',
    });
    await expect(fake.invoke('tray:setCount', [1], null)).resolves.toMatchObject({ ok: false });
    expect(setCount).not.toHaveBeenCalled();
  });

  it('answers ok:false when the sender frame is already gone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    handle()('tray:setCount', IpcArgs['tray:setCount'], vi.fn());
    const disposed = {
      get senderFrame(): never {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
    };
    await expect(fake.record.handlers.get('tray:setCount')?.(disposed, 1)).resolves.toMatchObject({ ok: false });
  });

  it('turns a throwing or rejecting handler into ok:false instead of rejecting', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    handle()('app:getVersion', IpcArgs['app:getVersion'], () => {
      throw new Error('disk on fire');
    });
    handle()('app:openExternal', IpcArgs['app:openExternal'], () => Promise.reject(new Error('no browser')));
    await expect(fake.invoke('app:getVersion', [])).resolves.toEqual({ ok: false, error: 'app:getVersion: disk on fire' });
    await expect(fake.invoke('app:openExternal', ['https://example.com'])).resolves.toEqual({
      ok: false,
      error: 'app:openExternal: no browser',
    });
  });

  it('awaits asynchronous handlers', async () => {
    handle()('app:getVersion', IpcArgs['app:getVersion'], async () => '9.9.9');
    await expect(fake.invoke('app:getVersion', [])).resolves.toEqual({ ok: true, value: '9.9.9' });
  });
});
