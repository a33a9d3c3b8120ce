import { z } from 'zod';
import { msg, dbId, digits } from './common';
import { API_TOKEN_MIN_LENGTH } from './external-api';

const apiTokenInput = z
  .string()
  .trim()
  .max(200, msg.tooLong)
  .refine((t) => t === '' || t.length >= API_TOKEN_MIN_LENGTH, `at least ${API_TOKEN_MIN_LENGTH} characters`)
  .refine((t) => !/\s/.test(t), 'no spaces')
  .optional();

export const providers = ['sandbox', 'baileys', 'beta', 'cloud'] as const;

const secret = (min: number) => z.string({ error: msg.required }).trim().min(min, msg.tooShort).max(1000, msg.tooLong).refine((t) => !/\s/.test(t), 'no spaces');

/**
 * A Cloud API connection's facts (issue 29; decision 0370), as Meta's console shows them: the
 * number's id and its WhatsApp Business Account's, the access token (a system user's), the app
 * secret (signs every webhook) and the verify token the admin chose for the webhook's check. The
 * three secrets are sealed at rest and never returned; on PUT an absent one is kept, a new one
 * replaces it (rotation).
 */
export const CloudConnectionBody = z.object({
  phoneNumberId: digits(5, 30),
  wabaId: digits(5, 30),
  accessToken: secret(20),
  appSecret: secret(16),
  verifyToken: secret(16),
});
export type CloudConnectionBody = z.infer<typeof CloudConnectionBody>;

/** PUT: every field optional; a secret left out keeps the stored one. */
export const UpdateCloudConnectionBody = CloudConnectionBody.partial();
export type UpdateCloudConnectionBody = z.infer<typeof UpdateCloudConnectionBody>;

/** `provider: 'cloud'` needs its `cloud` facts; another provider takes none. */
const cloudMatchesProvider = (body: { provider?: string; cloud?: unknown }, ctx: z.RefinementCtx, creating: boolean) => {
  if (body.provider === 'cloud' && creating && !body.cloud) ctx.addIssue({ code: 'custom', path: ['cloud'], message: msg.required });
  if (body.cloud && body.provider !== undefined && body.provider !== 'cloud') ctx.addIssue({ code: 'custom', path: ['cloud'], message: 'only for provider cloud' });
};

export const CreateWhatsappBody = z.object({
  name: z.string({ error: msg.required }).trim().min(1, msg.required).min(2, msg.tooShort).max(50, msg.tooLong),
  provider: z.enum(providers).default('beta'),
  isDefault: z.boolean().default(false),
  greetingMessage: z.string().max(5000).default(''),
  complationMessage: z.string().max(5000).default(''),
  outOfHoursMessage: z.string().max(5000).default(''),
  ratingMessage: z.string().max(5000).default(''),
  /**
   * The spec client's `token` field: an admin-chosen external API token (decision 0295). At
   * least 16 characters; stored only as its SHA-256 hash, never returned; '' or absent = unchanged
   * (the client's form always shows it empty). `POST /whatsapp/:id/token` generates one instead.
   */
  token: apiTokenInput,
  expiresTicket: z.number().int().min(0).max(525_600).default(0),
  expiresInactiveMessage: z.string().max(5000).default(''),
  timeUseBotQueues: z.number().int().min(0).max(100_000).default(0),
  maxUseBotQueues: z.number().int().min(0).max(100).default(3),
  timeToTransfer: z.number().int().min(0).max(100_000).default(0),
  transferQueueId: dbId.nullable().optional(),
  promptId: dbId.nullable().optional(),
  /** Number health (issue 13 §6): the send gate of non-reply messages; 0 = no limit. */
  gateRatePerMinute: z.number().int().min(0).max(600).optional(),
  gateDailyCap: z.number().int().min(0).max(100_000).optional(),
  gateJitterMs: z.number().int().min(0).max(600_000).optional(),
  gateWarmupDays: z.number().int().min(0).max(90).optional(),
  queueIds: z.array(dbId).max(200).default([]),
  /** The connection's own queue integration (a queue's wins over it). */
  integrationId: dbId.nullable().optional(),
  /** Only with `provider: 'cloud'`, and then required. */
  cloud: CloudConnectionBody.optional(),
  /** Failover (issue 29 §6; decision 0411): one of the company's Cloud connections, carrying agents' replies while this session is down; null: none. */
  fallbackWhatsappId: dbId.nullable().optional(),
}).superRefine((b, ctx) => cloudMatchesProvider(b, ctx, true));
export type CreateWhatsappBody = z.infer<typeof CreateWhatsappBody>;

export const ListWhatsappQuery = z.object({ session: z.coerce.number().int().min(0).max(1).optional() });

/** PUT /whatsapp/:id: the create fields, all optional and without defaults; queueIds replace. */
export const UpdateWhatsappBody = z.object({
  name: z.string({ error: msg.required }).trim().min(1, msg.required).min(2, msg.tooShort).max(50, msg.tooLong).optional(),
  provider: z.enum(providers).optional(),
  isDefault: z.boolean().optional(),
  greetingMessage: z.string().max(5000).optional(),
  complationMessage: z.string().max(5000).optional(),
  outOfHoursMessage: z.string().max(5000).optional(),
  ratingMessage: z.string().max(5000).optional(),
  /**
   * The spec client's `token` field: an admin-chosen external API token (decision 0295). At
   * least 16 characters; stored only as its SHA-256 hash, never returned; '' or absent = unchanged
   * (the client's form always shows it empty). `POST /whatsapp/:id/token` generates one instead.
   */
  token: apiTokenInput,
  expiresTicket: z.number().int().min(0).max(525_600).optional(),
  expiresInactiveMessage: z.string().max(5000).optional(),
  timeUseBotQueues: z.number().int().min(0).max(100_000).optional(),
  maxUseBotQueues: z.number().int().min(0).max(100).optional(),
  timeToTransfer: z.number().int().min(0).max(100_000).optional(),
  transferQueueId: dbId.nullable().optional(),
  promptId: dbId.nullable().optional(),
  /** The connection's own queue integration (a queue's wins over it); null clears it. */
  integrationId: dbId.nullable().optional(),
  /** Number health (issue 13 §6): the send gate of non-reply messages; 0 = no limit. */
  gateRatePerMinute: z.number().int().min(0).max(600).optional(),
  gateDailyCap: z.number().int().min(0).max(100_000).optional(),
  gateJitterMs: z.number().int().min(0).max(600_000).optional(),
  gateWarmupDays: z.number().int().min(0).max(90).optional(),
  queueIds: z.array(dbId).max(200).optional(),
  /** A Cloud connection's facts; secrets left out are kept. */
  cloud: UpdateCloudConnectionBody.optional(),
  /** Failover (decision 0411): a Cloud connection of the company, not this one; null clears it. */
  fallbackWhatsappId: dbId.nullable().optional(),
}).superRefine((b, ctx) => cloudMatchesProvider(b, ctx, false));
export type UpdateWhatsappBody = z.infer<typeof UpdateWhatsappBody>;

/**
 * POST /whatsappsession/:id: start a session. Without a body (or without `phoneNumber`) the
 * admin scans a QR code; with `phoneNumber` (country code and area code, digits only) WhatsApp
 * shows an 8-character pairing code to type on that phone instead.
 */
export const StartSessionBody = z.object({ phoneNumber: digits(10, 15).optional() });
export type StartSessionBody = z.infer<typeof StartSessionBody>;

/** Meta's subscription check of the Cloud API webhook (GET /channels/whatsapp-cloud/webhook). */
export const CloudWebhookQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(1000).optional(),
  'hub.challenge': z.string().max(1000).optional(),
});
export type CloudWebhookQuery = z.infer<typeof CloudWebhookQuery>;

/** What a delivery Meta signed is answered (POST /channels/whatsapp-cloud/webhook). */
export const CloudWebhookResponse = z.object({ received: z.literal(true) });
