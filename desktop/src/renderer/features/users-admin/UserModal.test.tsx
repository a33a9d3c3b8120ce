// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto, UserDto } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { usersAdminApi } from './users-admin.api';
import { UserModal } from './UserModal';

vi.mock('./users-admin.api', () => ({
  usersAdminApi: { show: vi.fn(), create: vi.fn(), update: vi.fn(), queues: vi.fn(), connections: vi.fn() },
}));
const api = vi.mocked(usersAdminApi);
configure({ asyncUtilTimeout: 8000 });

const me: UserDto = { id: 1, name: 'Ana', email: 'ana@example.com', profile: 'admin', super: false, allTicket: 'disabled', whatsappId: null, companyId: 1, online: true, presence: 'online', maxTickets: null, queues: [] };
const bruno: UserDto = { ...me, id: 2, name: 'Bruno', email: 'bruno@example.com', profile: 'user', queues: [{ id: 5, name: 'Vendas', color: '#00ff00' }], whatsappId: 3 };
const onClose = vi.fn();
const onSaved = vi.fn();
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId('user-save'));

beforeEach(() => {
  useSession.setState({ token: 't', status: 'authenticated', user: { ...me, company: { id: 1, name: 'Empresa' } } as SessionUserDto });
  api.queues.mockResolvedValue([{ id: 5, name: 'Vendas', color: '#00ff00', greetingMessage: '', outOfHoursMessage: '', orderQueue: 1, integrationId: null, promptId: null, schedules: [], mediaPath: null, mediaName: null, assignment: 'none', agentCapacity: null, reassignAfterMinutes: null }]);
  api.connections.mockResolvedValue([{ id: 3, name: 'Loja' } as never]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('UserModal', { timeout: 60_000 }, () => {
  it("validates with the spec's texts and sends nothing", async () => {
    render(<UserModal open record={null} onClose={onClose} onSaved={onSaved} />);
    await waitFor(() => expect(api.queues).toHaveBeenCalled());
    type('user-name', 'A');
    type('user-email', 'x');
    type('user-password', '123');
    save();
    // Each field's rule settles on its own: wait for both messages, not the first.
    await waitFor(() => expect(screen.getAllByText('Too Short!')).toHaveLength(2));
    expect(screen.getByText('Invalid email')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('creates a user with profile, queues and allTicket defaults', async () => {
    api.create.mockResolvedValue({ ...bruno, id: 7 });
    render(<UserModal open record={null} onClose={onClose} onSaved={onSaved} />);
    await waitFor(() => expect(api.connections).toHaveBeenCalled());
    type('user-name', 'Carla');
    type('user-email', 'carla@example.com');
    type('user-password', 'Secret123');
    save();
    await waitFor(() => expect(api.create).toHaveBeenCalledWith({ name: 'Carla', email: 'carla@example.com', password: 'Secret123', profile: 'user', queueIds: [], whatsappId: null, allTicket: 'disabled', maxTickets: null }));
    expect(onSaved).toHaveBeenCalledWith({ ...bruno, id: 7 });
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps what was typed while the queue and connection lists are still loading (the e2e race of stop 36)', async () => {
    let lists!: () => void;
    api.queues.mockReturnValue(new Promise((done) => (lists = () => done([]))));
    api.create.mockResolvedValue({ ...bruno, id: 7 });
    render(<UserModal open record={null} onClose={onClose} onSaved={onSaved} />);
    type('user-name', 'Carla');
    type('user-email', 'carla@example.com');
    type('user-password', 'Secret123');
    lists();
    await waitFor(() => expect(api.connections).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect((screen.getByTestId('user-name') as HTMLInputElement).value).toBe('Carla');
    save();
    await waitFor(() => expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ name: 'Carla', email: 'carla@example.com', password: 'Secret123' })));
  });

  it("edits another user from their fresh record, a blank password keeping theirs, with their capacity (maxTickets)", async () => {
    api.show.mockResolvedValue({ ...bruno, maxTickets: 3 });
    api.update.mockResolvedValue(bruno);
    render(<UserModal open record={bruno} onClose={onClose} onSaved={onSaved} />);
    await waitFor(() => expect((screen.getByTestId('user-name') as HTMLInputElement).value).toBe('Bruno'));
    await waitFor(() => expect((screen.getByTestId('user-max-tickets') as HTMLInputElement).value).toBe('3'));
    type('user-max-tickets', '5');
    save();
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith(2, { name: 'Bruno', email: 'bruno@example.com', password: '', profile: 'user', queueIds: [5], whatsappId: 3, allTicket: 'disabled', maxTickets: 5 }),
    );
  });

  it('never sends one’s own profile (shown disabled)', async () => {
    api.show.mockResolvedValue(me);
    api.update.mockResolvedValue(me);
    render(<UserModal open record={me} onClose={onClose} onSaved={onSaved} />);
    await waitFor(() => expect((screen.getByTestId('user-name') as HTMLInputElement).value).toBe('Ana'));
    expect(screen.getByTestId('user-profile').className).toContain('disabled');
    save();
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.calls[0]![1]).not.toHaveProperty('profile');
  });

  it('marks a taken e-mail on its field', async () => {
    api.create.mockRejectedValue(new ApiError(409, { error: 'ERR_DUPLICATED_EMAIL' }, 'taken'));
    render(<UserModal open record={null} onClose={onClose} onSaved={onSaved} />);
    await waitFor(() => expect(api.queues).toHaveBeenCalled());
    type('user-name', 'Carla');
    type('user-email', 'ana@example.com');
    type('user-password', 'Secret123');
    save();
    expect(await screen.findByText('Este email já está em uso.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
