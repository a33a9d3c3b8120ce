// @vitest-environment happy-dom
import '../../../test/dom';
import '../../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto, TicketNoteDto } from '@balcao/shared';
import { ApiError } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { drawerApi } from './drawer.api';
import { listenLive } from '../../../lib/socket';
import { TicketNotes } from './TicketNotes';

vi.mock('../../../lib/socket', () => ({ listenLive: vi.fn(() => () => undefined) }));

vi.mock('./drawer.api', () => ({ drawerApi: { contact: vi.fn(), saveContact: vi.fn(), notes: vi.fn(), addNote: vi.fn(), deleteNote: vi.fn() } }));
const api = vi.mocked(drawerApi);
configure({ asyncUtilTimeout: 8000 });

const note = (over: Partial<TicketNoteDto> = {}): TicketNoteDto => ({
  id: 1,
  note: 'Cliente prefere e-mail',
  ticketId: 5,
  contactId: 10,
  userId: 1,
  user: { id: 1, name: 'Ana' },
  createdAt: '2025-03-10T12:30:00.000Z',
  updatedAt: '2025-03-10T12:30:00.000Z',
  ...over,
});
const asUser = (profile: 'admin' | 'user') =>
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile, companyId: 1, name: 'Ana', super: false } as SessionUserDto });

beforeEach(() => asUser('user'));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('TicketNotes', { timeout: 60_000 }, () => {
  it("shows a skeleton, then the ticket's notes with author and date, or the spec's empty text", async () => {
    let resolve: (n: TicketNoteDto[]) => void = () => undefined;
    api.notes.mockReturnValue(new Promise((r) => (resolve = r)));
    render(<TicketNotes ticketId={5} contactId={10} />);
    expect(screen.getByTestId('notes-loading')).toBeTruthy();
    expect(api.notes).toHaveBeenCalledWith(5, 10, expect.any(AbortSignal));
    resolve([note()]);
    expect((await screen.findByTestId('note-item')).textContent).toContain('Cliente prefere e-mail');
    expect(screen.getByTestId('note-item').textContent).toMatch(/Ana · \d\d\/03\/2025 \d\d:30/);
    cleanup();
    api.notes.mockResolvedValue([]);
    render(<TicketNotes ticketId={6} contactId={10} />);
    expect(await screen.findByText('Nenhum registro')).toBeTruthy();
  });

  it('refuses a note under 2 characters and sends nothing', async () => {
    api.notes.mockResolvedValue([]);
    render(<TicketNotes ticketId={5} contactId={10} />);
    await screen.findByText('Nenhum registro');
    fireEvent.change(screen.getByTestId('note-input'), { target: { value: ' a ' } });
    fireEvent.click(screen.getByTestId('note-add'));
    expect(await screen.findByText('Too Short!')).toBeTruthy();
    expect(api.addNote).not.toHaveBeenCalled();
  });

  it("adds a note (Ctrl+Enter too), lists it and says 'Observação adicionada com sucesso!'", async () => {
    api.notes.mockResolvedValue([]);
    api.addNote.mockResolvedValue(note({ id: 9, note: 'Ligar amanhã' }));
    const success = vi.spyOn(toast, 'success');
    render(<TicketNotes ticketId={5} contactId={10} />);
    await screen.findByText('Nenhum registro');
    fireEvent.change(screen.getByTestId('note-input'), { target: { value: '  Ligar amanhã ' } });
    fireEvent.keyDown(screen.getByTestId('note-input'), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(api.addNote).toHaveBeenCalledWith(5, 10, 'Ligar amanhã'));
    expect((await screen.findByTestId('note-item')).textContent).toContain('Ligar amanhã');
    expect(success).toHaveBeenCalledWith('Observação adicionada com sucesso!');
    await waitFor(() => expect((screen.getByTestId('note-input') as HTMLTextAreaElement).value).toBe(''));
  });

  it("deletes after 'Deseja realmente excluir este registro?' and says 'Observação excluída com sucesso!'", async () => {
    api.notes.mockResolvedValue([note({ id: 3 })]);
    api.deleteNote.mockResolvedValue({ ok: true });
    const success = vi.spyOn(toast, 'success');
    render(<TicketNotes ticketId={5} contactId={10} />);
    fireEvent.click(await screen.findByTestId('note-delete'));
    expect(await screen.findByText('Deseja realmente excluir este registro?')).toBeTruthy();
    expect(api.deleteNote).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(api.deleteNote).toHaveBeenCalledWith(3));
    await waitFor(() => expect(screen.queryByTestId('note-item')).toBeNull());
    expect(success).toHaveBeenCalledWith('Observação excluída com sucesso!');
  });

  it("offers delete on a colleague's note to admins only", async () => {
    api.notes.mockResolvedValue([note({ id: 4, userId: 2, user: { id: 2, name: 'Bia' } })]);
    render(<TicketNotes ticketId={5} contactId={10} />);
    await screen.findByTestId('note-item');
    expect(screen.queryByTestId('note-delete')).toBeNull();
    cleanup();
    asUser('admin');
    render(<TicketNotes ticketId={5} contactId={10} />);
    expect(await screen.findByTestId('note-delete')).toBeTruthy();
  });

  it("adds and drops colleagues' notes of this ticket as the socket tells, ignoring other tickets'", async () => {
    api.notes.mockResolvedValue([note({ id: 3 })]);
    render(<TicketNotes ticketId={5} contactId={10} />);
    await screen.findByTestId('note-item');
    const handler = vi.mocked(listenLive).mock.calls.at(-1)![1] as (p: unknown) => void;
    expect(vi.mocked(listenLive).mock.calls.at(-1)![0]).toBe('ticketNote');
    act(() => handler({ action: 'create', note: note({ id: 8, ticketId: 99, note: 'Outro ticket' }) }));
    act(() => handler({ action: 'create', note: note({ id: 9, userId: 2, user: { id: 2, name: 'Bia' }, note: 'Da Bia' }) }));
    act(() => handler({ action: 'create', note: note({ id: 9, userId: 2, user: { id: 2, name: 'Bia' }, note: 'Da Bia' }) }));
    await waitFor(() => expect(screen.getAllByTestId('note-item').map((e) => e.getAttribute('data-note-id'))).toEqual(['3', '9']));
    act(() => handler({ action: 'delete', ticketId: 5, id: 3 }));
    await waitFor(() => expect(screen.getAllByTestId('note-item').map((e) => e.getAttribute('data-note-id'))).toEqual(['9']));
  });

  it('keeps the note when the server refuses to delete it, with a toast from the error catalogue', async () => {
    api.notes.mockResolvedValue([note({ id: 3 })]);
    api.deleteNote.mockRejectedValue(new ApiError(403, { error: 'ERR_NO_PERMISSION' }, 'denied'));
    const error = vi.spyOn(toast, 'error');
    render(<TicketNotes ticketId={5} contactId={10} />);
    fireEvent.click(await screen.findByTestId('note-delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Acesso não permitido'));
    expect(screen.getByTestId('note-item')).toBeTruthy();
  });
});
