import type { MessageDto } from '@balcao/shared';
import { dayKey, formatDate } from '../../lib/format';

const byTime = (a: MessageDto, b: MessageDto): number =>
  Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id;

/**
 * The fresher of two copies of one message. Acks only move forward (or to -1, a failure), so a
 * late HTTP answer (ack 0) never hides a "read" that already arrived by socket.
 */
const fresher = (held: MessageDto, incoming: MessageDto): MessageDto => {
  const merged = { ...held, ...incoming };
  if (incoming.ack >= 0 && held.ack > incoming.ack) merged.ack = held.ack;
  if (Date.parse(held.updatedAt) > Date.parse(incoming.updatedAt)) return { ...merged, body: held.body, isDeleted: held.isDeleted, isEdited: held.isEdited };
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
  | { kind: 'marker'; key: string; ticketId: number }
  | { kind: 'message'; key: string; message: MessageDto };

/** Rows to render: a date separator when the day changes, a marker when the ticket changes. */
export const buildRows = (messages: MessageDto[]): MessageRow[] => {
  const rows: MessageRow[] = [];
  let previous: MessageDto | undefined;
  for (const message of messages) {
    if (previous && previous.ticketId !== message.ticketId) {
      rows.push({ kind: 'marker', key: `t-${message.ticketId}-${message.id}`, ticketId: message.ticketId });
    }
    if (!previous || dayKey(previous.createdAt) !== dayKey(message.createdAt)) {
      rows.push({ kind: 'date', key: `d-${message.id}`, label: formatDate(message.createdAt) });
    }
    rows.push({ kind: 'message', key: `m-${message.id}`, message });
    previous = message;
  }
  return rows;
};
