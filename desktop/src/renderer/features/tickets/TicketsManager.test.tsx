// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { pickOption } from '../../test/select';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueDto, SessionUserDto, UserDto } from '@balcao/shared';
import { useSession } from '../../lib/session';
import { bindToastApi } from '../../lib/toast';
import { ticketsApi } from './tickets.api';
import { emptyLists, queueSelectionKey, type Viewer } from './tickets.logic';
import { useTickets } from './tickets.store';
import { TicketsManager } from './TicketsManager';

vi.mock('./tickets.api', () => ({
  ticketsApi: { list: vi.fn(), queues: vi.fn(), users: vi.fn(), tags: vi.fn(), connections: vi.fn(), closeAll: vi.fn() },
}));
const api = vi.mocked(ticketsApi);
configure({ asyncUtilTimeout: 8000 });
const toasts = { error: vi.fn(), info: vi.fn(), success: vi.fn(), warning: vi.fn() };

const viewerOf = (id: number, profile: 'admin' | 'user'): Viewer => ({ id, profile, super: false, queueIds: [1, 2], allTicket: 'disabled', showAll: profile === 'admin' });
const signIn = (id: number, profile: 'admin' | 'user') => {
  useSession.setState({
    token: 't',
    status: 'authenticated',
    user: { id, name: 'Ana', profile, super: false, companyId: 1, queues: [{ id: 1, name: 'Vendas' }, { id: 2, name: 'Suporte' }] } as unknown as SessionUserDto,
  });
  act(() => useTickets.getState().setViewer(viewerOf(id, profile)));
};

beforeEach(() => {
  bindToastApi(toasts);
  localStorage.clear();
  useTickets.setState({ viewer: null, lists: emptyLists() });
  api.list.mockResolvedValue({ tickets: [], count: 0, hasMore: false });
  api.queues.mockResolvedValue([{ id: 1, name: 'Vendas' } as QueueDto, { id: 2, name: 'Suporte' } as QueueDto, { id: 3, name: 'Financeiro' } as QueueDto]);
  api.users.mockResolvedValue([{ id: 8, name: 'Bruno' } as UserDto]);
  api.tags.mockResolvedValue([{ id: 40, name: 'VIP', color: '#ff0000' }]);
  api.connections.mockResolvedValue([]);
  api.closeAll.mockResolvedValue({ closed: 2 });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  bindToastApi(null);
});

const renderManager = () =>
  render(
    <MemoryRouter>
      <TicketsManager />
    </MemoryRouter>,
  );
const openSelect = (testId: string) => {
  const root = screen.getByTestId(testId);
  const input = within(root.closest('.ant-select') ?? root).getByRole('combobox');
  fireEvent.mouseDown(input);
  return input;
};
const options = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
const lastListCall = () => api.list.mock.calls.at(-1)![0];

describe('TicketsManager', { timeout: 60_000 }, () => {
  it("keeps each user's queue selection and asks every list for those queues", async () => {
    signIn(7, 'user');
    renderManager();
    openSelect('queue-select');
    // A user picks among their own queues.
    await waitFor(() => expect(options()).toEqual(['Vendas', 'Suporte']));
    api.list.mockClear();
    await pickOption('Suporte');
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(4)); // open, pending + attending, closed
    expect(api.list.mock.calls.every(([p]) => JSON.stringify(p.queueIds) === '[2]')).toBe(true);
    expect(localStorage.getItem(queueSelectionKey(7))).toBe('[2]');
    expect(localStorage.getItem(queueSelectionKey(8))).toBeNull();
    // The next session of the same user starts with it; another user does not.
    act(() => useTickets.getState().setViewer(viewerOf(7, 'user')));
    expect(useTickets.getState().filters.queueIds).toEqual([2]);
    act(() => useTickets.getState().setViewer(viewerOf(8, 'user')));
    expect(useTickets.getState().filters.queueIds).toEqual([]);
  });

  it('search tab: tag filter for all, user filter for admins only, both sent with the search', async () => {
    signIn(7, 'user');
    renderManager();
    fireEvent.click(screen.getByTestId('tab-search'));
    await waitFor(() => expect(api.tags).toHaveBeenCalled());
    expect(screen.queryByTestId('search-users')).toBeNull();
    expect(api.users).not.toHaveBeenCalled();
    cleanup();

    signIn(1, 'admin');
    renderManager();
    fireEvent.click(screen.getByTestId('tab-search'));
    await waitFor(() => expect(api.users).toHaveBeenCalled());
    openSelect('search-tags');
    await waitFor(() => expect(options()).toContain('VIP'));
    await pickOption('VIP');
    await waitFor(() => expect(lastListCall()).toMatchObject({ tags: [40], pageNumber: 1 }));
    openSelect('search-users');
    await waitFor(() => expect(options()).toContain('Bruno'));
    await pickOption('Bruno');
    await waitFor(() => expect(lastListCall()).toMatchObject({ tags: [40], users: [8] }));
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'boleto' } });
    await waitFor(() => expect(lastListCall()).toMatchObject({ searchParam: 'boleto', tags: [40], users: [8] }));
  });

  it('close-all is for admins, asks yes/no and closes the open sub-tab within the selected queues', async () => {
    signIn(7, 'user');
    renderManager();
    expect(screen.queryByTestId('close-all-button')).toBeNull();
    cleanup();

    signIn(1, 'admin');
    act(() => useTickets.getState().setFilters({ queueIds: [3] }));
    renderManager();
    fireEvent.click(screen.getByTestId('tab-pending'));
    fireEvent.click(screen.getByTestId('close-all-button'));
    expect(await screen.findByText('Fechar todos os tickets?')).toBeTruthy();
    expect(api.closeAll).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('close-all-confirm'));
    await waitFor(() => expect(api.closeAll).toHaveBeenCalledWith('pending', [3]));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('2 ticket(s) resolvido(s)', 2));
  });

  it('opens the new-ticket dialog from its button', async () => {
    signIn(1, 'admin');
    renderManager();
    fireEvent.click(screen.getByTestId('new-ticket-button'));
    expect(await screen.findByText('Criar Ticket')).toBeTruthy();
  });
});
