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
});
export type WebhookDto = z.infer<typeof WebhookDto>;

/** `POST /webhooks` and `POST /webhooks/:id/secret`: the row and the signing secret, this once. */
export const WebhookSecretResponse = z.object({ webhook: WebhookDto, secret: z.string() });
export type WebhookSecretResponse = z.infer<typeof WebhookSecretResponse>;

export const ListWebhooksResponse = z.object({ webhooks: z.array(WebhookDto) });
export type ListWebhooksResponse = z.infer<typeof ListWebhooksResponse>;

const url = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((s) => /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(s), 'invalid URL');
const events = z.array(z.enum(webhookEvents)).min(1).max(webhookEvents.length);
const name = z.string().trim().min(1).max(100);

export const CreateWebhookBody = z.object({ name, url, events, active: z.boolean().default(true) });
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

export const UpdateWebhookBody = z.object({ name: name.optional(), url: url.optional(), events: events.optional(), active: z.boolean().optional() });
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
});
export type WebhookDeliveryDto = z.infer<typeof WebhookDeliveryDto>;

export const ListWebhookDeliveriesQuery = z.object({ pageNumber, status: z.enum(webhookDeliveryStatuses).optional() });
export type ListWebhookDeliveriesQuery = z.infer<typeof ListWebhookDeliveriesQuery>;

export const ListWebhookDeliveriesResponse = z.object({ deliveries: z.array(WebhookDeliveryDto), count: z.number(), hasMore: z.boolean() });
export type ListWebhookDeliveriesResponse = z.infer<typeof ListWebhookDeliveriesResponse>;

export const WebhookDeliveryParams = z.object({ id: dbIdParam, deliveryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export type WebhookDeliveryParams = z.infer<typeof WebhookDeliveryParams>;
