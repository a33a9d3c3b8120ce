/**
 * The one event catalogue. Inside the server, domain events are `noun.verb`; on the wire they
 * follow the spec: `company-<companyId>-<channel>` carrying `{ action, <entity> }`.
 */
import type { ConnectionStatus } from './constants';
import type { MessageDto, TicketDto, ContactDto, WhatsappDto, UserDto, QueueDto } from './schemas/dtos';
import type { QuickMessageDto } from './schemas/quick-messages';
import type { TagListItemDto, TicketNoteDto } from './schemas/tags';
import type { CompanyScheduleDay, SettingDto } from './schemas/companies';
import type { PhoneImportProgress } from './schemas/contacts';
import type { QueueIntegrationDto } from './schemas/queue-integrations';
import type { PromptDto } from './schemas/prompts';
import type { ContactListDto, ContactListImportProgress, ContactListItemDto } from './schemas/contact-lists';
import type { FileListDto } from './schemas/files';
import type { ScheduleDto } from './schemas/schedules';
import type { CampaignDto } from './schemas/campaigns';
import type { ChatDto, ChatMessageDto } from './schemas/chats';
import type { PaymentEvent } from './schemas/billing';
import type { AnnouncementDto } from './schemas/announcements';
import type { PresenceDto } from './schemas/users';
import type { SlaAlertDto } from './schemas/sla';
import type { CopilotMessageTextDto } from './schemas/copilot';

/** Internal domain events staged by services and published after commit. */
/**
 * What the inbound unit of work already knows about a customer's message, for the listeners that
 * would otherwise ask the database each time (issue 26, decision 0326). Only on `message.created`
 * of a customer's (not a group's) message stored by the inbound pipeline; absent elsewhere, and
 * a listener then decides as before.
 */
export interface InboundFacts {
  /** The ticket's bot episode start (ISO), null while the bot never took it. */
  botAt: string | null;
  /** The company's hours apply (scheduleType company or queue): an out-of-hours answer may be due. */
  hours: boolean;
  /** A fresh ticket on a connection with queues or a responder: the bot starts an episode. */
  connectionBot: boolean;
  /** The ticket has follow-ups to cancel on a reply. */
  followUps: boolean;
  /** The contact owes a campaign a confirmation. */
  confirmation: boolean;
  /**
   * The message answered a closed ticket's satisfaction survey (decision 0396): its score or its
   * comment, stored on that closed ticket (the event's ticket), which stays closed.
   */
  csat?: 'score' | 'comment';
}

export type DomainEvent =
  | { type: 'ticket.created'; companyId: number; ticket: TicketDto }
  | {
      type: 'ticket.updated';
      companyId: number;
      ticket: TicketDto;
      previous?: { status: string; queueId: number | null; userId: number | null };
      /** The unread count was just cleared (an agent read the conversation). */
      read?: true;
    }
  | { type: 'ticket.deleted'; companyId: number; ticketId: number; ticketUuid: string; queueId: number | null; userId: number | null }
  /**
   * A tickets verb left the ticket waiting for an agent in its queue (pending, nobody's, off the
   * bot): created there, handed over by the bot, returned, transferred or moved by a timer. The
   * assignment module hears it (issue 30 §2; decision 0381); nothing goes on the wire.
   */
  | { type: 'ticket.waiting'; companyId: number; ticketId: number; queueId: number }
  | { type: 'message.created'; companyId: number; message: MessageDto; ticket: TicketDto; inbound?: InboundFacts }
  | { type: 'message.updated'; companyId: number; message: MessageDto; ticket: TicketDto }
  | { type: 'contact.created'; companyId: number; contact: ContactDto }
  | { type: 'contact.updated'; companyId: number; contact: ContactDto }
  | { type: 'contact.deleted'; companyId: number; contactId: number }
  /** An import from the phone moved on (decision 0151): the /contacts page shows the bar. */
  | { type: 'contact.importProgress'; companyId: number; progress: PhoneImportProgress }
  | { type: 'whatsapp.updated'; companyId: number; whatsapp: WhatsappDto }
  | { type: 'whatsapp.deleted'; companyId: number; whatsappId: number }
  | { type: 'whatsapp.session'; companyId: number; session: WhatsappSessionPayload }
  | { type: 'whatsapp.alert'; companyId: number; alert: WhatsappAlertPayload }
  /** The customer is typing or recording in a live ticket (never stored; null: stopped). */
  | { type: 'ticket.presence'; companyId: number; ticket: { id: number; uuid: string; queueId: number | null; userId: number | null }; presence: TicketPresence }
  | { type: 'queue.created'; companyId: number; queue: QueueDto }
  | { type: 'queue.updated'; companyId: number; queue: QueueDto }
  | { type: 'queue.deleted'; companyId: number; queueId: number }
  /** `wasGeneral`: the record was general before this change (who had it in their list). */
  | { type: 'quickMessage.saved'; companyId: number; quickMessage: QuickMessageDto; created: boolean; wasGeneral: boolean }
  | { type: 'quickMessage.deleted'; companyId: number; id: number }
  /** A note added to or deleted from a ticket (decision 0082): the open conversation's drawer hears it. */
  | { type: 'ticketNote.created'; companyId: number; ticketUuid: string; note: TicketNoteDto }
  | { type: 'ticketNote.deleted'; companyId: number; ticketUuid: string; ticketId: number; id: number }
  /** The copilot kept a text beside a message (a translation, an original, a transcript; decisions 0440–0441): the open conversation shows it. */
  | { type: 'copilotText.created'; companyId: number; ticketUuid: string; text: CopilotMessageTextDto }
  | { type: 'user.created'; companyId: number; user: UserDto }
  /** `roomsChanged`: profile, queues or allTicket changed, so what the user may see (and their socket rooms). */
  /** `sessionEnded`: an admin set the user's password; the auth module ends the user's session (issue 28 §7). */
  | { type: 'user.updated'; companyId: number; user: UserDto; roomsChanged?: true; sessionEnded?: true; passwordChanged?: true }
  | { type: 'user.deleted'; companyId: number; userId: number }
  /** A user's presence changed (decision 0380): their sockets came or all went (decision 0111), or they set away or back. */
  | { type: 'user.presence'; companyId: number; user: UserDto }
  /** A ticket's SLA clock entered its last fifth (`warning`) or passed its deadline (`breach`; issue 30 §3). */
  | { type: 'sla.alert'; companyId: number; kind: 'warning' | 'breach'; alert: SlaAlertDto }
  | { type: 'tag.saved'; companyId: number; tag: TagListItemDto; created: boolean }
  | { type: 'tag.deleted'; companyId: number; tagId: number }
  | { type: 'queueIntegration.saved'; companyId: number; queueIntegration: QueueIntegrationDto; created: boolean }
  | { type: 'queueIntegration.deleted'; companyId: number; integrationId: number }
  /** An AI prompt saved or deleted (admins only; keys masked in the DTO). */
  | { type: 'prompt.saved'; companyId: number; prompt: PromptDto; created: boolean }
  | { type: 'prompt.deleted'; companyId: number; promptId: number }
  /** Campaign audiences (administration.md /contact-lists; admins only). */
  | { type: 'contactList.saved'; companyId: number; contactList: ContactListDto; created: boolean }
  | { type: 'contactList.deleted'; companyId: number; contactListId: number }
  | { type: 'contactList.importProgress'; companyId: number; progress: ContactListImportProgress }
  | { type: 'contactListItem.saved'; companyId: number; item: ContactListItemDto; created: boolean }
  | { type: 'contactListItem.deleted'; companyId: number; contactListId: number; itemId: number }
  /** File lists (administration.md /files; admins only). */
  | { type: 'fileList.saved'; companyId: number; file: FileListDto; created: boolean }
  | { type: 'fileList.deleted'; companyId: number; fileId: number }
  /** A schedule or follow-up created, edited, sent, failed or cancelled (issue 13 §1–2). */
  | { type: 'schedule.saved'; companyId: number; schedule: ScheduleDto; created: boolean }
  | { type: 'schedule.deleted'; companyId: number; scheduleId: number; ticketId: number | null }
  /** A campaign saved, started, cancelled, restarted or finished (to the company's admins). */
  | { type: 'campaign.saved'; companyId: number; campaign: CampaignDto; created: boolean }
  | { type: 'campaign.deleted'; companyId: number; campaignId: number }
  /** A campaign's ledger moved (a send, an ack, a confirmation): the report refreshes, throttled. */
  | { type: 'campaign.progress'; companyId: number; campaignId: number }
  /**
   * Internal chat (issue 15): created or edited (`removedUserIds`: members the edit took out),
   * deleted (`memberIds`: who had it), a message posted, or read by `userId`.
   */
  | { type: 'chat.saved'; companyId: number; chat: ChatDto; created: boolean; removedUserIds: number[] }
  | { type: 'chat.deleted'; companyId: number; chatId: number; memberIds: number[] }
  | { type: 'chat.message'; companyId: number; chat: ChatDto; message: ChatMessageDto }
  | { type: 'chat.read'; companyId: number; chat: ChatDto; userId: number }
  /**
   * A platform announcement saved or deleted (issue 14 §6). `companyId` is the platform's;
   * `companyIds`: every company whose users hear it (announcements are platform-wide).
   */
  | { type: 'announcement.saved'; companyId: number; announcement: AnnouncementDto; created: boolean; companyIds: number[] }
  | { type: 'announcement.deleted'; companyId: number; announcementId: number; companyIds: number[] }
  | { type: 'auth.login'; companyId: number; userId: number }
  /** A company setting (or its timezone) changed; an integration key's value is never in it (decision 0120). */
  | { type: 'setting.updated'; companyId: number; setting: SettingDto }
  | { type: 'company.schedulesUpdated'; companyId: number; schedules: CompanyScheduleDay[] }
  /** The super user moved a company's due date (issue 28 §1): billing re-dates its open invoice and makes the new period's (decision 0345). */
  | { type: 'company.dueDateChanged'; companyId: number; from: string; to: string }
  /** The super user deleted a company: its users' sockets are closed (decision 0271). */
  | { type: 'company.deleted'; companyId: number; userIds: number[] }
  /** A session ended (logout, or its refresh token came back after rotation and was revoked). */
  | { type: 'auth.logout'; companyId: number; userId: number }
  /** A confirmed payment renewed the company's licence (issue 14 §7; decision 0283). */
  | { type: 'payment.confirmed'; companyId: number; payment: PaymentEvent };

export type DomainEventType = DomainEvent['type'];

/** What the ticket list shows instead of the last message: 'Digitando...' / 'Gravando...'. */
export type TicketPresence = 'composing' | 'recording' | null;

export interface WhatsappSessionPayload {
  id: number;
  name: string;
  status: ConnectionStatus;
  qrcode: string;
  /** The 8-character code to type on the phone while PAIRING (absent or '' otherwise). */
  pairingCode?: string;
  retries: number;
  updatedAt: string;
}

/**
 * Why a connection needs an admin: the phone logged it out (401), another client keeps taking
 * the session (440), WhatsApp refused the number (403), reconnecting gave up, or nobody scanned
 * the QR / typed the pairing code in time.
 */
export const whatsappAlertKinds = ['logged-out', 'replaced', 'forbidden', 'gave-up', 'pairing-expired'] as const;
export type WhatsappAlertKind = (typeof whatsappAlertKinds)[number];

/** `company-<id>-whatsappAlert` `{ action: 'create', alert }`: to the company's admins only. */
export interface WhatsappAlertPayload {
  whatsappId: number;
  name: string;
  kind: WhatsappAlertKind;
  /** The disconnect code (401, 440, 403…); null when none (pairing expired). */
  code: number | null;
  /** The session timeline's reason (English, for the log). */
  reason: string;
  status: ConnectionStatus;
  /** ISO time. */
  at: string;
}

/** Wire channels (the part after `company-<id>-`) and their payloads. */
export interface WireChannels {
  /**
   * A new or changed ticket is always `update` (the spec's client ignores `create`): a list of
   * its status adds or replaces it. `delete` drops it from every list: without `movedFrom` the
   * ticket is gone for this socket (deleted, or no longer visible to it); with `movedFrom` it only
   * left that status's list and the `update` that follows carries it (decision 0042).
   */
  ticket:
    | { action: 'update'; ticket: TicketDto }
    | { action: 'delete'; ticketId: number; ticketUuid: string; movedFrom?: TicketDto['status'] }
    | { action: 'removeFromList'; ticketId: number }
    /** The ticket was read (after its `update` with `unreadMessages: 0`): notifications drop it. */
    | { action: 'updateUnread'; ticketId: number };
  /**
   * `contact` is the ticket's contact summary (what the conversation header shows). `create`
   * reaches everyone who may see the ticket (lists, notifications); `update` (acks, edits) only
   * the sockets that joined the conversation (`joinChatBox`).
   */
  appMessage: { action: 'create' | 'update'; message: MessageDto; ticket: TicketDto; contact: TicketDto['contact'] };
  contact: { action: 'create' | 'update'; contact: ContactDto } | { action: 'delete'; contactId: number };
  /** An import from the phone's address book: queued, each batch, done or failed (to the whole company). */
  contactImport: { action: 'update'; progress: PhoneImportProgress };
  whatsapp: { action: 'update'; whatsapp: WhatsappDto } | { action: 'delete'; whatsappId: number };
  whatsappSession: { action: 'update'; session: WhatsappSessionPayload };
  whatsappAlert: { action: 'create'; alert: WhatsappAlertPayload };
  presence: { action: 'update'; ticketId: number; presence: TicketPresence };
  queue: { action: 'create' | 'update'; queue: QueueDto } | { action: 'delete'; queueId: number };
  user: { action: 'create' | 'update'; user: UserDto } | { action: 'delete'; userId: number };
  /**
   * An agent's presence changed (online / away / offline; decision 0380), to the company's admins
   * and supervisors (`users:presence`) and to the agent's own sockets.
   */
  userPresence: { action: 'update'; presence: PresenceDto };
  /** A ticket's SLA is about to be breached, or was: to its queue's supervisors, the admins and its agent (issue 30 §3). */
  sla: { action: 'warning' | 'breach'; alert: SlaAlertDto };
  /** The company's tags (decision 0114): the /tags screen and the selectors stay current. */
  tag: { action: 'create' | 'update'; tag: TagListItemDto } | { action: 'delete'; tagId: number };
  /** Another login of this user: its older sessions log out (the spec's client reads only `user.id`). */
  auth: { action: 'update'; user: { id: number } };
  /**
   * Quick messages, named as the spec's client listens: `company<id>-quickemessage` (no hyphen
   * after "company", "quickemessage" as spelled there; decision 0061).
   */
  quickemessage: { action: 'create' | 'update'; record: QuickMessageDto } | { action: 'delete'; id: number };
  /**
   * Another agent has the ticket open or is typing in it (`left`: no longer); relayed to whoever
   * may see the ticket, never stored (decision 0087). The sender's own sockets never get it.
   */
  collision: { action: 'update'; ticketId: number; ticketUuid: string; user: { id: number; name: string }; state: CollisionState };
  /**
   * The company's settings, to everyone in it (the screens gate on them): `update` carries one
   * setting (integration keys as '' + `configured`), `schedules` the company's working hours.
   */
  settings: { action: 'update'; setting: SettingDto } | { action: 'schedules'; schedules: CompanyScheduleDay[] };
  /** The company's queue integrations, to its admins (secrets never in it; decision 0180). */
  queueIntegration: { action: 'create' | 'update'; queueIntegration: QueueIntegrationDto } | { action: 'delete'; integrationId: number };
  /** A ticket's notes, to the sockets that joined its conversation only (decision 0082). */
  ticketNote: { action: 'create'; note: TicketNoteDto } | { action: 'delete'; ticketId: number; id: number };
  /** A translation, original or transcript kept beside a message, to the sockets that joined its conversation only (decision 0440). */
  copilotText: { action: 'create'; text: CopilotMessageTextDto };
  /** The company's AI prompts, to its admins (`company-<id>-prompt`; keys masked). */
  prompt: { action: 'create' | 'update'; prompt: PromptDto } | { action: 'delete'; promptId: number };
  /** The company's contact lists, to its admins; `import`: a sheet's progress after each batch. */
  contactList:
    | { action: 'create' | 'update'; contactList: ContactListDto }
    | { action: 'delete'; contactListId: number }
    | { action: 'import'; progress: ContactListImportProgress };
  /** A contact list's items (edits, imports, the WhatsApp check's verdicts), to the company's admins. */
  contactListItem: { action: 'create' | 'update'; item: ContactListItemDto } | { action: 'delete'; contactListId: number; itemId: number };
  /** The company's file lists, to its admins. */
  file: { action: 'create' | 'update'; file: FileListDto } | { action: 'delete'; fileId: number };
  /**
   * The company's schedules and follow-ups, to the whole company, named as the spec's client
   * listens: `company<id>-schedule` (no hyphen after "company"; decision 0213).
   */
  schedule: { action: 'create' | 'update'; schedule: ScheduleDto } | { action: 'delete'; scheduleId: number };
  /** The company's campaigns with their report counters, to its admins (`company-<id>-campaign`, as the spec's client listens: `record`). */
  campaign: { action: 'create' | 'update'; record: CampaignDto } | { action: 'delete'; id: number };
  /**
   * Internal chat, to the chat's members only (decision 0290): a message posted (`new-message`,
   * for the top-bar popover and the menu's dot), a chat changed or read (`update`), deleted or
   * no longer one's own (`delete`).
   */
  chat:
    | { action: 'new-message'; newMessage: ChatMessageDto; chat: ChatDto }
    | { action: 'update'; chat: ChatDto }
    | { action: 'delete'; id: number };
  /** One chat's conversation (`company-<id>-chat-<chatId>`), to its members: messages and reads. */
  [chatRoom: `chat-${number}`]: { action: 'new-message'; newMessage: ChatMessageDto; chat: ChatDto } | { action: 'update'; chat: ChatDto };
  /**
   * One user's chats (`company-<id>-chat-user-<userId>`), to that user only: a chat made with
   * them (`create`), changed or read (`update`), a message for them with their new unread count
   * (`new-message`: `record` is the chat, `newMessage` the message; what desktop notifications
   * listen to), or one that is gone for them (`delete`).
   */
  [chatUser: `chat-user-${number}`]:
    | { action: 'create' | 'update'; record: ChatDto }
    | { action: 'new-message'; record: ChatDto; newMessage: ChatMessageDto }
    | { action: 'delete'; id: number };
  /**
   * A confirmed payment (`company-<id>-payment`, as the spec's checkout listens): action
   * CONCLUIDA with `company.dueDate`; to the company's admins and billing-only sessions.
   */
  payment: PaymentEvent;
  /**
   * Platform announcements (issue 14 §6; decision 0275), to every logged-in user of every company
   * as `company-<theirCompanyId>-announcement`: an active one is `create`/`update` with the
   * `record`; one deleted or made inactive is `delete` with its `id` (the popover drops it).
   */
  announcement: { action: 'create' | 'update'; record: AnnouncementDto } | { action: 'delete'; id: number };
}

/** What an agent is doing in a ticket, as colleagues see it. */
export type CollisionState = 'viewing' | 'typing' | 'left';
export const collisionStates: readonly CollisionState[] = ['viewing', 'typing', 'left'];
export type WireChannel = keyof WireChannels;

/** A wire event's name; its channel part types the payload (`Realtime.emit`, the client's `listen`). */
export type WireEventName<C extends WireChannel = WireChannel> = C extends UnhyphenatedChannel ? `company${number}-${C}` : `company-${number}-${C}`;

/** Channels the spec's client names `company<id>-<channel>`, without the hyphen after "company". */
type UnhyphenatedChannel = 'quickemessage' | 'schedule';
const unhyphenated: readonly WireChannel[] = ['quickemessage', 'schedule'];

/** `company-7-ticket`; `company7-quickemessage` */
export const wireEvent = <C extends WireChannel>(companyId: number, channel: C): WireEventName<C> =>
  (unhyphenated.includes(channel) ? `company${companyId}-${channel}` : `company-${companyId}-${channel}`) as WireEventName<C>;

/**
 * Messages a client may send; the server decides the rooms (it never trusts a room name). A
 * client sends them only after the server's `ready` (the socket's rooms and handlers are set up).
 */
export interface ClientToServer {
  /** The lists' rooms are joined at connect from the user's visibility: accepted, idempotent, no-ops. */
  joinTickets: (status: string) => void;
  leaveTickets: (status: string) => void;
  /**
   * Joins a conversation's room by the ticket's uuid or its numeric id as a string ("42").
   * `ack(true)` once the socket is in the ticket's room (false: not allowed or not found;
   * `false, 'ERR_TOO_MANY_REQUESTS'` when the socket asked too often). Joining twice is joining once.
   */
  joinChatBox: (ticket: string, ack?: (joined: boolean, error?: SocketRefusal) => void) => void;
  /** The same uuid or id the socket joined with. */
  leaveChatBox: (ticket: string) => void;
  joinNotification: () => void;
  leaveNotification: () => void;
  userStatus: () => void;
  /**
   * Collision detection: the sender has the ticket (uuid) open (`viewing`, repeated every
   * COLLISION_HEARTBEAT_MS), is typing in it, or `left` it. Relayed only to the sockets of users
   * who may see the ticket; ignored when the sender may not, or sends too often.
   */
  ticketActivity: (ticket: string, state: CollisionState) => void;
  /** Resync: the server answers with tickets changed since `since` (ISO); refused when too often. */
  resync: (since: string, ack: (r: { tickets: TicketDto[]; error?: SocketRefusal }) => void) => void;
}

/** The server's one event outside the company channels: the socket is set up, joins may follow. */
export const SOCKET_READY = 'ready';

/** Why the server refused a client's socket message (its events are rate-limited per socket). */
export type SocketRefusal = 'ERR_TOO_MANY_REQUESTS';
