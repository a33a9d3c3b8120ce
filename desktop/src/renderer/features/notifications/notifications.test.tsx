// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto, TicketDto } from '@balcao/shared';
import { makeTicket } from '../../test/fixtures';
import { NotificationsPopover } from './NotificationsPopover';
import { VolumePopover } from './VolumePopover';
import { notifies, readVolume, VOLUME_KEY } from './notifications.logic';
import { useNotificationsFeed } from './notifications.socket';
import { useNotifications } from './notifications.store';
import { playChime } from './sound';

const handlers = new Map<string, (p: unknown) => void>();
vi.mock('../../lib/socket', () => ({
  getSocket: () => ({}),
  onReady: (h: () => void) => {
    h();
    return () => undefined;
  },
  listen: (channel: string, handler: (p: unknown) => void) => {
    handlers.set(channel, handler);
    return () => handlers.delete(channel);
  },
}));
const listed: TicketDto[] = [];
vi.mock('../../lib/http', () => ({ http: { get: vi.fn(async () => ({ tickets: listed, count: listed.length, hasMore: false })) } }));
vi.mock('./sound', () => ({ playChime: vi.fn() }));
const chime = vi.mocked(playChime);

type Me = Pick<SessionUserDto, 'id' | 'profile' | 'allTicket'>;
const agent: Me = { id: 7, profile: 'user', allTicket: 'disabled' };
const mine = makeTicket({ id: 1, uuid: 'aaaaaaaa-0000-4000-8000-000000000001', status: 'open', userId: 7, unreadMessages: 2 });
const waiting = makeTicket({ id: 2, uuid: 'aaaaaaaa-0000-4000-8000-000000000002', status: 'pending', userId: null, unreadMessages: 1 });

describe('notifies (the bell rule)', () => {
  it('counts my tickets with unread messages; waiting ones only with allTicket enabled or for admins; never closed or read ones', () => {
    expect(notifies(mine, agent)).toBe(true);
    expect(notifies({ ...mine, unreadMessages: 0 }, agent)).toBe(false);
    expect(notifies({ ...mine, status: 'closed' }, agent)).toBe(false);
    expect(notifies({ ...mine, userId: 8 }, agent)).toBe(false);
    expect(notifies(waiting, agent)).toBe(false);
    expect(notifies(waiting, { ...agent, allTicket: 'enabled' })).toBe(true);
    expect(notifies(waiting, { ...agent, profile: 'admin' })).toBe(true);
  });
});

describe('volume', () => {
  afterEach(cleanup);
  it('defaults to 1, rounds to steps of 0.1 within 0–1 and is kept in localStorage', () => {
    localStorage.removeItem(VOLUME_KEY);
    expect(readVolume()).toBe(1);
    localStorage.setItem(VOLUME_KEY, 'loud');
    expect(readVolume()).toBe(1);
    useNotifications.getState().setVolume(0.34);
    expect(localStorage.getItem(VOLUME_KEY)).toBe('0.3');
    useNotifications.getState().setVolume(7);
    expect(readVolume()).toBe(1);
    useNotifications.getState().setVolume(-1);
    expect(readVolume()).toBe(0);
  });

  it('the volume popover shows a 0–1 slider in steps of 0.1 at the kept volume', async () => {
    useNotifications.getState().setVolume(0.6);
    render(<VolumePopover />);
    fireEvent.click(screen.getByTestId('volume-button'));
    const slider = await screen.findByRole('slider');
    expect(slider.getAttribute('aria-valuenow')).toBe('0.6');
    expect(slider.getAttribute('aria-valuemin')).toBe('0');
    expect(slider.getAttribute('aria-valuemax')).toBe('1');
    fireEvent.keyDown(slider, { key: 'ArrowRight', keyCode: 39, which: 39 });
    expect(useNotifications.getState().volume).toBe(0.7);
    expect(localStorage.getItem(VOLUME_KEY)).toBe('0.7');
  });
});

const Where = () => <div data-testid="where">{useLocation().pathname}</div>;
const Bell = ({ me }: { me: Me }) => {
  useNotificationsFeed(me);
  return <NotificationsPopover />;
};
const renderBell = (me: Me, at = '/tickets') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <Bell me={me} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
const count = () => screen.getByTestId('notifications-count').querySelector('.ant-badge-count')?.getAttribute('title') ?? '0';
const message = (ticket: TicketDto) =>
  act(() => handlers.get('appMessage')!({ action: 'create', message: { fromMe: false, ticketId: ticket.id }, ticket, contact: ticket.contact }));

describe('NotificationsPopover', () => {
  beforeEach(() => {
    listed.length = 0;
    chime.mockClear();
    useNotifications.getState().reset();
    useNotifications.getState().setVolume(0.4);
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
  });
  afterEach(cleanup);

  it('loads the counted tickets, counts a new one (the sound is desktop-notify\'s), and a click opens the ticket', async () => {
    listed.push(mine, waiting);
    renderBell(agent);
    await waitFor(() => expect(count()).toBe('1'));
    // A new pending ticket: counted and rung only for an agent with allTicket enabled.
    const fresh = makeTicket({ id: 3, uuid: 'aaaaaaaa-0000-4000-8000-000000000003', status: 'pending', userId: null, unreadMessages: 1 });
    message(fresh);
    expect(chime).not.toHaveBeenCalled();
    message({ ...mine, unreadMessages: 3 });
    expect(useNotifications.getState().tickets[0]?.unreadMessages).toBe(3);
    expect(chime).not.toHaveBeenCalled();
    expect(count()).toBe('1');

    fireEvent.click(screen.getByTestId('notifications-button'));
    const items = await screen.findAllByTestId('notification-item');
    expect(items.map((i) => i.getAttribute('data-ticket-id'))).toEqual(['1']);
    fireEvent.click(items[0]!);
    expect(screen.getByTestId('where').textContent).toBe(`/tickets/${mine.uuid}`);
  });

  it('with allTicket enabled a new pending ticket is counted; once read it leaves the bell', async () => {
    renderBell({ ...agent, allTicket: 'enabled' });
    await waitFor(() => expect(useNotifications.getState().loading).toBe(false));
    fireEvent.click(screen.getByTestId('notifications-button'));
    expect(await screen.findByText('Nenhuma notificação')).toBeTruthy();
    message(waiting);
    expect(count()).toBe('1');
    act(() => handlers.get('ticket')!({ action: 'update', ticket: { ...waiting, unreadMessages: 0 } }));
    expect(useNotifications.getState().tickets).toEqual([]);
  });

  it('counts the ticket the agent is looking at without ringing itself (desktop-notify rings)', async () => {
    renderBell(agent, `/tickets/${mine.uuid}`);
    await waitFor(() => expect(useNotifications.getState().loading).toBe(false));
    message(mine);
    expect(chime).not.toHaveBeenCalled();
    expect(useNotifications.getState().tickets.map((t) => t.id)).toEqual([1]);
  });
});
