import { canSeeTicket, type Actor, type MessageDto, type SlaAlertDto, type TicketDto } from '@balcao/shared';
import type { TicketNotification } from '../../../common/bridge';

/**
 * What may ring (issue 16 §3; decision 0305): one pure function of an event and what the screen
 * shows. The native banner goes through the platform bridge, the sound is played here at the
 * user's volume; both are skipped while that ticket or chat is on screen in the focused window
 * and during do not disturb.
 */

/** An internal chat message as the spec's client reads it (`company-<id>-chat-user-<userId>`). */
export interface ChatMessageEvent {
  chat: { uuid: string; title: string };
  senderId: number;
  senderName: string;
  text: string;
}

/** A platform announcement as the spec's client reads it (`company-<id>-announcement`). */
export interface AnnouncementEvent {
  action: 'create' | 'update' | 'delete';
  id: number;
  title: string;
  text: string;
  priority: number;
  /** An inactive announcement is not shown to anyone. */
  active: boolean;
}

export type NotifyEvent =
  /** A ticket as it is now (a `ticket` update); `wasWaiting`: it was already in the waiting list. */
  | { kind: 'ticket'; ticket: TicketDto; wasWaiting: boolean }
  /** A new message in a ticket (`appMessage` create) with its ticket as it is now. */
  | { kind: 'message'; message: MessageDto; ticket: TicketDto }
  | { kind: 'chat'; chat: ChatMessageEvent }
  | { kind: 'announcement'; announcement: AnnouncementEvent }
  /** A ticket's SLA about to be breached, or breached (`company-<id>-sla`; the server chose who hears it). */
  | { kind: 'sla'; action: 'warning' | 'breach'; alert: SlaAlertDto };

export interface NotifyContext {
  /** Who is logged in (the desk's visibility: profile, queues, allTicket). */
  me: Actor;
  /** The ticket or chat the window shows (`/tickets/<uuid>`, `/chats/<uuid>`). */
  onScreen: { ticketUuid?: string; chatUuid?: string };
  /** The window is visible and has the focus. */
  focused: boolean;
  doNotDisturb: boolean;
  /** The chosen notification volume, 0–1 (0: the banner without a sound). */
  volume: number;
}

export interface NotifyDecision {
  notification: TicketNotification;
  /** The volume to play the chime at; 0 plays nothing. */
  volume: number;
}

/** Texts the rules fill in (the caller passes i18n's `t`). */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

const clip = (s: string, max: number): string => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const titleOf = (s: string, fallback: string): string => clip(s.trim() || fallback, 200);

/** A waiting ticket that reaches this agent: nobody's yet, visible by queue, and allTicket on (admins always). */
const waitingForMe = (ticket: TicketDto, me: Actor): boolean =>
  ticket.status === 'pending' && ticket.userId == null && canSeeTicket(me, ticket) && (me.profile === 'admin' || me.allTicket === 'enabled');

const candidate = (event: NotifyEvent, me: Actor, t: Translate, preview: (m: MessageDto) => string): TicketNotification | null => {
  switch (event.kind) {
    case 'ticket': {
      const { ticket, wasWaiting } = event;
      if (wasWaiting || !waitingForMe(ticket, me)) return null;
      const name = ticket.contact.name ?? '';
      return {
        title: titleOf(t('desktopNotify.pendingTitle', { name }), t('desktopNotify.pendingFallback')),
        body: clip(ticket.lastMessage || t('desktopNotify.pendingFallback'), 1000),
        ticketUuid: ticket.uuid,
      };
    }
    case 'message': {
      const { message, ticket } = event;
      if (message.fromMe || message.automated || message.ticketId !== ticket.id) return null;
      if (ticket.status !== 'open' || ticket.userId !== me.id) return null;
      return {
        title: titleOf(ticket.contact.name ?? '', t('desktopNotify.messageFallback')),
        body: clip(preview(message) || t('desktopNotify.messageFallback'), 1000),
        ticketUuid: ticket.uuid,
      };
    }
    case 'chat': {
      const { chat } = event;
      if (chat.senderId === me.id || !chat.text.trim()) return null;
      return {
        title: titleOf(t('desktopNotify.chatTitle', { title: chat.chat.title, sender: chat.senderName }), chat.chat.title),
        body: clip(chat.text, 1000),
        chatUuid: chat.chat.uuid,
      };
    }
    case 'sla': {
      const { action, alert } = event;
      return {
        title: titleOf(t(action === 'warning' ? 'desktopNotify.slaWarningTitle' : 'desktopNotify.slaBreachTitle', { name: alert.contactName }), alert.contactName),
        body: t('desktopNotify.slaBody', { target: t(`sla.targets.${alert.target}`), due: new Date(alert.dueAt).toLocaleString() }),
        ticketUuid: alert.ticketUuid,
      };
    }
    case 'announcement': {
      const { announcement: a } = event;
      if (a.action !== 'create' || a.priority !== 1 || !a.active) return null;
      return {
        title: titleOf(t('desktopNotify.announcementTitle', { title: a.title }), a.title),
        body: clip(a.text, 1000),
        announcementId: a.id,
      };
    }
  }
};

/** The banner and sound for `event`, or null when nothing should ring. */
export const decide = (event: NotifyEvent, ctx: NotifyContext, t: Translate, preview: (m: MessageDto) => string = (m) => m.body): NotifyDecision | null => {
  if (ctx.doNotDisturb) return null;
  const notification = candidate(event, ctx.me, t, preview);
  if (!notification) return null;
  const onScreen =
    (notification.ticketUuid !== undefined && notification.ticketUuid === ctx.onScreen.ticketUuid) ||
    (notification.chatUuid !== undefined && notification.chatUuid === ctx.onScreen.chatUuid);
  if (onScreen && ctx.focused) return null;
  return { notification, volume: Math.min(1, Math.max(0, ctx.volume)) };
};

/** What the window shows, from the router's path. */
export const onScreenOf = (pathname: string): NotifyContext['onScreen'] => {
  const ticket = /\/tickets\/([0-9a-f-]{36})(?:$|[/?#])/i.exec(pathname);
  const chat = /\/chats\/([0-9a-f-]{36})(?:$|[/?#])/i.exec(pathname);
  return { ...(ticket ? { ticketUuid: ticket[1]!.toLowerCase() } : {}), ...(chat ? { chatUuid: chat[1]!.toLowerCase() } : {}) };
};
