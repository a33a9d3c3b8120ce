import { create } from 'zustand';
import type { MessageDto, TicketDto } from '@balcao/shared';
import { messagesApi } from './messages.api';
import { mergeMessages, upsertMessage } from './messages.logic';

interface ConversationState {
  uuid: string | null;
  ticket: TicketDto | null;
  messages: MessageDto[];
  page: number;
  hasMore: boolean;
  loading: boolean;
  /** Bumped when the newest message changes, so the view knows to stick to the bottom. */
  tailVersion: number;
  /** The message the composer replies to (reply-to preview; sent as `quotedMsg`). */
  replyTo: MessageDto | null;
  /** Forward mode (attendance §4 Selection mode): checkboxes on, the ids chosen in order. */
  selecting: boolean;
  selected: number[];
  setReplyTo: (message: MessageDto | null) => void;
  setSelecting: (on: boolean) => void;
  toggleSelected: (id: number) => void;
  open: (uuid: string) => Promise<void>;
  loadOlder: () => Promise<void>;
  applyMessage: (message: MessageDto, ticket?: TicketDto) => void;
  applyTicket: (ticket: TicketDto) => void;
  send: (body: string) => Promise<void>;
  clear: () => void;
}

const initial = {
  uuid: null,
  ticket: null,
  messages: [],
  page: 0,
  hasMore: false,
  loading: false,
  tailVersion: 0,
  replyTo: null,
  selecting: false,
  selected: [],
};

export const useConversation = create<ConversationState>((set, get) => ({
  ...initial,
  setReplyTo: (replyTo) => set({ replyTo }),
  setSelecting: (on) => set({ selecting: on, selected: [] }),
  toggleSelected: (id) => set((s) => ({ selected: s.selected.includes(id) ? s.selected.filter((x) => x !== id) : [...s.selected, id] })),
  open: async (uuid) => {
    set({ ...initial, uuid, loading: true, tailVersion: get().tailVersion + 1 });
    try {
      const ticket = await messagesApi.ticket(uuid);
      if (get().uuid !== uuid) return;
      set({ ticket });
      const page = await messagesApi.list(ticket.id, 1);
      if (get().uuid !== uuid) return;
      set((s) => ({
        ticket: page.ticket ?? ticket,
        messages: mergeMessages(s.messages, page.messages),
        page: 1,
        hasMore: page.hasMore,
        loading: false,
        tailVersion: s.tailVersion + 1,
      }));
      // Reading the history writes nothing; showing it is what marks the conversation read. The
      // cleared ticket comes back by socket like any update; a failure only leaves the badge on.
      await messagesApi.markRead(ticket.id).catch(() => undefined);
    } catch (err) {
      if (get().uuid === uuid) set({ loading: false });
      throw err;
    }
  },
  loadOlder: async () => {
    const { ticket, hasMore, loading, page, uuid } = get();
    if (!ticket || !hasMore || loading) return;
    set({ loading: true });
    try {
      const answer = await messagesApi.list(ticket.id, page + 1);
      if (get().uuid !== uuid) return;
      set((s) => ({ messages: mergeMessages(s.messages, answer.messages), page: page + 1, hasMore: answer.hasMore, loading: false }));
    } catch (err) {
      set({ loading: false });
      throw err;
    }
  },
  applyMessage: (message, ticket) => {
    const s = get();
    if (!s.ticket) return;
    const ours = message.ticketId === s.ticket.id || s.messages.some((m) => m.id === message.id);
    if (!ours) return;
    const last = s.messages[s.messages.length - 1];
    const messages = upsertMessage(s.messages, message);
    const tailChanged = messages[messages.length - 1] !== last && messages[messages.length - 1]?.id !== last?.id;
    set({
      messages,
      ticket: ticket && ticket.id === s.ticket.id ? ticket : s.ticket,
      tailVersion: tailChanged ? s.tailVersion + 1 : s.tailVersion,
    });
  },
  applyTicket: (ticket) => {
    if (get().ticket?.id === ticket.id) set({ ticket });
  },
  send: async (body) => {
    const ticket = get().ticket;
    if (!ticket) return;
    const message = await messagesApi.send(ticket.id, body);
    if (message && typeof message === 'object' && 'id' in message) get().applyMessage(message);
  },
  clear: () => set({ ...initial, tailVersion: get().tailVersion + 1 }),
}));
