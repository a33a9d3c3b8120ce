import { create } from 'zustand';
import { CUSTOMER_WINDOW_MS, type CustomerWindow, type MessageDto, type TicketDto } from '@balcao/shared';
import { messagesApi, type MessagesPage, type TicketSpan } from './messages.api';
import { mergeMessages, upsertMessage } from './messages.logic';

interface ConversationState {
  uuid: string | null;
  ticket: TicketDto | null;
  messages: MessageDto[];
  page: number;
  hasMore: boolean;
  loading: boolean;
  /** The contact's tickets seen in the history (start and close), for the markers between them. */
  tickets: TicketSpan[];
  /** Bumped when the newest message changes, so the view knows to stick to the bottom. */
  tailVersion: number;
  /** The message the composer replies to (reply-to preview; sent as `quotedMsg`). */
  replyTo: MessageDto | null;
  /** Forward mode (attendance §4 Selection mode): checkboxes on, the ids chosen in order. */
  selecting: boolean;
  selected: number[];
  /** A Cloud API ticket's 24-hour customer-service window (decision 0391); null on other connections. */
  window: CustomerWindow | null;
  /** A send answered ERR_WINDOW_CLOSED (naming the fallback's number when it is one, decision 0412): the composer offers templates. */
  closeWindow: (whatsappId?: number) => void;
  /** The ticket's connection went down or came back: whose window the replies face is read again (decision 0412). */
  reloadWindow: () => Promise<void>;
  setReplyTo: (message: MessageDto | null) => void;
  setSelecting: (on: boolean) => void;
  toggleSelected: (id: number) => void;
  open: (uuid: string) => Promise<void>;
  loadOlder: () => Promise<void>;
  applyMessage: (message: MessageDto, ticket?: TicketDto) => void;
  applyTicket: (ticket: TicketDto) => void;
  /** The window is in front and the conversation on screen: clear its unread count (item 6). */
  readIfSeen: () => void;
  send: (body: string) => Promise<void>;
  /** After a reconnect: the newest page again, merged (what arrived while away), no blank screen. */
  refresh: () => Promise<void>;
  clear: () => void;
}

// The conversation's element, so a conversation kept mounted behind another tab (narrow
// screens' 'Atendimentos' tab) does not count as seen. Set by the Conversation view.
let view: Element | null = null;
export const setConversationElement = (el: Element | null): void => {
  view = el;
};
// checkVisibility: false under display:none ancestors; browsers without it count as visible.
const viewShown = (): boolean => !view || typeof view.checkVisibility !== 'function' || view.checkVisibility();

/** Whether the agent is looking at this conversation right now (visible tab, focused window, shown). */
export const agentIsLooking = (): boolean =>
  document.visibilityState === 'visible' && (typeof document.hasFocus !== 'function' || document.hasFocus()) && viewShown();

/**
 * The conversation's ticket moves only forward: a message event carries its ticket as its own
 * transaction read it, so an ack committed just after a close can carry it still open (the
 * tickets list applies the same rule, tickets.logic's isStale).
 */
const newerTicket = (held: TicketDto, incoming: TicketDto): TicketDto =>
  Date.parse(incoming.updatedAt) < Date.parse(held.updatedAt) ? held : incoming;

const mergeSpans = (held: TicketSpan[], page: MessagesPage): TicketSpan[] => {
  if (!Array.isArray(page.tickets)) return held;
  const byId = new Map(held.map((t) => [t.id, t]));
  for (const t of page.tickets) byId.set(t.id, t);
  return [...byId.values()];
};

// One read at a time: a burst of incoming messages asks the server once more at most.
let reading: Promise<unknown> | null = null;
let readAgain = false;

const initial = {
  uuid: null,
  ticket: null,
  messages: [],
  page: 0,
  hasMore: false,
  loading: false,
  tickets: [],
  tailVersion: 0,
  replyTo: null,
  selecting: false,
  selected: [],
  window: null,
};

export const useConversation = create<ConversationState>((set, get) => ({
  ...initial,
  setReplyTo: (replyTo) => set({ replyTo }),
  closeWindow: (whatsappId) => set((s) => ({ window: { open: false, closesAt: s.window?.closesAt ?? null, ...(whatsappId ? { whatsappId } : {}) } })),
  reloadWindow: async () => {
    const { ticket, uuid } = get();
    if (!ticket) return;
    const page = await messagesApi.list(ticket.id, 1);
    if (get().uuid === uuid) set({ window: page.window ?? null });
  },
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
        tickets: mergeSpans(s.tickets, page),
        page: 1,
        hasMore: page.hasMore,
        loading: false,
        tailVersion: s.tailVersion + 1,
        window: page.window ?? null,
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
      set((s) => ({ messages: mergeMessages(s.messages, answer.messages), tickets: mergeSpans(s.tickets, answer), page: page + 1, hasMore: answer.hasMore, loading: false }));
    } catch (err) {
      set({ loading: false });
      throw err;
    }
  },
  applyMessage: (message, ticket) => {
    const s = get();
    if (!s.ticket) return;
    const known = s.messages.some((m) => m.id === message.id);
    const ours = message.ticketId === s.ticket.id || known;
    if (!ours) return;
    const last = s.messages[s.messages.length - 1];
    const messages = upsertMessage(s.messages, message);
    const tailChanged = messages[messages.length - 1] !== last && messages[messages.length - 1]?.id !== last?.id;
    // The customer wrote: on a Cloud ticket the window is open for 24 hours from their message.
    // A fallback's window (decision 0412) opens only by a message to that number, never this ticket's.
    const reopened = s.window && !s.window.whatsappId && !known && !message.fromMe ? { window: { open: true, closesAt: new Date(Date.parse(message.createdAt) + CUSTOMER_WINDOW_MS).toISOString() } } : {};
    set({
      messages,
      ticket: ticket && ticket.id === s.ticket.id ? newerTicket(s.ticket, ticket) : s.ticket,
      tailVersion: tailChanged ? s.tailVersion + 1 : s.tailVersion,
      ...reopened,
    });
    // The customer wrote while the agent looks at this conversation: it is read (issue 9, item 6).
    if (!known && !message.fromMe && message.ticketId === s.ticket.id) get().readIfSeen();
  },
  readIfSeen: () => {
    const ticket = get().ticket;
    if (!ticket || !agentIsLooking()) return;
    if (reading) {
      readAgain = true;
      return;
    }
    const id = ticket.id;
    reading = messagesApi
      .markRead(id)
      .then((answer) => {
        if (answer && typeof answer === 'object' && 'id' in answer) get().applyTicket(answer);
      })
      .catch(() => undefined)
      .finally(() => {
        reading = null;
        if (readAgain && get().ticket?.id === id) {
          readAgain = false;
          get().readIfSeen();
        }
        readAgain = false;
      });
  },
  applyTicket: (ticket) => {
    const held = get().ticket;
    if (held?.id === ticket.id) set({ ticket: newerTicket(held, ticket) });
  },
  send: async (body) => {
    const ticket = get().ticket;
    if (!ticket) return;
    const message = await messagesApi.send(ticket.id, body);
    if (message && typeof message === 'object' && 'id' in message) get().applyMessage(message);
  },
  refresh: async () => {
    const { ticket, uuid } = get();
    if (!ticket) return;
    const page = await messagesApi.list(ticket.id, 1);
    if (get().uuid !== uuid) return;
    set((s) => {
      // The page's copies win (acks, edits made while away).
      const fresh = new Map(page.messages.map((m) => [m.id, m]));
      const messages = mergeMessages(
        s.messages.map((m) => fresh.get(m.id) ?? m),
        page.messages,
      );
      const tailChanged = messages[messages.length - 1]?.id !== s.messages[s.messages.length - 1]?.id;
      return { ticket: page.ticket ?? s.ticket, messages, tickets: mergeSpans(s.tickets, page), tailVersion: tailChanged ? s.tailVersion + 1 : s.tailVersion, window: page.window ?? null };
    });
  },
  clear: () => set({ ...initial, tailVersion: get().tailVersion + 1 }),
}));
