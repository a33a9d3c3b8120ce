// @vitest-environment happy-dom
import '../../test/dom';
import { rgb } from '../../test/css';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TagDto, TicketDto, WireChannels } from '@balcao/shared';
import { toast } from '../../lib/toast';
import { kanbanApi } from './kanban.api';
import { useKanban } from './kanban.store';
import { KanbanPage } from './KanbanPage';

vi.mock('./kanban.api', () => ({ kanbanApi: { lanes: vi.fn(), tickets: vi.fn(), addTag: vi.fn(), removeTags: vi.fn() } }));
vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));
const handlers = new Map<string, ((p: unknown) => void)[]>();
vi.mock('../../lib/socket', () => ({
  listenLive: (channel: string, handler: (p: unknown) => void) => {
    handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
    return () => handlers.set(channel, (handlers.get(channel) ?? []).filter((h) => h !== handler));
  },
}));
const api = vi.mocked(kanbanApi);
configure({ asyncUtilTimeout: 8000 });

const lead: TagDto = { id: 10, name: 'Lead', color: '#1677ff', kanban: 1 };
const won: TagDto = { id: 11, name: 'Fechado', color: '#fadb14', kanban: 1 };
const ticket = (id: number, over: Partial<TicketDto> = {}): TicketDto =>
  ({
    id,
    uuid: `uuid-${id}`,
    status: 'open',
    companyId: 1,
    contactId: id,
    whatsappId: 1,
    queueId: null,
    userId: 1,
    isGroup: false,
    chatbot: false,
    lastMessage: `Mensagem ${id}`,
    unreadMessages: 0,
    presence: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: `2026-03-01T10:00:${String(id).padStart(2, '0')}.000Z`,
    queuedAt: null,
    acceptedAt: null,
    closedAt: null,
    contact: { id, name: `Cliente ${id}`, number: `551199999000${id}`, profilePicUrl: '' },
    queue: null,
    user: null,
    whatsapp: { id: 1, name: 'Sandbox' },
    tags: [],
    ...over,
  }) as TicketDto;
const ref = (g: TagDto) => ({ id: g.id, name: g.name, color: g.color });

const lane = (id: number) => screen.getAllByTestId('kanban-lane').find((l) => l.getAttribute('data-lane') === String(id))!;
const cardsIn = (id: number) => within(lane(id)).queryAllByTestId('kanban-card').map((c) => Number(c.getAttribute('data-id')));
const emit = <C extends keyof WireChannels>(channel: C, p: WireChannels[C]) => act(() => (handlers.get(channel) ?? []).forEach((h) => h(p)));

const renderBoard = () => {
  const router = createMemoryRouter(
    [
      { path: '/kanban', element: <KanbanPage /> },
      { path: '/tickets/:uuid', element: <p data-testid="ticket-page">ticket</p> },
    ],
    { initialEntries: ['/kanban'] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

/** jsdom has no layout: lanes side by side, 300 px apart, each card inside its lane (the keyboard sensor measures them). */
const layOut = () =>
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const laneEl = this.closest('[data-lane]');
    const lanes = screen.queryAllByTestId('kanban-lane');
    const i = laneEl ? lanes.indexOf(laneEl as HTMLElement) : 0;
    const isCard = this.getAttribute('data-testid') === 'kanban-card';
    const [left, top, width, height] = isCard ? [i * 300 + 10, 60, 260, 120] : laneEl === this ? [i * 300, 0, 280, 600] : [0, 0, 0, 0];
    return { left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) } as DOMRect;
  });

beforeEach(() => {
  handlers.clear();
  useKanban.getState().reset();
  api.lanes.mockResolvedValue({ lista: [lead, won] });
  api.tickets.mockResolvedValue({ tickets: [ticket(2, { tags: [ref(lead)] }), ticket(1)], count: 2, hasMore: false });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('KanbanPage', { timeout: 60_000 }, () => {
  it("shows 'Em aberto' and a coloured lane per kanban tag, each card with its number, contact, phone and last message", async () => {
    renderBoard();
    expect(screen.getByTestId('kanban-skeleton')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('kanban-lane')).toHaveLength(3));
    expect(screen.getAllByTestId('kanban-lane-name').map((n) => n.textContent)).toEqual(['Em aberto', 'Lead', 'Fechado']);
    expect(cardsIn(0)).toEqual([1]);
    expect(cardsIn(lead.id)).toEqual([2]);
    expect(within(lane(won.id)).getByText('Nenhum ticket')).toBeTruthy();
    const card = within(lane(0)).getByTestId('kanban-card');
    expect(within(card).getByTestId('kanban-card-number').textContent).toBe('Ticket #1');
    expect(within(card).getByTestId('kanban-card-name').textContent).toBe('Cliente 1');
    expect(card.textContent).toContain('5511999990001');
    expect(within(card).getByTestId('kanban-card-last').textContent).toBe('Mensagem 1');
    // The lane's header wears the tag's colour.
    expect(rgb((within(lane(lead.id)).getByTestId('kanban-lane-name').parentElement as HTMLElement).style.background)).toBe('rgb(22, 119, 255)');
  });

  it("opens the ticket from 'Ver Ticket'", async () => {
    const router = renderBoard();
    await waitFor(() => expect(cardsIn(0)).toEqual([1]));
    fireEvent.click(within(lane(0)).getByRole('button', { name: 'Ver Ticket' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/uuid-1'));
  });

  it('says how to make lanes when the company has no kanban tag', async () => {
    api.lanes.mockResolvedValue({ lista: [] });
    renderBoard();
    await waitFor(() => expect(screen.getByTestId('kanban-no-lanes')).toBeTruthy());
    expect(screen.getAllByTestId('kanban-lane')).toHaveLength(1);
  });

  it('moves a card with the keyboard: picked up, one lane right, dropped — the tag is put and the spec’s toast shown', async () => {
    api.addTag.mockImplementation(async (id, tagId) => ticket(id, { tags: [ref(tagId === won.id ? won : lead)] }));
    renderBoard();
    await waitFor(() => expect(cardsIn(lead.id)).toEqual([2]));
    layOut();
    const card = within(lane(lead.id)).getByTestId('kanban-card');
    card.focus();
    fireEvent.keyDown(card, { code: 'Space', key: ' ' });
    // The sensor starts listening to the document one task after the pick-up (dnd-kit's own setTimeout 0).
    await act(() => new Promise<void>((r) => setTimeout(r, 0)));
    expect(card.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(document, { code: 'ArrowRight', key: 'ArrowRight' });
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    await waitFor(() => expect(api.addTag).toHaveBeenCalledWith(2, won.id));
    await waitFor(() => expect(cardsIn(won.id)).toEqual([2]));
    expect(cardsIn(lead.id)).toEqual([]);
    expect(toast.success).toHaveBeenCalledWith('Ticket Tag Adicionado com Sucesso!');
  });

  it("moves a card back to 'Em aberto' through DELETE, and puts it back when the server refuses", async () => {
    api.removeTags.mockResolvedValueOnce(ticket(2));
    renderBoard();
    await waitFor(() => expect(cardsIn(lead.id)).toEqual([2]));
    await act(async () => expect(await useKanban.getState().move(2, 0)).toBe('removed'));
    expect(api.removeTags).toHaveBeenCalledWith(2);
    expect(cardsIn(0)).toEqual([2, 1]);
    api.addTag.mockRejectedValueOnce(new Error('ERR_NO_PERMISSION'));
    await act(async () => expect(useKanban.getState().move(2, won.id)).rejects.toThrow());
    expect(cardsIn(0)).toEqual([2, 1]);
    expect(cardsIn(won.id)).toEqual([]);
  });

  it('stays live: another agent’s move, a new ticket, a closed one and a new lane', async () => {
    renderBoard();
    await waitFor(() => expect(cardsIn(0)).toEqual([1]));
    emit('ticket', { action: 'update', ticket: ticket(1, { tags: [ref(won)], updatedAt: '2026-03-01T11:00:00.000Z' }) });
    expect(cardsIn(won.id)).toEqual([1]);
    emit('ticket', { action: 'update', ticket: ticket(3, { updatedAt: '2026-03-01T12:00:00.000Z' }) });
    expect(cardsIn(0)).toEqual([3]);
    emit('ticket', { action: 'delete', ticketId: 3, ticketUuid: 'uuid-3', movedFrom: 'open' });
    expect(cardsIn(0)).toEqual([3]);
    emit('ticket', { action: 'update', ticket: ticket(3, { status: 'closed' }) });
    expect(cardsIn(0)).toEqual([]);
    emit('ticket', { action: 'delete', ticketId: 2, ticketUuid: 'uuid-2' });
    expect(cardsIn(lead.id)).toEqual([]);
    api.lanes.mockResolvedValue({ lista: [lead, won, { id: 12, name: 'Perdido', color: '#ff4d4f', kanban: 1 }] });
    emit('tag', { action: 'create', tag: { id: 12, name: 'Perdido', color: '#ff4d4f', kanban: 1, ticketsCount: 0 } });
    await waitFor(() => expect(screen.getAllByTestId('kanban-lane')).toHaveLength(4));
  });
});
