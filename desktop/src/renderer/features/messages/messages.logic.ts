import { can, type MessageDto } from '@balcao/shared';
import { dayKey, formatDate } from '../../lib/format';
import type { TicketSpan } from './messages.api';

const byTime = (a: MessageDto, b: MessageDto): number =>
  Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id;

/**
 * The fresher of two copies of one message. An older copy (by updatedAt: every ack, edit and
 * failure sets it) changes nothing the newer one says: the send's HTTP answer (ack 0) can come
 * after the socket said "read", or "failed" with the channel's reason (a Cloud status that beat
 * the answer). Of two copies as new, acks still only move forward (or to -1, a failure).
 */
const fresher = (held: MessageDto, incoming: MessageDto): MessageDto => {
  if (Date.parse(held.updatedAt) > Date.parse(incoming.updatedAt)) return { ...incoming, ...held };
  const merged = { ...held, ...incoming };
  if (incoming.ack >= 0 && held.ack > incoming.ack) merged.ack = held.ack;
  return merged;
};

/** Adds or replaces a message, keeping the list oldest first. */
export const upsertMessage = (messages: MessageDto[], message: MessageDto): MessageDto[] => {
  const index = messages.findIndex((m) => m.id === message.id);
  if (index >= 0) return messages.map((m) => (m.id === message.id ? fresher(m, message) : m));
  const last = messages[messages.length - 1];
  if (!last || byTime(last, message) <= 0) return [...messages, message];
  return [...messages, message].sort(byTime);
};

/** Merges a page (older or newer) into the list; what we already hold wins (events are fresher). */
export const mergeMessages = (current: MessageDto[], page: MessageDto[]): MessageDto[] => {
  const known = new Set(current.map((m) => m.id));
  return [...current, ...page.filter((m) => !known.has(m.id))].sort(byTime);
};

export type MessageRow =
  | { kind: 'date'; key: string; label: string }
  | {
      kind: 'marker';
      key: string;
      /** The ticket that starts here. */
      ticketId: number;
      /** The ticket that ended above: its id, and its start and close when the server told us. */
      previousId: number;
      previous: TicketSpan | null;
    }
  | { kind: 'message'; key: string; message: MessageDto };

/**
 * Rows to render: a date separator when the day changes, a marker when the ticket changes (it
 * names the earlier ticket's start and close when `tickets` knows them). Keys are stable across
 * older pages, so the list keeps its place.
 */
export const buildRows = (messages: MessageDto[], tickets: readonly TicketSpan[] = []): MessageRow[] => {
  const spans = new Map(tickets.map((t) => [t.id, t]));
  const rows: MessageRow[] = [];
  let previous: MessageDto | undefined;
  for (const message of messages) {
    if (previous && previous.ticketId !== message.ticketId) {
      rows.push({
        kind: 'marker',
        key: `t-${previous.ticketId}-${message.ticketId}-${message.id}`,
        ticketId: message.ticketId,
        previousId: previous.ticketId,
        previous: spans.get(previous.ticketId) ?? null,
      });
    }
    if (!previous || dayKey(previous.createdAt) !== dayKey(message.createdAt)) {
      rows.push({ kind: 'date', key: `d-${dayKey(message.createdAt)}-${message.id}`, label: formatDate(message.createdAt) });
    }
    rows.push({ kind: 'message', key: `m-${message.id}`, message });
    previous = message;
  }
  return rows;
};

/**
 * How many rows appeared above the row that was first before (an older page): the list's
 * `firstItemIndex` moves up by as much, so what the reader looks at stays put. 0 when the old
 * first message is gone (another conversation) or nothing was there.
 */
export const rowsPrepended = (before: readonly MessageRow[], after: readonly MessageRow[]): number => {
  const first = before.find((r) => r.kind === 'message');
  if (!first) return 0;
  const was = before.indexOf(first);
  const now = after.findIndex((r) => r.key === first.key);
  return now < 0 ? 0 : Math.max(0, now - was);
};

/** The row showing a message, or -1. */
export const rowOfMessage = (rows: readonly MessageRow[], id: number): number =>
  rows.findIndex((r) => r.kind === 'message' && r.message.id === id);

/** Text kinds an agent may edit (WhatsApp edits text, never a file). */
export const isTextKind = (mediaType: string | null): boolean => mediaType === null || mediaType === 'extendedText' || mediaType === 'conversation';

export interface Me {
  id: number;
  profile: string;
  super?: boolean;
}

/** server-behaviour §3: only the agent who sent it edits; admins also delete any outgoing one. */
export const messageRights = (m: MessageDto, me: Me | null | undefined) => {
  const own = !!me && m.fromMe && m.userId != null && m.userId === me.id;
  const live = !m.isDeleted;
  return {
    edit: own && live && isTextKind(m.mediaType),
    remove: live && m.fromMe && (own || (!!me && can(me, 'messages:deleteAnyOutgoing'))),
  };
};
