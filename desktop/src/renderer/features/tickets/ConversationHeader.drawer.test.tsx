// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTicket } from '../../test/fixtures';
import { tagsApi } from '../tags/tags.api';
import { drawerApi } from '../contacts/drawer/drawer.api';
import { useConversation } from '../messages';
import { useTickets } from './tickets.store';
import { ConversationHeader } from './ConversationHeader';
// The follow-ups' button and banner have their own tests (features/schedules).
vi.mock('../schedules', () => ({ ScheduleButton: () => null, FollowUpBanner: () => null }));

vi.mock('../tags/tags.api', () => ({ tagsApi: { list: vi.fn(), create: vi.fn(), sync: vi.fn() } }));
vi.mock('../contacts/drawer/drawer.api', () => ({ drawerApi: { contact: vi.fn(), saveContact: vi.fn(), notes: vi.fn(), addNote: vi.fn(), deleteNote: vi.fn() } }));
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('ConversationHeader: contact drawer and tags', { timeout: 60_000 }, () => {
  it("opens the contact drawer from the contact's avatar (a keyboard-reachable button)", async () => {
    vi.mocked(tagsApi.list).mockResolvedValue([]);
    vi.mocked(drawerApi.contact).mockResolvedValue({
      id: 10, name: 'Maria Souza', number: '5511999990000', email: '', profilePicUrl: '', isGroup: false, extraInfo: [],
  tags: [],
      createdAt: '2025-03-10T12:00:00.000Z', updatedAt: '2025-03-10T12:00:00.000Z',
    });
    vi.mocked(drawerApi.notes).mockResolvedValue([]);
    render(
      <MemoryRouter>
        <ConversationHeader ticket={makeTicket()} />
      </MemoryRouter>,
    );
    const opener = screen.getByTestId('contact-drawer-open');
    expect(opener.tagName).toBe('BUTTON');
    expect(opener.getAttribute('aria-label')).toBe('Dados do contato');
    fireEvent.click(opener);
    expect((await screen.findByTestId('drawer-contact-name')).textContent).toBe('Maria Souza');
    // Saved in the drawer: the lists show the new name at once.
    vi.mocked(drawerApi.saveContact).mockResolvedValue({
      id: 10, name: 'Maria Lima', number: '5511999990000', email: '', profilePicUrl: '', isGroup: false, extraInfo: [],
  tags: [],
      createdAt: '2025-03-10T12:00:00.000Z', updatedAt: '2025-03-10T12:00:00.000Z',
    });
    const applyContact = vi.spyOn(useTickets.getState(), 'applyContact');
    fireEvent.click(screen.getByTestId('drawer-edit'));
    fireEvent.change(screen.getByTestId('drawer-name'), { target: { value: 'Maria Lima' } });
    fireEvent.click(screen.getByTestId('drawer-save'));
    await waitFor(() => expect(applyContact).toHaveBeenCalledWith({ id: 10, name: 'Maria Lima', number: '5511999990000', profilePicUrl: '', tags: [] }));
  });

  it('applies the ticket the tag sync answers to the lists and the open conversation', async () => {
    const ticket = makeTicket({ id: 1 });
    const answered = makeTicket({ id: 1, tags: [{ id: 3, name: 'Urgente', color: '#ff0000' }] });
    vi.mocked(tagsApi.list).mockResolvedValue([{ id: 3, name: 'Urgente', color: '#ff0000', kanban: 0 }]);
    vi.mocked(tagsApi.sync).mockResolvedValue(answered);
    const upsert = vi.spyOn(useTickets.getState(), 'upsert');
    const apply = vi.spyOn(useConversation.getState(), 'applyTicket');
    render(
      <MemoryRouter>
        <ConversationHeader ticket={ticket} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(tagsApi.list).toHaveBeenCalled());
    fireEvent.mouseDown(within(screen.getByTestId('ticket-tags')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Urgente'));
    await waitFor(() => expect(tagsApi.sync).toHaveBeenCalledWith(1, [{ id: 3 }]));
    await waitFor(() => expect(upsert).toHaveBeenCalledWith(answered));
    expect(apply).toHaveBeenCalledWith(answered);
  });
});
