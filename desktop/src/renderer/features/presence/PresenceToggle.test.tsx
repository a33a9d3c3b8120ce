// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PresenceDto, SessionUserDto, WireChannels } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { presenceApi } from './presence.api';
import { PresenceToggle } from './PresenceToggle';

const handlers: ((p: WireChannels['userPresence']) => void)[] = [];
vi.mock('../../lib/socket', () => ({
  listenLive: (_channel: string, handler: (p: WireChannels['userPresence']) => void) => {
    handlers.push(handler);
    return () => handlers.splice(handlers.indexOf(handler), 1);
  },
}));
vi.mock('./presence.api', () => ({ presenceApi: { set: vi.fn(), list: vi.fn() } }));
const idleListeners: ((idle: boolean) => void)[] = [];
vi.mock('../../platform/platform', () => ({
  getPlatform: () => ({
    onIdleChange: (l: (idle: boolean) => void) => {
      idleListeners.push(l);
      return () => idleListeners.splice(idleListeners.indexOf(l), 1);
    },
  }),
}));
const idle = (v: boolean) => act(() => idleListeners.forEach((l) => l(v)));
const api = vi.mocked(presenceApi);
configure({ asyncUtilTimeout: 8000 });

const presence = (status: PresenceDto['status'], id = 1): PresenceDto => ({ id, name: 'Ana', profile: 'user', status, queueIds: [], maxTickets: null });
const signIn = (p: SessionUserDto['presence']) =>
  useSession.setState({
    token: 't',
    status: 'authenticated',
    user: { id: 1, name: 'Ana', email: 'a@x.com', profile: 'user', super: false, allTicket: 'disabled', whatsappId: null, companyId: 1, online: true, presence: p, maxTickets: null, queues: [], company: { id: 1, name: 'Loja', dueDate: '2030-01-31', settings: [] } },
  });
const toggle = () => screen.getByTestId('presence-toggle');

beforeEach(() => signIn('online'));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('PresenceToggle', { timeout: 60_000 }, () => {
  it('starts from the session, goes away and back with one click each, saying what it means', async () => {
    const said = vi.spyOn(toast, 'success');
    render(<PresenceToggle />);
    expect(toggle().getAttribute('data-status')).toBe('online');
    expect(toggle().textContent).toContain('Online');
    api.set.mockResolvedValueOnce(presence('away'));
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().getAttribute('data-status')).toBe('away'));
    expect(api.set).toHaveBeenCalledWith('away');
    expect(toggle().textContent).toContain('Ausente');
    expect(said).toHaveBeenCalledWith('Você está ausente: novos atendimentos não serão distribuídos para você.');
    // A button busy with a call takes no click: wait for it to be done.
    await waitFor(() => expect(toggle().className).not.toContain('ant-btn-loading'));
    api.set.mockResolvedValueOnce(presence('online'));
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().getAttribute('data-status')).toBe('online'));
    expect(api.set).toHaveBeenLastCalledWith('online');
  });

  it("follows the agent's other tabs (their own userPresence event), not a colleague's", async () => {
    signIn('away');
    render(<PresenceToggle />);
    expect(toggle().getAttribute('data-status')).toBe('away');
    act(() => handlers.forEach((h) => h({ action: 'update', presence: presence('online', 2) })));
    expect(toggle().getAttribute('data-status')).toBe('away');
    act(() => handlers.forEach((h) => h({ action: 'update', presence: presence('online') })));
    expect(toggle().getAttribute('data-status')).toBe('online');
  });

  it('in the desktop app: away while the machine is idle, online at the first input; never undoes an away chosen by hand', async () => {
    api.set.mockImplementation(async (status) => presence(status));
    render(<PresenceToggle />);
    idle(true);
    await waitFor(() => expect(toggle().getAttribute('data-status')).toBe('away'));
    expect(api.set).toHaveBeenLastCalledWith('away');
    idle(false);
    await waitFor(() => expect(toggle().getAttribute('data-status')).toBe('online'));
    expect(api.set).toHaveBeenLastCalledWith('online');
    // Away by hand: idleness and input change nothing.
    await waitFor(() => expect(toggle().className).not.toContain('ant-btn-loading'));
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().getAttribute('data-status')).toBe('away'));
    const calls = api.set.mock.calls.length;
    idle(true);
    idle(false);
    expect(api.set.mock.calls.length).toBe(calls);
    expect(toggle().getAttribute('data-status')).toBe('away');
  });

  it('keeps the state when the server refuses', async () => {
    api.set.mockRejectedValueOnce(new ApiError(500, { error: 'ERR_INTERNAL' }, 'boom'));
    render(<PresenceToggle />);
    fireEvent.click(toggle());
    await waitFor(() => expect(api.set).toHaveBeenCalled());
    await waitFor(() => expect(toggle().getAttribute('data-status')).toBe('online'));
  });
});
