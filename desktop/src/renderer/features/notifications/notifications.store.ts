import { create } from 'zustand';
import type { SessionUserDto, TicketDto, WireChannels } from '@balcao/shared';
import { http } from '../../lib/http';
import type { ListTicketsResponse } from '@balcao/shared';
import { notifies, readVolume, writeVolume } from './notifications.logic';

type Me = Pick<SessionUserDto, 'id' | 'profile' | 'allTicket'>;

interface NotificationsState {
  /** The tickets the bell counts, newest first. */
  tickets: TicketDto[];
  loading: boolean;
  volume: number;
  setVolume: (v: number) => void;
  load: (me: Me) => Promise<void>;
  /**
   * A ticket as it is now (a `ticket` update or a message's ticket): added, replaced or dropped
   * by the rule. True when it is news worth a sound: newly counted, or more unread than before.
   */
  apply: (ticket: TicketDto, me: Me) => boolean;
  remove: (ticketId: number) => void;
  reset: () => void;
}

export const useNotifications = create<NotificationsState>((set, get) => ({
  tickets: [],
  loading: false,
  volume: readVolume(),
  setVolume: (v) => set({ volume: writeVolume(v) }),
  load: async (me) => {
    set({ loading: true });
    try {
      const r = await http.get<ListTicketsResponse>('/tickets', { withUnreadMessages: 'true', pageNumber: 1 });
      set({ tickets: r.tickets.filter((t) => notifies(t, me)) });
    } finally {
      set({ loading: false });
    }
  },
  apply: (ticket, me) => {
    const before = get().tickets.find((t) => t.id === ticket.id);
    if (!notifies(ticket, me)) {
      if (before) get().remove(ticket.id);
      return false;
    }
    set((s) => ({ tickets: [ticket, ...s.tickets.filter((t) => t.id !== ticket.id)] }));
    return !before || ticket.unreadMessages > before.unreadMessages;
  },
  remove: (ticketId) => set((s) => ({ tickets: s.tickets.filter((t) => t.id !== ticketId) })),
  reset: () => set({ tickets: [], loading: false }),
}));

/** What a `ticket` wire event does to the bell. */
export const applyTicketEvent = (payload: WireChannels['ticket'], me: Me): boolean => {
  const s = useNotifications.getState();
  if (payload.action === 'update') return s.apply(payload.ticket, me);
  // A move between lists is followed by its `update`; the rest drop it.
  if (payload.action === 'delete' && payload.movedFrom) return false;
  s.remove(payload.ticketId);
  return false;
};
