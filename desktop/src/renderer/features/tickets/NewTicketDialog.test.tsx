// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { pickOption } from '../../test/select';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactDto, QueueDto, SessionUserDto, WhatsappDto } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { bindToastApi } from '../../lib/toast';
import { makeTicket } from '../../test/fixtures';
import { NewTicketDialog } from './NewTicketDialog';
import { ticketsApi } from './tickets.api';
import { emptyLists } from './tickets.logic';
import { useTickets } from './tickets.store';

vi.mock('./tickets.api', () => ({
  ticketsApi: { queues: vi.fn(), connections: vi.fn(), searchContacts: vi.fn(), createContact: vi.fn(), create: vi.fn() },
}));
const api = vi.mocked(ticketsApi);
configure({ asyncUtilTimeout: 8000 });
const toasts = { error: vi.fn(), info: vi.fn(), success: vi.fn(), warning: vi.fn() };

const contact = (id: number, name: string, number: string): ContactDto => ({
  id,
  name,
  number,
  email: '',
  profilePicUrl: '',
  isGroup: false,
  extraInfo: [],
  tags: [],
  createdAt: '2025-03-10T12:00:00.000Z',
  updatedAt: '2025-03-10T12:00:00.000Z',
});
const signIn = (profile: 'admin' | 'user') =>
  useSession.setState({
    token: 't',
    status: 'authenticated',
    user: { id: 7, name: 'Ana', profile, super: false, companyId: 1, queues: [{ id: 1, name: 'Vendas' }] } as unknown as SessionUserDto,
  });

beforeEach(() => {
  bindToastApi(toasts);
  useTickets.setState({ viewer: { id: 7, profile: 'admin', super: false, queueIds: [], allTicket: 'disabled', showAll: true }, lists: emptyLists() });
  api.queues.mockResolvedValue([{ id: 1, name: 'Vendas' } as QueueDto, { id: 2, name: 'Suporte' } as QueueDto]);
  api.connections.mockResolvedValue([{ id: 3, name: 'Principal' } as WhatsappDto]);
  api.searchContacts.mockImplementation((term) =>
    Promise.resolve(term.startsWith('Mar') ? { contacts: [contact(20, 'Maria Souza', '5511999990000')], count: 1, hasMore: false } : { contacts: [], count: 0, hasMore: false }),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  bindToastApi(null);
});

const Where = () => <span data-testid="where">{useParams().uuid ?? 'list'}</span>;
const renderDialog = (onClose = vi.fn()) => {
  render(
    <MemoryRouter initialEntries={['/tickets']}>
      <Routes>
        <Route path="/tickets/:uuid?" element={<><Where /><NewTicketDialog open onClose={onClose} /></>} />
      </Routes>
    </MemoryRouter>,
  );
  return onClose;
};
const openSelect = (testId: string) => {
  const root = screen.getByTestId(testId);
  const input = within(root.closest('.ant-select') ?? root).getByRole('combobox');
  fireEvent.mouseDown(input);
  return input;
};
const options = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);

describe('NewTicketDialog', { timeout: 60_000 }, () => {
  it('searches contacts from 3 characters (debounced) and opens the ticket it creates, open with me', async () => {
    signIn('admin');
    const onClose = renderDialog();
    const search = openSelect('new-ticket-contact');
    fireEvent.change(search, { target: { value: 'Ma' } });
    expect(await screen.findByText('Digite ao menos 3 caracteres')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'Mar' } });
    await waitFor(() => expect(options()).toContain('Maria Souza - 5511999990000'));
    // One call for the settled term, none for the 2-character one.
    expect(api.searchContacts.mock.calls.map((c) => c[0])).toEqual(['Mar']);
    await pickOption('Maria Souza - 5511999990000');
    api.create.mockResolvedValue(makeTicket({ id: 50, uuid: 'aaaaaaaa-0000-4000-8000-000000000050', status: 'open', userId: 7 }));
    // Admin: no queue needed.
    fireEvent.click(screen.getByTestId('new-ticket-submit'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('aaaaaaaa-0000-4000-8000-000000000050'));
    expect(api.create).toHaveBeenCalledWith({ contactId: 20, queueId: null, whatsappId: null, userId: 7 });
    expect(onClose).toHaveBeenCalled();
  });

  it("requires a queue from a user ('Selecione uma fila') and offers only the user's queues", async () => {
    signIn('user');
    renderDialog();
    const search = openSelect('new-ticket-contact');
    fireEvent.change(search, { target: { value: 'Maria' } });
    await waitFor(() => expect(options()).toContain('Maria Souza - 5511999990000'));
    await pickOption('Maria Souza - 5511999990000');
    fireEvent.click(screen.getByTestId('new-ticket-submit'));
    expect((await screen.findAllByText('Selecione uma fila')).length).toBeGreaterThan(0);
    expect(api.create).not.toHaveBeenCalled();
    expect(api.queues).not.toHaveBeenCalled();
    openSelect('new-ticket-queue');
    await waitFor(() => expect(options()).toContain('Vendas'));
    expect(options()).not.toContain('Suporte');
  });

  it('offers to create a contact not found, and uses the one created', async () => {
    signIn('admin');
    renderDialog();
    const search = openSelect('new-ticket-contact');
    fireEvent.change(search, { target: { value: 'Zeca Pagodinho' } });
    await waitFor(() => expect(options()).toContain('Criar contato "Zeca Pagodinho"'));
    await pickOption('Criar contato "Zeca Pagodinho"');
    await waitFor(() => expect((screen.getByTestId('new-contact-name') as HTMLInputElement).value).toBe('Zeca Pagodinho'));
    fireEvent.change(screen.getByTestId('new-contact-number'), { target: { value: '+55 21 98888-7777' } });
    api.createContact.mockResolvedValue(contact(30, 'Zeca Pagodinho', '5521988887777'));
    fireEvent.click(screen.getByTestId('new-contact-save'));
    await waitFor(() => expect(api.createContact).toHaveBeenCalledWith('Zeca Pagodinho', '+55 21 98888-7777'));
    await waitFor(() => expect(screen.queryByTestId('new-contact-form')).toBeNull());
    api.create.mockResolvedValue(makeTicket({ id: 51, uuid: 'aaaaaaaa-0000-4000-8000-000000000051', status: 'open' }));
    fireEvent.click(screen.getByTestId('new-ticket-submit'));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ contactId: 30 })));
  });

  it("names another agent's live ticket (user and queue), and opens it when it is mine", async () => {
    signIn('admin');
    renderDialog();
    const search = openSelect('new-ticket-contact');
    fireEvent.change(search, { target: { value: 'Maria' } });
    await waitFor(() => expect(options()).toContain('Maria Souza - 5511999990000'));
    await pickOption('Maria Souza - 5511999990000');
    const held = (userId: number, uuid: string) =>
      new ApiError(409, { error: 'ERR_OTHER_OPEN_TICKET', details: { ticketId: 9, uuid, status: 'open', user: { id: userId, name: 'Bruno' }, queue: { id: 2, name: 'Suporte' } } }, 'conflict');
    api.create.mockRejectedValueOnce(held(8, 'bbbbbbbb-0000-4000-8000-000000000009'));
    fireEvent.click(screen.getByTestId('new-ticket-submit'));
    expect((await screen.findByTestId('new-ticket-holder')).textContent).toContain('Este contato já tem um atendimento com Bruno na fila Suporte.');
    expect(screen.getByTestId('where').textContent).toBe('list');
    expect(toasts.error).not.toHaveBeenCalled();
    api.create.mockRejectedValueOnce(held(7, 'cccccccc-0000-4000-8000-000000000009'));
    fireEvent.click(screen.getByTestId('new-ticket-submit'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('cccccccc-0000-4000-8000-000000000009'));
  });
});
