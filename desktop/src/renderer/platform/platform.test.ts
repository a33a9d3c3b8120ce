// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '../../common/bridge';

describe('getPlatform', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    delete (window as { desktop?: DesktopBridge }).desktop;
  });

  it("returns the preload's bridge inside the desktop app", async () => {
    const desktop = { isDesktop: true } as DesktopBridge;
    (window as { desktop?: DesktopBridge }).desktop = desktop;
    const { getPlatform } = await import('./platform');
    expect(getPlatform()).toBe(desktop);
  });

  it('falls back to the browser bridge, and always returns the same one', async () => {
    const { getPlatform } = await import('./platform');
    expect(getPlatform().isDesktop).toBe(false);
    expect(getPlatform()).toBe(getPlatform());
  });
});
