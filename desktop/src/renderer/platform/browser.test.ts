// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '../../common/bridge';
import { createBrowserBridge } from './browser';

const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = vi.fn(async () => FakeNotification.permission);
  static created: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.created.push(this);
  }
  close() {
    this.closed = true;
  }
}

let bridge: DesktopBridge;

beforeEach(() => {
  FakeNotification.permission = 'granted';
  FakeNotification.created = [];
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal('Notification', FakeNotification);
  localStorage.clear();
  document.title = 'Balcão';
  vi.spyOn(window, 'focus').mockImplementation(() => {});
  bridge = createBrowserBridge({ version: '0.1.0' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('browser bridge', () => {
  it('is not the desktop', () => {
    expect(bridge.isDesktop).toBe(false);
  });

  it('shows the count as a "(n) " prefix of the tab title, and clears it at 0', async () => {
    await bridge.setBadgeCount(4);
    expect(document.title).toBe('(4) Balcão');
    await bridge.setBadgeCount(12);
    expect(document.title).toBe('(12) Balcão');
    await bridge.setBadgeCount(0);
    expect(document.title).toBe('Balcão');
  });

  it('refuses an invalid count with the same message as the desktop', async () => {
    await expect(bridge.setBadgeCount(-1)).rejects.toThrow('tray:setCount: invalid arguments');
    expect(document.title).toBe('Balcão');
  });

  it('shows a web notification and, on click, focuses the tab and opens the ticket', async () => {
    const listener = vi.fn();
    bridge.onOpenTicket(listener);
    await bridge.showNotification({ title: 'Novo atendimento', body: 'Maria: oi', ticketUuid: UUID });
    const [notification] = FakeNotification.created;
    expect(notification).toMatchObject({ title: 'Novo atendimento', options: { body: 'Maria: oi', tag: `ticket:${UUID}`, silent: true } });
    notification?.onclick?.();
    expect(window.focus).toHaveBeenCalled();
    expect(notification?.closed).toBe(true);
    expect(listener).toHaveBeenCalledWith(UUID);
  });

  it('opens the chat of a chat notification, grouped per chat', async () => {
    const ticket = vi.fn();
    const chat = vi.fn();
    bridge.onOpenTicket(ticket);
    bridge.onOpenChat(chat);
    await bridge.showNotification({ title: 'Ana', body: 'reunião', chatUuid: UUID });
    const [notification] = FakeNotification.created;
    expect(notification?.options).toMatchObject({ tag: `chat:${UUID}` });
    notification?.onclick?.();
    expect(chat).toHaveBeenCalledWith(UUID);
    expect(ticket).not.toHaveBeenCalled();
  });

  it('stops calling a listener once unsubscribed', async () => {
    const listener = vi.fn();
    bridge.onOpenTicket(listener)();
    await bridge.showNotification({ title: 'Novo', body: '', ticketUuid: UUID });
    FakeNotification.created[0]?.onclick?.();
    expect(listener).not.toHaveBeenCalled();
  });

  it('shows nothing when notifications are denied or unsupported', async () => {
    FakeNotification.permission = 'denied';
    await bridge.showNotification({ title: 'Novo', body: '', ticketUuid: UUID });
    vi.stubGlobal('Notification', undefined);
    await bridge.showNotification({ title: 'Novo', body: '', ticketUuid: UUID });
    expect(FakeNotification.created).toEqual([]);
  });

  it('never asks while showing (no user gesture there): undecided means nothing shown', async () => {
    FakeNotification.permission = 'default';
    await bridge.showNotification({ title: 'Novo', body: '', ticketUuid: UUID });
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    expect(FakeNotification.created).toEqual([]);
    expect(bridge.notificationPermissionPending()).toBe(true);
  });

  it('asks once, when the caller asks (a click), and then shows; a decided permission is answered without asking', async () => {
    FakeNotification.permission = 'default';
    FakeNotification.requestPermission.mockImplementationOnce(async () => {
      FakeNotification.permission = 'granted';
      return 'granted';
    });
    expect(await bridge.requestNotificationPermission()).toBe('granted');
    expect(bridge.notificationPermissionPending()).toBe(false);
    expect(await bridge.requestNotificationPermission()).toBe('granted');
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    await bridge.showNotification({ title: 'Novo', body: '', ticketUuid: UUID });
    expect(FakeNotification.created.map((n) => n.title)).toEqual(['Novo']);
    vi.stubGlobal('Notification', undefined);
    expect(await bridge.requestNotificationPermission()).toBe('unsupported');
  });

  it('tags an announcement as its own group', async () => {
    await bridge.showNotification({ title: 'Aviso', body: 'manutenção', announcementId: 4 });
    expect(FakeNotification.created[0]?.options).toMatchObject({ tag: 'announcement:4', silent: true });
  });

  it('round-trips preferences through localStorage, with defaults for unset keys', async () => {
    expect(await bridge.getPref('volume')).toBe(1);
    const todos = [{ id: 't1', text: 'Retornar ligação', updatedAt: '2025-01-02T10:00:00.000Z' }];
    await bridge.setPref('todos', todos);
    await bridge.setPref('preferredTheme', 'dark');
    const reopened = createBrowserBridge({ version: '0.1.0' });
    expect(await reopened.getPref('todos')).toEqual(todos);
    expect(await reopened.getPref('preferredTheme')).toBe('dark');
  });

  it('keeps the outbox as a preference: valid items round-trip, malformed ones are refused', async () => {
    const item = {
      clientId: '3b241101-e2bb-4255-8caf-4136c566a962',
      companyId: 1,
      userId: 2,
      ticketId: 3,
      ticketUuid: UUID,
      body: 'oi',
      quotedMsgId: null,
      createdAt: '2026-11-26T03:00:00.000Z',
    };
    expect(await bridge.getPref('outbox')).toEqual([]);
    await bridge.setPref('outbox', [item]);
    expect(await createBrowserBridge({ version: '0.1.0' }).getPref('outbox')).toEqual([item]);
    await expect(bridge.setPref('outbox', [{ ...item, clientId: 'x' }])).rejects.toThrow('prefs:set: invalid arguments');
    await expect(bridge.setPref('outbox', [{ ...item, body: '' }])).rejects.toThrow('prefs:set: invalid arguments');
  });

  it('refuses invalid preference values and ignores unreadable stored ones', async () => {
    await expect(bridge.setPref('volume', 3)).rejects.toThrow('prefs:set: invalid arguments');
    localStorage.setItem('balcao.pref.volume', '{not json');
    localStorage.setItem('balcao.pref.language', '"klingon"');
    expect(await bridge.getPref('volume')).toBe(1);
    expect(await bridge.getPref('language')).toBe('pt-BR');
  });

  it('opens external links in a new tab without an opener, and refuses other schemes', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await bridge.openExternal('https://wa.me/5511999999999');
    await expect(bridge.openExternal('javascript:alert(1)')).rejects.toThrow('app:openExternal: invalid arguments');
    expect(open.mock.calls).toEqual([['https://wa.me/5511999999999', '_blank', 'noopener,noreferrer']]);
  });

  it('answers the version it was built with', async () => {
    expect(await bridge.getVersion()).toBe('0.1.0');
  });

  it('shows pending + unread as one count in the tab title', async () => {
    document.title = 'Balcão';
    await bridge.setTrayCounts({ pending: 2, unread: 3 });
    expect(document.title).toBe('(5) Balcão');
    await bridge.setTrayCounts({ pending: 0, unread: 0 });
    expect(document.title).toBe('Balcão');
    await expect(bridge.setTrayCounts({ pending: -1, unread: 0 })).rejects.toThrow('tray:setCounts: invalid arguments');
  });

  it('shows no notification during do not disturb', async () => {
    await bridge.setPref('doNotDisturb', true);
    await bridge.showNotification({ title: 'Novo', body: '', ticketUuid: UUID });
    expect(FakeNotification.created).toEqual([]);
  });

  it('talks to the server that served it: no server choice in a browser', async () => {
    expect(await bridge.getServer()).toBeNull();
    await expect(bridge.checkServer('https://balcao.example.com')).rejects.toThrow(/only the desktop app/);
    await expect(bridge.setServer('ftp://x')).rejects.toThrow('server:set: invalid arguments');
    const off = bridge.onOpenChat(vi.fn());
    off();
  });
});
