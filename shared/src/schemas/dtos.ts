/**
 * Response shapes (what the API and socket events carry), as zod schemas: the server's route
 * schemas check and document them (OpenAPI at /docs), and the types are inferred from them.
 */
import { z } from 'zod';
import { stamps } from './common';
import { connectionStatuses, presenceStatuses, profiles } from '../constants';
import { ticketStatuses } from '../ticket-status';
import { assignmentPolicies, QueueSchedule } from './queues';
import { SlaState } from './sla';

const iso = z.string();
const ref = z.object({ id: z.number(), name: z.string(), color: z.string() });

export const CompanyRef = z.object({
  id: z.number(),
  name: z.string(),
  dueDate: z.string(),
  settings: z.array(z.object({ key: z.string(), value: z.string() })),
});
export type CompanyRef = z.infer<typeof CompanyRef>;

export const QueueDto = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string(),
  outOfHoursMessage: z.string(),
  orderQueue: z.number().nullable(),
  integrationId: z.number().nullable(),
  promptId: z.number().nullable(),
  /** Working hours, used when the company's `scheduleType` is `queue`. */
  schedules: z.array(QueueSchedule),
  /** The stored file's name (sent with the greeting); served at `GET /queue/:id/media`. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** How its waiting tickets find an agent (issue 30 §2), each agent's capacity, the minutes before a silent assignment moves on. */
  assignment: z.enum(assignmentPolicies),
  agentCapacity: z.number().nullable(),
  reassignAfterMinutes: z.number().nullable(),
});
export type QueueDto = z.infer<typeof QueueDto>;

export const UserDto = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(profiles),
  super: z.boolean(),
  allTicket: z.enum(['enabled', 'disabled']),
  whatsappId: z.number().nullable(),
  companyId: z.number(),
  online: z.boolean(),
  /** online / away / offline (decision 0380): `online` is only whether a socket is connected. */
  presence: z.enum(presenceStatuses),
  /** Open tickets assignment gives them at most (null: their queue's agentCapacity). */
  maxTickets: z.number().nullable(),
  queues: z.array(ref),
});
export type UserDto = z.infer<typeof UserDto>;

export const SessionUserDto = UserDto.extend({ company: CompanyRef });
export type SessionUserDto = z.infer<typeof SessionUserDto>;

export const ContactDto = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  profilePicUrl: z.string(),
  isGroup: z.boolean(),
  extraInfo: z.array(z.object({ name: z.string(), value: z.string() })),
  /** The contact's own tags (the customer's, not one ticket's), by name. */
  tags: z.array(ref),
  createdAt: iso,
  updatedAt: iso,
});
export type ContactDto = z.infer<typeof ContactDto>;

export const WhatsappDto = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  status: z.enum(connectionStatuses),
  /** The QR code to scan while `qrcode` ('' otherwise, and always '' for non-admins). */
  qrcode: z.string(),
  /** The 8-character code to type on the phone while PAIRING ('' otherwise; admins only). */
  pairingCode: z.string().optional(),
  retries: z.number(),
  isDefault: z.boolean(),
  provider: z.string(),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  expiresTicket: z.number(),
  expiresInactiveMessage: z.string(),
  timeUseBotQueues: z.number(),
  maxUseBotQueues: z.number(),
  timeToTransfer: z.number(),
  transferQueueId: z.number().nullable(),
  promptId: z.number().nullable(),
  integrationId: z.number().nullable(),
  /** Number health (issue 13 §6): when the number was paired, and the send gate's settings. */
  pairedAt: iso.nullable(),
  gateRatePerMinute: z.number(),
  gateDailyCap: z.number(),
  gateJitterMs: z.number(),
  gateWarmupDays: z.number(),
  /** External API (issue 15 §3): the last 4 characters of the connection's token ('' = none); the token itself is never returned. */
  apiTokenTail: z.string(),
  queues: z.array(ref),
  /** Failover (issue 29 §6; decision 0411): the Cloud connection carrying agents' replies while this one's session is down; null: none. Optional so older fixtures still type. */
  fallbackWhatsappId: z.number().nullable().optional(),
  updatedAt: iso,
  /** A Cloud API connection's facts (provider 'cloud' only): its ids, and whether each secret is stored — never the secret. */
  cloud: z
    .object({
      phoneNumberId: z.string(),
      wabaId: z.string(),
      accessTokenSet: z.boolean(),
      appSecretSet: z.boolean(),
      verifyTokenSet: z.boolean(),
      /** What Meta last said of the number (decision 0450): GREEN, YELLOW, RED, UNKNOWN; '' before the first read. */
      qualityRating: z.string(),
      /** The business portfolio's messaging limit the number shares (TIER_250, TIER_2K, TIER_10K, TIER_100K, UNLIMITED); '' unknown. */
      messagingLimit: z.string(),
      checkedAt: z.string().nullable(),
    })
    .optional(),
});
export type WhatsappDto = z.infer<typeof WhatsappDto>;

export const TicketDto = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.enum(ticketStatuses),
  companyId: z.number(),
  contactId: z.number(),
  whatsappId: z.number(),
  queueId: z.number().nullable(),
  userId: z.number().nullable(),
  isGroup: z.boolean(),
  chatbot: z.boolean(),
  lastMessage: z.string(),
  unreadMessages: z.number(),
  presence: z.enum(['composing', 'recording']).nullable(),
  ...stamps,
  queuedAt: iso.nullable(),
  acceptedAt: iso.nullable(),
  closedAt: iso.nullable(),
  /** `tags`: the contact's own tags (the list item shows them); always sent by this server. */
  contact: z.object({ id: z.number(), name: z.string(), number: z.string(), profilePicUrl: z.string(), tags: z.array(ref).optional() }),
  queue: ref.nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string() }),
  tags: z.array(ref),
  /** The SLA clocks (issue 30 §3), null when none ever started; optional so older fixtures still type. */
  sla: SlaState.nullable().optional(),
});
export type TicketDto = z.infer<typeof TicketDto>;

export const QuotedDto = z.object({
  id: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.string().nullable(),
});
export type QuotedDto = z.infer<typeof QuotedDto>;

/** One person's reaction on a message (attendance §3: reactions are shown on the message). */
export const MessageReaction = z.object({
  emoji: z.string(),
  fromMe: z.boolean(),
  /** Who reacted: the contact's number (digits), or the connection's own when `fromMe`. */
  from: z.string(),
});
export type MessageReaction = z.infer<typeof MessageReaction>;

export const MessageDto = z.object({
  id: z.number(),
  ticketId: z.number(),
  contactId: z.number().nullable(),
  waMessageId: z.string(),
  body: z.string(),
  fromMe: z.boolean(),
  ack: z.number(),
  read: z.boolean(),
  mediaType: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  /**
   * The file's size in bytes, known before it is downloaded (the channel says it), else null
   * (issue 28 §5). Optional so older clients and fixtures still type.
   */
  mediaSize: z.number().nullable().optional(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  isForwarded: z.boolean(),
  automated: z.boolean(),
  errorCode: z.string().nullable(),
  /**
   * Why the channel failed this message, in its words (a Cloud API status: "131047 …"; decision
   * 0475), shown under a failed message. Optional so the spec's client and older fixtures still type.
   */
  errorDetail: z.string().nullable().optional(),
  quotedMsg: QuotedDto.nullable(),
  /** The agent who sent it (null: the customer, a bot or the phone); edit/delete are theirs only. */
  userId: z.number().nullable().optional(),
  /**
   * The connection that carried it (issue 29 §6; decision 0412): the ticket's own, or the Cloud
   * fallback that carried an agent's reply while the ticket's session was down.
   */
  whatsappId: z.number().optional(),
  /** The server always sends it (possibly empty); optional so older clients and fixtures still type. */
  reactions: z.array(MessageReaction).optional(),
  ...stamps,
});
export type MessageDto = z.infer<typeof MessageDto>;

export const CompanyDto = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  planId: z.number(),
  status: z.boolean(),
  dueDate: z.string(),
  recurrence: z.string(),
  timezone: z.string(),
  createdAt: iso,
});
export type CompanyDto = z.infer<typeof CompanyDto>;

export const PlanDto = z.object({
  id: z.number(),
  name: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  value: z.number(),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
  useInternal: z.boolean(),
  /** Cloud API template sends per company and UTC month (issue 29 §7; decision 0414); null: no cap. Optional so older clients and fixtures still type. */
  templateSendsPerMonth: z.number().nullable().optional(),
  /** The agent's copilot (issue 32; decision 0400). */
  useCopilot: z.boolean(),
  /** The copilot's monthly token cap per company (decision 0442; 0: none). Optional so older clients and fixtures still type. */
  copilotTokenCap: z.number().optional(),
  /** Offered on the signup page (issue 14; decision 0256). */
  signup: z.boolean().optional(),
});
export type PlanDto = z.infer<typeof PlanDto>;
