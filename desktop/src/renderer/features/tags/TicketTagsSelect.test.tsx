// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { makeTicket } from '../../test/fixtures';
import { tagsApi } from './tags.api';
import { TicketTagsSelect } from './TicketTagsSelect';

vi.mock('./tags.api', () => ({ tagsApi: { list: vi.fn(), create: vi.fn(), sync: vi.fn() } }));
const api = vi.mocked(tagsApi);
configure({ asyncUtilTimeout: 8000 });

const urgente = { id: 1, name: 'Urgente', color: '#ff0000', kanban: 0 };
const financeiro = { id: 2, name: 'Financeiro', color: '#0000ff', kanban: 0 };
const onChanged = vi.fn();

beforeEach(() => {
  api.list.mockResolvedValue([financeiro, urgente]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const input = () => within(screen.getByTestId('ticket-tags')).getByRole('combobox');
const openList = () => fireEvent.mouseDown(input());
/** Types a name in the open list and presses Enter once the typed option shows. */
const typeAndEnter = async (text: string) => {
  openList();
  fireEvent.change(input(), { target: { value: text } });
  await waitFor(() => expect((input() as HTMLInputElement).value).toBe(text));
  fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
};

describe('TicketTagsSelect', { timeout: 60_000 }, () => {
  it("shows the ticket's tags as chips", async () => {
    render(<TicketTagsSelect ticket={makeTicket({ tags: [{ id: 1, name: 'Urgente', color: '#ff0000' }] })} onChanged={onChanged} />);
    expect(within(screen.getByTestId('ticket-tags')).getByText('Urgente')).toBeTruthy();
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(1));
    // Opening the list fetches it again: a colleague's new tag shows.
    api.list.mockResolvedValue([financeiro, urgente, { id: 3, name: 'Nova da Bia', color: '#00ff00', kanban: 0 }]);
    openList();
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
    expect(await screen.findByTitle('Nova da Bia')).toBeTruthy();
  });

  it('syncs the ticket to exactly the chosen tags and hands back the answer', async () => {
    const ticket = makeTicket({ tags: [{ id: 1, name: 'Urgente', color: '#ff0000' }] });
    const answered = makeTicket({ tags: [{ id: 1, name: 'Urgente', color: '#ff0000' }, { id: 2, name: 'Financeiro', color: '#0000ff' }] });
    api.sync.mockResolvedValue(answered);
    render(<TicketTagsSelect ticket={ticket} onChanged={onChanged} />);
    await waitFor(() => expect(api.list).toHaveBeenCalled());
    openList();
    fireEvent.click(await screen.findByTitle('Financeiro'));
    await waitFor(() => expect(api.sync).toHaveBeenCalledWith(ticket.id, [{ id: 1 }, { id: 2 }]));
    expect(api.create).not.toHaveBeenCalled();
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(answered));
  });

  it('creates a typed new name on Enter, then syncs it with the others', async () => {
    const ticket = makeTicket({ tags: [{ id: 1, name: 'Urgente', color: '#ff0000' }] });
    api.create.mockResolvedValue({ id: 7, name: 'Retornar ligação', color: '#999999', kanban: 0 });
    api.sync.mockResolvedValue(makeTicket());
    const success = vi.spyOn(toast, 'success');
    render(<TicketTagsSelect ticket={ticket} onChanged={onChanged} />);
    await waitFor(() => expect(api.list).toHaveBeenCalled());
    await typeAndEnter('Retornar ligação');
    await waitFor(() => expect(api.create).toHaveBeenCalledWith('Retornar ligação'));
    await waitFor(() => expect(api.sync).toHaveBeenCalledWith(ticket.id, [{ id: 1 }, { id: 7 }]));
    expect(success).toHaveBeenCalledWith('Etiqueta criada: Retornar ligação');
  });

  it("refuses a new name under 3 characters with the spec's text and calls nothing", async () => {
    const error = vi.spyOn(toast, 'error');
    render(<TicketTagsSelect ticket={makeTicket()} onChanged={onChanged} />);
    await waitFor(() => expect(api.list).toHaveBeenCalled());
    await typeAndEnter('ab');
    await waitFor(() => expect(error).toHaveBeenCalledWith('Mensagem muito curta'));
    expect(api.create).not.toHaveBeenCalled();
    expect(api.sync).not.toHaveBeenCalled();
  });

  it('shows a refused change as a toast from the error catalogue and keeps the ticket as it was', async () => {
    api.sync.mockRejectedValue(new ApiError(403, { error: 'ERR_NO_PERMISSION' }, 'denied'));
    const error = vi.spyOn(toast, 'error');
    render(<TicketTagsSelect ticket={makeTicket()} onChanged={onChanged} />);
    await waitFor(() => expect(api.list).toHaveBeenCalled());
    openList();
    fireEvent.click(await screen.findByTitle('Urgente'));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(error).toHaveBeenCalledWith('Acesso não permitido');
    expect(onChanged).not.toHaveBeenCalled();
  });
});
