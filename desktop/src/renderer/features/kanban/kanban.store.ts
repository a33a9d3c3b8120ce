import { create } from 'zustand';
import type { TagDto, TicketDto, WireChannels } from '@balcao/shared';
import { kanbanApi } from './kanban.api';
import { applyTicketEvent, laneOf, movedTo, OPEN_LANE } from './kanban.logic';

interface KanbanState {
  lanes: TagDto[];
  tickets: TicketDto[];
  loading: boolean;
  loaded: boolean;
  load(): Promise<void>;
  reloadLanes(): Promise<void>;
  onTicket(p: WireChannels['ticket']): void;
  /** Moves a card (optimistic); resolves with what was done, throws (and puts it back) on failure. */
  move(ticketId: number, lane: number): Promise<'added' | 'removed' | 'none'>;
  reset(): void;
}

const initial = { lanes: [] as TagDto[], tickets: [] as TicketDto[], loading: false, loaded: false };

export const useKanban = create<KanbanState>((set, get) => ({
  ...initial,
  load: async () => {
    set({ loading: true });
    try {
      const [lanes, tickets] = await Promise.all([kanbanApi.lanes(), kanbanApi.tickets()]);
      set({ lanes: lanes.lista, tickets: tickets.tickets, loaded: true });
    } finally {
      set({ loading: false });
    }
  },
  reloadLanes: async () => set({ lanes: (await kanbanApi.lanes()).lista }),
  onTicket: (p) => set({ tickets: applyTicketEvent(get().tickets, p) }),
  move: async (ticketId, lane) => {
    const { lanes, tickets } = get();
    const before = tickets.find((t) => t.id === ticketId);
    if (!before || laneOf(before, lanes) === lane) return 'none';
    const swap = (t: TicketDto) => set({ tickets: get().tickets.map((x) => (x.id === t.id ? t : x)) });
    swap(movedTo(before, lane, lanes));
    try {
      const after = lane === OPEN_LANE ? await kanbanApi.removeTags(ticketId) : await kanbanApi.addTag(ticketId, lane);
      swap(after);
      return lane === OPEN_LANE ? 'removed' : 'added';
    } catch (err) {
      swap(before);
      throw err;
    }
  },
  reset: () => set(initial),
}));
