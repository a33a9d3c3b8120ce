// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto, UserDto, WireChannels } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { usersAdminApi } from './users-admin.api';
import { useUsersAdmin } from './users-admin.store';
import { UsersPage } from './UsersPage';

vi.mock('./users-admin.api', () => ({
  usersAdminApi: { page: vi.fn(), remove: vi.fn(async () => ({})), show: vi.fn(), create: vi.fn(), update: vi.fn(), queues: vi.fn(async () => []), connections: vi.fn(async () => []) },
}));
const socketHandlers: ((p: WireChannels['user']) => void)[] = [];
vi.mock('../../lib/socket', () => ({
  listenLive: (_channel: string, handler: (p: WireChannels['user']) => void) => {
    socketHandlers.push(handler);
    return () => socketHandlers.splice(socketHandlers.indexOf(handler), 1);
  },
}));
const api = vi.mocked(usersAdminApi);
configure({ asyncUtilTimeout: 8000 });

const makeUser = (over: Partial<UserDto>): UserDto => ({
  id: 1,
  name: 'Ana',
  email: 'ana@example.com',
  profile: 'admin',
  super: false,
  allTicket: 'disabled',
  whatsappId: null,
  companyId: 1,
  online: true,
  presence: 'online',
  maxTickets: null,
  queues: [],
  ...over,
});
const ana = makeUser({});
const bruno = makeUser({ id: 2, name: 'Bruno', email: 'bruno@example.com', profile: 'user', online: false });

const rows = () => screen.queryAllByTestId('user-row');
const row = (id: number) => rows().find((r) => r.getAttribute('data-id') === String(id))!;

beforeEach(() => {
  useUsersAdmin.getState().reset();
  api.page.mockResolvedValue({ users: [ana, bruno], count: 2, hasMore: false });
  useSession.setState({ token: 't', status: 'authenticated', user: { ...ana, company: { id: 1, name: 'Empresa' } } as SessionUserDto });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('UsersPage', { timeout: 60_000 }, () => {
  it('lists name with the online dot, e-mail and profile; the admin never deletes themself', async () => {
    render(<UsersPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(row(2).textContent).toContain('bruno@example.com');
    expect(row(2).textContent).toContain('Usuário');
    expect(row(1).textContent).toContain('Administrador');
    expect(within(row(1)).getByTestId('user-online').getAttribute('data-online')).toBe('true');
    expect(within(row(2)).getByTestId('user-online').getAttribute('data-online')).toBe('false');
    expect(within(row(1)).queryByTestId('user-delete')).toBeNull();
    expect(within(row(2)).queryByTestId('user-delete')).toBeTruthy();
    expect(screen.getByTestId('users-count').textContent).toBe('(2)');
  });

  it('deletes after the confirmation, and shows a refusal as its toast', async () => {
    render(<UsersPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(row(2)).getByTestId('user-delete'));
    expect(api.remove).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('user-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(2));
    await waitFor(() => expect(rows()).toHaveLength(1));

    const shown = vi.spyOn(toast, 'error');
    api.remove.mockRejectedValueOnce(new ApiError(409, { error: 'ERR_LAST_ADMIN' }, 'last'));
    act(() => socketHandlers[0]!({ action: 'create', user: makeUser({ id: 3, name: 'Carla' }) }));
    fireEvent.click(within(row(3)).getByTestId('user-delete'));
    fireEvent.click((await screen.findAllByTestId('user-delete-confirm')).at(-1)!);
    await waitFor(() => expect(shown).toHaveBeenCalledWith('A empresa precisa de pelo menos um administrador: este não pode ser excluído nem deixar de ser administrador.'));
    expect(rows()).toHaveLength(2);
  });

  it('applies live events: a new user in name order, online changes, a deleted one leaves', async () => {
    render(<UsersPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    act(() => socketHandlers[0]!({ action: 'create', user: makeUser({ id: 5, name: 'Beatriz', profile: 'supervisor' }) }));
    expect(rows().map((r) => r.getAttribute('data-id'))).toEqual(['1', '5', '2']);
    act(() => socketHandlers[0]!({ action: 'update', user: { ...bruno, online: true } }));
    expect(within(row(2)).getByTestId('user-online').getAttribute('data-online')).toBe('true');
    act(() => socketHandlers[0]!({ action: 'delete', userId: 5 }));
    expect(rows().map((r) => r.getAttribute('data-id'))).toEqual(['1', '2']);
    expect(screen.getByTestId('users-count').textContent).toBe('(2)');
  });

  it('searches after the 500 ms pause; nothing found says so', async () => {
    render(<UsersPage />);
    await waitFor(() => expect(api.page).toHaveBeenCalledWith('', 1));
    api.page.mockResolvedValue({ users: [], count: 0, hasMore: false });
    fireEvent.change(screen.getByTestId('users-search'), { target: { value: 'zé' } });
    await waitFor(() => expect(api.page).toHaveBeenCalledWith('zé', 1));
    await waitFor(() => expect(screen.getByTestId('users-table').textContent).toContain('Nenhum usuário encontrado'));
  });

  it('shows a skeleton while loading, then loads the next page when scrolled near the bottom', async () => {
    let answer!: (v: { users: UserDto[]; count: number; hasMore: boolean }) => void;
    api.page.mockReturnValueOnce(new Promise((r) => (answer = r)));
    render(<UsersPage />);
    expect(screen.getByTestId('users-skeleton')).toBeTruthy();
    api.page.mockResolvedValueOnce({ users: [makeUser({ id: 9, name: 'Zeca' })], count: 3, hasMore: false });
    await act(async () => answer({ users: [ana, bruno], count: 3, hasMore: true }));
    // jsdom has no layout: the box is "at the bottom" at once, as a short first page is.
    await waitFor(() => expect(api.page).toHaveBeenCalledWith('', 2));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });
});

describe('UsersPage at phone width (390 px)', { timeout: 60_000 }, () => {
  it('puts the e-mail under the name instead of its own column', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 575px') })) as typeof window.matchMedia;
    try {
      render(<UsersPage />);
      await waitFor(() => expect(rows()).toHaveLength(2));
      const headers = [...screen.getByTestId('users-table').querySelectorAll('th')].map((th) => th.textContent);
      expect(headers).toEqual(['Nome', 'Perfil', 'Ações']);
      expect(row(2).querySelector('td')!.textContent).toContain('bruno@example.com');
    } finally {
      window.matchMedia = original;
    }
  });
});
