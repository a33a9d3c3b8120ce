import { z } from 'zod';
import { WEBHOOK_SIGNATURE_HEADER } from '@balcao/shared';
import { signatureHeader } from '../../../lib/signature';
import type { BotReply, BotTurn } from '../../bot';
import { postJson, replayHeaders, type HttpOptions } from './http';

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
  nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
): Promise<BotReply> => {
  const raw = JSON.stringify(webhookPayload(turn, { id: integration.id, name: integration.name, type: integration.type }));
  // The outbound webhooks' signature (lib/signature.ts). Only an integration saved before every
  // one got a secret (decision 0344) goes unsigned, until it is saved again.
  const signature: Record<string, string> = integration.secret ? { [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(integration.secret, raw, nowSeconds()) } : {};
  const headers: Record<string, string> = { ...signature, ...replayHeaders(turn) };
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
