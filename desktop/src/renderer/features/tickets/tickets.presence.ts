import { create } from 'zustand';
import type { TicketDto } from '@balcao/shared';

export type LivePresence = NonNullable<TicketDto['presence']>;

// WhatsApp stops refreshing 'composing' when the customer's phone goes away and may never send the
// 'paused' that would clear it, so a presence nobody refreshes lapses by itself.
export const PRESENCE_TTL_MS = 15_000;

interface PresenceState {
  byTicket: Readonly<Record<number, LivePresence>>;
  /** null (or the TTL running out) removes the ticket's presence. */
  set: (ticketId: number, presence: TicketDto['presence']) => void;
  clearAll: () => void;
}

const timers = new Map<number, ReturnType<typeof setTimeout>>();

const stopTimer = (ticketId: number): void => {
  clearTimeout(timers.get(ticketId));
  timers.delete(ticketId);
};

/** The customer's typing/recording per ticket: ephemeral, never fetched, only fed by the socket. */
export const usePresence = create<PresenceState>((set, get) => ({
  byTicket: {},
  set: (ticketId, presence) => {
    stopTimer(ticketId);
    if (presence) timers.set(ticketId, setTimeout(() => get().set(ticketId, null), PRESENCE_TTL_MS));
    set((s) => {
      if ((s.byTicket[ticketId] ?? null) === presence) return s; // a refresh: only the timer moved
      const byTicket = { ...s.byTicket };
      if (presence) byTicket[ticketId] = presence;
      else delete byTicket[ticketId];
      return { byTicket };
    });
  },
  clearAll: () => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    set({ byTicket: {} });
  },
}));

/** One ticket's presence; components re-render only when that ticket's changes. */
export const useTicketPresence = (ticketId: number): LivePresence | null =>
  usePresence((s) => s.byTicket[ticketId] ?? null);
