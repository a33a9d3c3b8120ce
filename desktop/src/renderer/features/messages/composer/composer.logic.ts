import { can, fillVariables as fillTemplate, type QuickMessageDto, type SessionUserDto, type TicketDto } from '@balcao/shared';

/** Attendance §9: a recording under this many bytes is discarded, never sent. */
export const MIN_AUDIO_BYTES = 10_000;
/** Attendance §5: quick-reply labels are cut after this many characters. */
export const QUICK_LABEL_MAX = 35;

export type ReplyBlocker = 'closed' | 'accept' | 'notYours';

/**
 * Why the composer is disabled, or null when the agent may write: the ticket must be open
 * (accepted) and theirs — admins may answer any open ticket, as the server allows.
 */
export const replyBlocker = (ticket: TicketDto, user: Pick<SessionUserDto, 'id' | 'profile' | 'super'> | null): ReplyBlocker | null => {
  if (ticket.status === 'closed') return 'closed';
  if (ticket.status !== 'open') return 'accept';
  if (!user) return 'notYours';
  if (ticket.userId !== user.id && !can(user, 'messages:replyToAnyTicket')) return 'notYours';
  return null;
};

/** The spec's client signs what the agent writes (the server never does): `*Name:*\ntext`. */
export const signBody = (text: string, sign: boolean, agentName: string | undefined): string =>
  sign && agentName?.trim() && text ? `*${agentName.trim()}:*\n${text}` : text;

/** Attendance §5: suggestions while the input starts with '/' and is longer than one character. */
export const quickQuery = (input: string): string | null => (input.startsWith('/') && input.length > 1 ? input.slice(1).toLowerCase() : null);

export const matchQuickReplies = (all: readonly QuickMessageDto[], query: string): QuickMessageDto[] =>
  all.filter((q) => q.shortcode.toLowerCase().includes(query) || q.message.toLowerCase().includes(query));

/** `shortcode - message`, cut after 35 characters (with an ellipsis when cut). */
export const quickLabel = (q: Pick<QuickMessageDto, 'shortcode' | 'message'>): string => {
  const label = `${q.shortcode} - ${q.message}`.replace(/\s+/g, ' ');
  return label.length > QUICK_LABEL_MAX ? `${label.slice(0, QUICK_LABEL_MAX)}...` : label;
};

export interface VariableFacts {
  contactName: string;
  ticketId: number;
  now: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The variables the server renders on send (server/src/modules/messages/variables.ts), filled
 * here so the agent sees the text the customer will get. The greeting is the product's
 * Portuguese one, as the server's default; the clock is the agent's.
 */
export const fillVariables = (text: string, f: VariableFacts): string => {
  const h = f.now.getHours();
  const greeting = h < 12 ? 'Bom dia' : h < 18 ? 'Boa tarde' : 'Boa noite';
  const hour = `${pad(h)}:${pad(f.now.getMinutes())}`;
  const date = `${pad(f.now.getDate())}/${pad(f.now.getMonth() + 1)}/${f.now.getFullYear()}`;
  return fillTemplate(text, { contactName: f.contactName, ticketId: f.ticketId, greeting, hour, date });
};

/** 1.2 MB, 340 KB, 12 B. */
export const formatSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};

/** Elapsed recording time as m:ss. */
export const formatElapsed = (ms: number): string => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
};

/** The fallback connection an ERR_WINDOW_CLOSED names (decision 0412): its window, not the ticket's own, is closed. */
export const windowOwner = (err: unknown): number | undefined => {
  const id = (err as { body?: { details?: { whatsappId?: unknown } } } | null)?.body?.details?.whatsappId;
  return typeof id === 'number' ? id : undefined;
};
