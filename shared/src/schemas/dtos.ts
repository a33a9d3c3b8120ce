/** Response shapes (what the API and socket events carry). Plain types: the server builds them. */
import type { ConnectionStatus, Profile } from '../constants';
import type { TicketStatus } from '../ticket-status';

export interface CompanyRef {
  id: number;
  name: string;
  dueDate: string | null;
  settings: { key: string; value: string }[];
}

export interface QueueDto {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
  orderQueue: number | null;
}

export interface UserDto {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  allTicket: 'enabled' | 'disabled';
  whatsappId: number | null;
  companyId: number;
  online: boolean;
  queues: { id: number; name: string; color: string }[];
}

export interface SessionUserDto extends UserDto {
  company: CompanyRef;
}

export interface ContactDto {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
  extraInfo: { name: string; value: string }[];
  createdAt: string;
  updatedAt: string;
}

export interface WhatsappDto {
  id: number;
  name: string;
  number: string;
  status: ConnectionStatus;
  /** The QR code to scan while `qrcode` ('' otherwise, and always '' for non-admins). */
  qrcode: string;
  /** The 8-character code to type on the phone while PAIRING ('' otherwise; admins only). */
  pairingCode?: string;
  retries: number;
  isDefault: boolean;
  provider: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresTicket: number;
  expiresInactiveMessage: string;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  timeToTransfer: number;
  transferQueueId: number | null;
  promptId: number | null;
  queues: { id: number; name: string; color: string }[];
  updatedAt: string;
}

export interface TicketDto {
  id: number;
  uuid: string;
  status: TicketStatus;
  companyId: number;
  contactId: number;
  whatsappId: number;
  queueId: number | null;
  userId: number | null;
  isGroup: boolean;
  chatbot: boolean;
  lastMessage: string;
  unreadMessages: number;
  presence: 'composing' | 'recording' | null;
  createdAt: string;
  updatedAt: string;
  queuedAt: string | null;
  acceptedAt: string | null;
  closedAt: string | null;
  contact: { id: number; name: string; number: string; profilePicUrl: string };
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string } | null;
  whatsapp: { id: number; name: string };
  tags: { id: number; name: string; color: string }[];
}

export interface QuotedDto {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string | null;
}

/** One person's reaction on a message (attendance §3: reactions are shown on the message). */
export interface MessageReaction {
  emoji: string;
  fromMe: boolean;
  /** Who reacted: the contact's number (digits), or the connection's own when `fromMe`. */
  from: string;
}

export interface MessageDto {
  id: number;
  ticketId: number;
  contactId: number | null;
  waMessageId: string;
  body: string;
  fromMe: boolean;
  ack: number;
  read: boolean;
  mediaType: string | null;
  mediaUrl: string | null;
  isDeleted: boolean;
  isEdited: boolean;
  isForwarded: boolean;
  automated: boolean;
  errorCode: string | null;
  quotedMsg: QuotedDto | null;
  /** The server always sends it (possibly empty); optional so older clients and fixtures still type. */
  reactions?: MessageReaction[];
  createdAt: string;
  updatedAt: string;
}

export interface CompanyDto {
  id: number;
  name: string;
  email: string;
  phone: string;
  planId: number;
  status: boolean;
  dueDate: string | null;
  recurrence: string;
  timezone: string;
  createdAt: string;
}

export interface PlanDto {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
  useCampaigns: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
}
