import { z } from 'zod';
import { dbIdParam, pageNumber } from './common';

/**
 * Signed outbound webhooks (issue 15 §5; decisions 0300–0304). A company subscribes a URL to
 * domain events; each delivery is POSTed as the envelope below, signed with HMAC-SHA256:
 * `X-Balcao-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`,
 * plus `X-Balcao-Event` and `X-Balcao-Delivery` (the delivery's stable id, the same on every
 * retry and replay). The secret is shown once, at creation and at each rotation.
 */
export const webhookEvents = [
  'message.created',
  'message.updated',
  'ticket.created',
  'ticket.updated',
  'ticket.deleted',
  'contact.created',
  'contact.updated',
  'contact.deleted',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** The event `POST /webhooks/:id/test` sends (never subscribed to: every webhook receives it on request). */
export const WEBHOOK_PING_EVENT = 'webhook.ping';

export const WEBHOOK_SIGNATURE_HEADER = 'X-Balcao-Signature';
export const WEBHOOK_EVENT_HEADER = 'X-Balcao-Event';
export const WEBHOOK_DELIVERY_HEADER = 'X-Balcao-Delivery';

/** Bounds of the delivery (decision 0302). */
export const WEBHOOK_LIMITS = {
  /** Tries of one delivery (first + retries), each `timeoutMs` at most. */
  maxAttempts: 6,
  timeoutMs: 10_000,
  /** What the log keeps of the receiver's answer. */
  responseChars: 1024,
  /** Per company. */
  maxWebhooks: 20,
} as const;

export const WEBHOOK_DELIVERY_PAGE_SIZE = 20;

/**
 * What a receiver gets: `data` is the entity's public DTO — `{ message, ticket }`,
 * `{ ticket }`, `{ contact }`, or `{ id }` for a deletion; never tokens or secrets.
 */
export interface WebhookEnvelope {
  /** The delivery's stable id (also `X-Balcao-Delivery`). */
  id: string;
  event: WebhookEvent | typeof WEBHOOK_PING_EVENT;
  createdAt: string;
  companyId: number;
  data: Record<string, unknown>;
}

// Examples for the OpenAPI document (decision 0298): `.meta` only, parsing is unchanged.
const webhookExample = {
  id: 4,
  name: 'ERP da loja',
  url: 'https://erp.exemplo.com.br/balcao/eventos',
  events: ['message.created', 'ticket.updated'],
  active: true,
  secretTail: '…9f3a',
  createdAt: '2026-11-20T13:05:00.000Z',
  updatedAt: '2026-11-20T13:05:00.000Z',
};
const webhookSecretExample = { webhook: webhookExample, secret: 'whsec_7Qk2Lm9Xp4Rt8Vz1Nc6Bw3Hj5Dy0Fa2Ge4Su6Io9f3a' };
const deliveryExample = {
  id: 1532,
  webhookId: 4,
  eventId: '0b9c6f7e-3d21-4a8b-9c5e-1f2a3b4c5d6e',
  event: 'message.created',
  status: 'delivered' as const,
  attempts: 1,
  responseStatus: 200,
  responseBody: '{"ok":true}',
  error: null,
  deliveredAt: '2026-11-21T09:42:11.000Z',
  createdAt: '2026-11-21T09:42:10.000Z',
  updatedAt: '2026-11-21T09:42:11.000Z',
};

export const WebhookDto = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  /** The secret's last 4 characters (`…abcd`); the secret itself only once, in WebhookSecretResponse. */
  secretTail: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ examples: [webhookExample] });
export type WebhookDto = z.infer<typeof WebhookDto>;

/** `POST /webhooks` and `POST /webhooks/:id/secret`: the row and the signing secret, this once. */
export const WebhookSecretResponse = z.object({ webhook: WebhookDto, secret: z.string() }).meta({ examples: [webhookSecretExample] });
export type WebhookSecretResponse = z.infer<typeof WebhookSecretResponse>;

export const ListWebhooksResponse = z.object({ webhooks: z.array(WebhookDto) }).meta({ examples: [{ webhooks: [webhookExample] }] });
export type ListWebhooksResponse = z.infer<typeof ListWebhooksResponse>;

const url = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((s) => /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(s), 'invalid URL');
const events = z.array(z.enum(webhookEvents)).min(1).max(webhookEvents.length);
const name = z.string().trim().min(1).max(100);

export const CreateWebhookBody = z.object({ name, url, events, active: z.boolean().default(true) }).meta({
  examples: [{ name: 'ERP da loja', url: 'https://erp.exemplo.com.br/balcao/eventos', events: ['message.created', 'ticket.updated'], active: true }],
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

export const UpdateWebhookBody = z.object({ name: name.optional(), url: url.optional(), events: events.optional(), active: z.boolean().optional() }).meta({
  examples: [{ events: ['message.created', 'ticket.created', 'ticket.updated'], active: false }],
});
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const WebhookDeliveryDto = z.object({
  id: z.number(),
  webhookId: z.number(),
  /** The stable delivery id (X-Balcao-Delivery). */
  eventId: z.string(),
  event: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ examples: [deliveryExample] });
export type WebhookDeliveryDto = z.infer<typeof WebhookDeliveryDto>;

export const ListWebhookDeliveriesQuery = z.object({ pageNumber, status: z.enum(webhookDeliveryStatuses).optional() });
export type ListWebhookDeliveriesQuery = z.infer<typeof ListWebhookDeliveriesQuery>;

export const ListWebhookDeliveriesResponse = z.object({ deliveries: z.array(WebhookDeliveryDto), count: z.number(), hasMore: z.boolean() }).meta({
  examples: [{ deliveries: [deliveryExample], count: 1, hasMore: false }],
});
export type ListWebhookDeliveriesResponse = z.infer<typeof ListWebhookDeliveriesResponse>;

export const WebhookDeliveryParams = z.object({ id: dbIdParam, deliveryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export type WebhookDeliveryParams = z.infer<typeof WebhookDeliveryParams>;
