// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { useSession } from '../../lib/session';
import { bindToastApi } from '../../lib/toast';
import { makeTicket } from '../../test/fixtures';
import { ticketsApi } from './tickets.api';
import { emptyLists } from './tickets.logic';
import { useTickets } from './tickets.store';
import { usePresence } from './tickets.presence';
import { ConversationHeader } from './ConversationHeader';
// The follow-ups' button and banner have their own tests (features/schedules).
vi.mock('../schedules', () => ({ ScheduleButton: () => null, FollowUpBanner: () => null }));

vi.mock('./tickets.api', () => ({ ticketsApi: { remove: vi.fn(), transfer: vi.fn(), queues: vi.fn(), users: vi.fn(), connections: vi.fn() } }));
const api = vi.mocked(ticketsApi);
configure({ asyncUtilTimeout: 8000 });
const toasts = { error: vi.fn(), info: vi.fn(), success: vi.fn(), warning: vi.fn() };

afterEach(() => {
  cleanup();
  usePresence.getState().clearAll();
  vi.clearAllMocks();
  bindToastApi(null);
});

const signIn = (profile: 'admin' | 'user') =>
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 7, name: 'Ana', profile, super: false, companyId: 1, queues: [] } as unknown as SessionUserDto });
const Where = () => <span data-testid="where">{useLocation().pathname}</span>;
const renderAt = (ticket: ReturnType<typeof makeTicket>) =>
  render(
    <MemoryRouter initialEntries={[`/tickets/${ticket.uuid}`]}>
      <Routes>
        <Route path="/tickets/:uuid?" element={<><Where /><ConversationHeader ticket={ticket} /></>} />
      </Routes>
    </MemoryRouter>,
  );

describe('ConversationHeader', () => {
  it("shows the customer's typing in place of the assignee line while it lasts", () => {
    const ticket = makeTicket();
    render(
      <MemoryRouter>
        <ConversationHeader ticket={ticket} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('conversation-presence')).toBeNull();
    act(() => usePresence.getState().set(ticket.id, 'recording'));
    expect(screen.getByTestId('conversation-presence').textContent).toBe('Gravando...');
    act(() => usePresence.getState().set(ticket.id + 1, 'composing'));
    expect(screen.getByTestId('conversation-presence').textContent).toBe('Gravando...');
    act(() => usePresence.getState().set(ticket.id, null));
    expect(screen.queryByTestId('conversation-presence')).toBeNull();
  });

  it('offers delete to admins only; confirmed, it deletes and goes back to /tickets', async () => {
    bindToastApi(toasts);
    const ticket = makeTicket({ id: 31, status: 'open', userId: 7 });
    signIn('user');
    renderAt(ticket);
    expect(screen.queryByTestId('ticket-delete-button')).toBeNull();
    cleanup();

    signIn('admin');
    useTickets.setState({ viewer: { id: 7, profile: 'admin', super: false, queueIds: [], allTicket: 'disabled', showAll: true }, lists: emptyLists() });
    useTickets.getState().upsert(ticket);
    api.remove.mockResolvedValue({ message: 'ticket deleted' });
    renderAt(ticket);
    fireEvent.click(screen.getByTestId('ticket-delete-button'));
    expect(await screen.findByText('Deletar o ticket #31?')).toBeTruthy();
    expect(api.remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('ticket-delete-confirm'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/tickets'));
    expect(api.remove).toHaveBeenCalledWith(31);
    expect(useTickets.getState().lists.open.tickets).toEqual([]);
    expect(toasts.success).toHaveBeenCalledWith('Ticket deletado', 2);
  });
});
