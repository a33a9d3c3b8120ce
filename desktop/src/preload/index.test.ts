import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '../common/bridge';
import { InvokeChannels, PushChannels } from '../common/ipc-channels';

const electron = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  return {
    exposed: new Map<string, unknown>(),
    listeners,
    invoke: vi.fn(async (..._args: unknown[]): Promise<unknown> => ({ ok: true, value: undefined })),
    push(channel: string, ...args: unknown[]) {
      for (const listener of listeners.get(channel) ?? []) listener({ sender: 'ipc event' }, ...args);
    },
  };
});

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: unknown) => electron.exposed.set(key, api),
  },
  ipcRenderer: {
    invoke: electron.invoke,
    on(channel: string, listener: (...args: unknown[]) => void) {
      const set = electron.listeners.get(channel) ?? new Set();
      set.add(listener);
      electron.listeners.set(channel, set);
    },
    removeListener(channel: string, listener: (...args: unknown[]) => void) {
      electron.listeners.get(channel)?.delete(listener);
    },
  },
}));

const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';
let bridge: DesktopBridge;

describe('preload', () => {
  beforeAll(async () => {
    await import('./index');
    bridge = electron.exposed.get('desktop') as DesktopBridge;
  });
  beforeEach(() => electron.invoke.mockClear());

  it("exposes exactly one API, as 'desktop'", () => {
    expect([...electron.exposed.keys()]).toEqual(['desktop']);
    expect(bridge.isDesktop).toBe(true);
  });

  it('the app may always notify: no permission to ask, nothing sent to main', async () => {
    expect(bridge.notificationPermissionPending()).toBe(false);
    expect(await bridge.requestNotificationPermission()).toBe('granted');
    expect(electron.invoke).not.toHaveBeenCalled();
  });

  it('maps each bridge method to its invoke channel', async () => {
    const notification = { title: 'Novo', body: 'oi', ticketUuid: UUID };
    await bridge.setBadgeCount(2);
    await bridge.showNotification(notification);
    await bridge.getPref('volume');
    await bridge.setPref('volume', 0.5);
    await bridge.openExternal('https://example.com');
    await bridge.getVersion();
    await bridge.setTrayCounts({ pending: 1, unread: 2 });
    await bridge.getServer();
    await bridge.checkServer('balcao.example.com');
    await bridge.setServer('https://balcao.example.com');
    expect(electron.invoke.mock.calls).toEqual([
      [InvokeChannels.traySetCount, 2],
      [InvokeChannels.notificationsShow, notification],
      [InvokeChannels.prefsGet, 'volume'],
      [InvokeChannels.prefsSet, 'volume', 0.5],
      [InvokeChannels.appOpenExternal, 'https://example.com'],
      [InvokeChannels.appGetVersion],
      [InvokeChannels.traySetCounts, { pending: 1, unread: 2 }],
      [InvokeChannels.serverGet],
      [InvokeChannels.serverCheck, 'balcao.example.com'],
      [InvokeChannels.serverSet, 'https://balcao.example.com'],
    ]);
  });

  it('resolves with the value of ok results and rejects with the error of failed ones', async () => {
    electron.invoke.mockResolvedValueOnce({ ok: true, value: '1.2.3' });
    await expect(bridge.getVersion()).resolves.toBe('1.2.3');
    electron.invoke.mockResolvedValueOnce({ ok: false, error: 'tray:setCount: invalid arguments' });
    await expect(bridge.setBadgeCount(-1)).rejects.toThrow('tray:setCount: invalid arguments');
  });

  it('passes only the ticket uuid to onOpenTicket listeners, until unsubscribed; tells main once that it listens', async () => {
    const listener = vi.fn();
    const unsubscribe = bridge.onOpenTicket(listener);
    const offChat = bridge.onOpenChat(vi.fn());
    await Promise.resolve();
    expect(electron.invoke.mock.calls).toEqual([[InvokeChannels.appLinksReady]]);
    electron.push(PushChannels.appFocusTicket, UUID);
    electron.push(PushChannels.appFocusTicket, { uuid: UUID });
    unsubscribe();
    offChat();
    electron.push(PushChannels.appFocusTicket, UUID);
    expect(listener.mock.calls).toEqual([[UUID]]);
    bridge.onNavigate(vi.fn());
    await Promise.resolve();
    expect(electron.invoke).toHaveBeenCalledTimes(1);
  });

  it('routes chat links and navigation to their own listeners', () => {
    const chat = vi.fn();
    const path = vi.fn();
    const offChat = bridge.onOpenChat(chat);
    const offPath = bridge.onNavigate(path);
    electron.push(PushChannels.appFocusChat, UUID);
    electron.push(PushChannels.appNavigate, '/tickets?tab=pending');
    offChat();
    offPath();
    expect(chat.mock.calls).toEqual([[UUID]]);
    expect(path.mock.calls).toEqual([['/tickets?tab=pending']]);
  });

  it("passes the machine's idle state (booleans only) and asks main for nothing", async () => {
    const idle = vi.fn();
    const off = bridge.onIdleChange(idle);
    electron.push(PushChannels.appIdle, true);
    electron.push(PushChannels.appIdle, 'yes');
    electron.push(PushChannels.appIdle, false);
    off();
    electron.push(PushChannels.appIdle, true);
    expect(idle.mock.calls).toEqual([[true], [false]]);
    await Promise.resolve();
    expect(electron.invoke).not.toHaveBeenCalled();
  });

  it('imports nothing but electron at runtime (a sandboxed preload cannot require local files)', () => {
    const source = readFileSync(join(__dirname, 'index.ts'), 'utf8');
    const runtimeImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
    expect(runtimeImports).toEqual(['electron']);
  });
});
