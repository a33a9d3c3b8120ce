// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { useSession } from '../../lib/session';
import { makeMessage, makeTicket } from '../../test/fixtures';
import { useNotifications } from '../notifications/notifications.store';
import { playChime } from '../notifications/sound';
import { notifyDesk, useDesktopNotifications } from './desktopNotify';

const socketHandlers = new Map<string, (p: unknown) => void>();
vi.mock('../../lib/socket', () => ({
  getSocket: () => ({
    on: (event: string, h: (p: unknown) => void) => socketHandlers.set(event, h),
    off: (event: string) => socketHandlers.delete(event),
  }),
  onReady: (h: () => void) => {
    h();
    return () => undefined;
  },
}));
vi.mock('../notifications/sound', () => ({ playChime: vi.fn() }));
const prefs = { doNotDisturb: false };
const bridge = {
  getPref: vi.fn(async (key: keyof typeof prefs) => prefs[key]),
  showNotification: vi.fn(async () => undefined),
  notificationPermissionPending: vi.fn(() => true),
  requestNotificationPermission: vi.fn(async () => 'granted'),
};
vi.mock('../../platform/platform', () => ({ getPlatform: () => bridge }));

const TICKET = '6f1c1e2a-5b7d-4c1e-9a3b-1d2e3f4a5b6c';
const CHAT = '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
const user = { id: 7, companyId: 2, profile: 'user', super: false, allTicket: 'enabled', queues: [{ id: 5 }], name: 'Ana' } as unknown as SessionUserDto;
const mine = makeTicket({ uuid: TICKET, status: 'open', userId: 7 });

const Shell = () => {
  useDesktopNotifications();
  return null;
};
const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Shell />
    </MemoryRouter>,
  );

describe('desktop notifications in the shell', () => {
  beforeEach(() => {
    useSession.setState({ user, token: 't' });
    useNotifications.setState({ volume: 0.4 });
    prefs.doNotDisturb = false;
    localStorage.clear();
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    socketHandlers.clear();
  });

  it('a customer message on my ticket: the chime at the chosen volume and one banner for that ticket', async () => {
    renderAt('/tickets');
    await notifyDesk({ kind: 'message', message: makeMessage(), ticket: mine });
    expect(vi.mocked(playChime)).toHaveBeenCalledWith(0.4);
    expect(bridge.showNotification).toHaveBeenCalledWith({ title: 'Maria Souza', body: 'Oi', ticketUuid: TICKET });
  });

  it('silent while that ticket is on screen in the focused window; rings once the window loses focus', async () => {
    renderAt(`/tickets/${TICKET}`);
    await notifyDesk({ kind: 'message', message: makeMessage(), ticket: mine });
    expect(bridge.showNotification).not.toHaveBeenCalled();
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    await notifyDesk({ kind: 'message', message: makeMessage(), ticket: mine });
    expect(bridge.showNotification).toHaveBeenCalledTimes(1);
  });

  it('do not disturb (the tray’s, read through the bridge) silences sound and banner', async () => {
    prefs.doNotDisturb = true;
    renderAt('/tickets');
    await notifyDesk({ kind: 'message', message: makeMessage(), ticket: mine });
    expect(bridge.getPref).toHaveBeenCalledWith('doNotDisturb');
    expect(vi.mocked(playChime)).not.toHaveBeenCalled();
    expect(bridge.showNotification).not.toHaveBeenCalled();
  });

  it('hears the internal chat on the user’s channel and the announcements of priority 1', async () => {
    renderAt('/tickets');
    expect([...socketHandlers.keys()].sort()).toEqual(['company-2-announcement', 'company-2-chat-user-7', 'company-2-sla']);
    socketHandlers.get('company-2-chat-user-7')!({ action: 'new-message', record: { uuid: CHAT, title: 'Equipe' }, newMessage: { message: 'oi', senderId: 9, sender: { name: 'Bruno' } } });
    socketHandlers.get('company-2-announcement')!({ action: 'create', record: { id: 3, title: 'Aviso', text: 'Manutenção às 22h', priority: 1, status: true } });
    socketHandlers.get('company-2-announcement')!({ action: 'create', record: { id: 4, title: 'Aviso', text: 'baixa', priority: 3, status: true } });
    await vi.waitFor(() => expect(bridge.showNotification).toHaveBeenCalledTimes(2));
    expect(bridge.showNotification.mock.calls.map((c) => (c as unknown[])[0])).toEqual([
      expect.objectContaining({ chatUuid: CHAT, body: 'oi' }),
      expect.objectContaining({ announcementId: 3, body: 'Manutenção às 22h' }),
    ]);
  });

  it('rings for an SLA warning and a breach the server sent (issue 30 §3), and ignores a malformed one', async () => {
    renderAt('/tickets');
    const alert = { ticketId: 5, ticketUuid: '0b9f3c1e-8d2a-4c1b-9f00-1a2b3c4d5e6f', queueId: 2, userId: null, contactName: 'Ana', target: 'firstResponse', dueAt: '2026-12-01T16:20:00.000Z' };
    socketHandlers.get('company-2-sla')!({ action: 'warning', alert });
    socketHandlers.get('company-2-sla')!({ action: 'warning', alert: { ...alert, target: 'soon' } });
    socketHandlers.get('company-2-sla')!({ action: 'breach', alert });
    await vi.waitFor(() => expect(bridge.showNotification).toHaveBeenCalledTimes(2));
    expect(bridge.showNotification.mock.calls.map((c) => (c as unknown[])[0])).toEqual([
      expect.objectContaining({ title: 'SLA perto de estourar: Ana', ticketUuid: alert.ticketUuid, body: expect.stringContaining('Primeira resposta') }),
      expect.objectContaining({ title: 'SLA estourado: Ana', ticketUuid: alert.ticketUuid }),
    ]);
  });

  it('asks the browser’s permission once, on the first click', () => {
    renderAt('/tickets');
    expect(bridge.requestNotificationPermission).not.toHaveBeenCalled();
    fireEvent.pointerDown(document.body);
    fireEvent.pointerDown(document.body);
    expect(bridge.requestNotificationPermission).toHaveBeenCalledTimes(1);
    cleanup();
    renderAt('/tickets');
    fireEvent.pointerDown(document.body);
    expect(bridge.requestNotificationPermission).toHaveBeenCalledTimes(1);
  });
});
