import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CloudWebhookQuery, CloudWebhookResponse } from '@balcao/shared';
import type { CloudWebhook } from './cloud-webhook.service';

/** Meta posts a few KB of events at a time; the server's usual 1 MiB is far more than enough. */
const BODY_LIMIT = 1024 * 1024;

/**
 * Meta's webhook (public: Meta calls it without a session). The signature covers the raw body, so
 * this scope keeps JSON bodies as bytes; the service parses them after the check.
 */
export const cloudWebhookRoutes = (webhook: CloudWebhook) => async (fastify: FastifyInstance) => {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/channels/whatsapp-cloud/webhook', { schema: { querystring: CloudWebhookQuery, response: { 200: z.string() } } }, async (req, reply) => {
    const challenge = await webhook.challenge(req.query);
    return reply.type('text/plain').send(challenge);
  });
  app.post('/channels/whatsapp-cloud/webhook', { schema: { response: { 200: CloudWebhookResponse } } }, async (req) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await webhook.receive(raw, req.headers['x-hub-signature-256'] as string | undefined);
    return { received: true as const };
  });
};
