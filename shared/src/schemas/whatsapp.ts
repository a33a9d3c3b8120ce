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

export const providers = ['sandbox', 'baileys', 'beta'] as const;

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
});
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
});
export type UpdateWhatsappBody = z.infer<typeof UpdateWhatsappBody>;

/**
 * POST /whatsappsession/:id: start a session. Without a body (or without `phoneNumber`) the
 * admin scans a QR code; with `phoneNumber` (country code and area code, digits only) WhatsApp
 * shows an 8-character pairing code to type on that phone instead.
 */
export const StartSessionBody = z.object({ phoneNumber: digits(10, 15).optional() });
export type StartSessionBody = z.infer<typeof StartSessionBody>;
