import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { BotReply, BotTurn } from '../../bot';
import { postJson, replayHeaders, type HttpOptions } from './http';

/** The header that signs a webhook/n8n call: `sha256=<hex HMAC-SHA256 of the raw body>` (decision 0182). */
export const SIGNATURE_HEADER = 'X-Balcao-Signature';

export const sign = (secret: string, rawBody: string): string => `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

/**
 * What we POST (documented in decision 0182): the event, the ticket, the contact, the message and
 * the company. Stable field names; new fields may be added, none removed.
 */
export const webhookPayload = (turn: BotTurn, integration: { id: number; name: string; type: string }) => ({
  event: 'message',
  integration,
  company: { id: turn.companyId },
  ticket: { id: turn.ticketId, uuid: turn.ticketUuid, queueId: turn.queueId },
  contact: turn.contact,
  message: { body: turn.text, mediaType: turn.mediaType },
  // A dry run (decision 0201): whatever the flow answers is shown to an admin, never sent.
  ...(turn.replay ? { replay: true } : {}),
});

/** What a webhook may answer (all optional): a reply to send, a queue/user to move to, stop the bot. */
const WebhookAnswer = z.object({
  reply: z.union([z.string().max(4096), z.array(z.string().max(4096)).max(10)]).nullish(),
  queueId: z.number().int().positive().nullish(),
  userId: z.number().int().positive().nullish(),
  stop: z.boolean().nullish(),
});

export const callWebhook = async (
  integration: { id: number; name: string; type: string; url: string; secret: string },
  turn: BotTurn,
  http: HttpOptions,
): Promise<BotReply> => {
  const raw = JSON.stringify(webhookPayload(turn, { id: integration.id, name: integration.name, type: integration.type }));
  const headers: Record<string, string> = { ...(integration.secret ? { [SIGNATURE_HEADER]: sign(integration.secret, raw) } : {}), ...replayHeaders(turn) };
  const r = await postJson(integration.url, raw, headers, http);
  const base = { kind: 'integration', type: integration.type, integrationId: integration.id, ms: r.ms, attempts: r.attempts };
  if (!r.ok) return { messages: [], stop: true, timeline: [{ kind: 'integration', detail: { ...base, status: r.status, error: r.error } }] };
  const parsed = WebhookAnswer.safeParse(r.json ?? {});
  if (!parsed.success) return { messages: [], stop: true, timeline: [{ kind: 'integration', detail: { ...base, status: r.status, error: 'bad-json' } }] };
  const a = parsed.data;
  const replies = a.reply == null ? [] : [a.reply].flat().filter((t) => t.trim() !== '');
  return {
    messages: replies.map((body) => ({ body })),
    ...(a.queueId != null ? { queueId: a.queueId } : {}),
    ...(a.userId != null ? { userId: a.userId } : {}),
    stop: a.stop === true || a.queueId != null || a.userId != null,
    timeline: [{ kind: 'integration', detail: { ...base, status: r.status, replies: replies.length, queueId: a.queueId ?? null, userId: a.userId ?? null, stop: a.stop ?? false } }],
  };
};
