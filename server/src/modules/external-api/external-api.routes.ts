import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiSendRequest, ApiSendResponse, errorAnswer } from '@balcao/shared';
import { systemCtx } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import { rateLimited } from '../../infra/plugins/rate-limit';
import { readMultipart, type Upload } from '../messages';
import type { ApiPrincipal, ExternalApi } from './external-api.service';

/** The bearer of `Authorization: Bearer <token>` (any case), or undefined. */
export const bearerOf = (req: FastifyRequest): string | undefined => /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];

/** Counted per token (its hash, never the token itself), not per IP: one integrator behind many addresses is one client. */
const perToken = (req: FastifyRequest): string => createHash('sha256').update(bearerOf(req) ?? `ip:${req.ip}`).digest('hex').slice(0, 32);

const principals = new WeakMap<FastifyRequest, ApiPrincipal>();
const uploadsOf = new WeakMap<FastifyRequest, { files: Upload[]; discard: () => Promise<void> }>();

/** Every coded answer the route gives, documented with example bodies (decision 0298). */
const errors = {
  400: errorAnswer('Bad input, or the number is not on WhatsApp', [
    { error: 'ERR_VALIDATION', message: 'body: Required', requestId: 'req-1a', issues: [{ path: 'body', message: 'Required' }] },
    { error: 'ERR_WAPP_INVALID_CONTACT', message: 'the number is not on WhatsApp', requestId: 'req-1b' },
    { error: 'ERR_FILE_TYPE_NOT_ALLOWED', message: 'setup.exe: programs cannot be sent', requestId: 'req-1c' },
  ]),
  401: errorAnswer("Missing, unknown or rotated connection token, a user's session token, or the company's subscription is past due", [
    { error: 'ERR_INVALID_API_TOKEN', message: 'unknown or rotated token', requestId: 'req-2a' },
    { error: 'ERR_SUBSCRIPTION_EXPIRED', requestId: 'req-2b' },
  ]),
  403: errorAnswer("The company's plan has no external API, or the contact opted out", [
    { error: 'ERR_PLAN_FEATURE_DISABLED', requestId: 'req-3a' },
    { error: 'ERR_CONTACT_OPTED_OUT', requestId: 'req-3b' },
  ]),
  409: errorAnswer('The connection is not connected to WhatsApp', [{ error: 'ERR_WAPP_NOT_INITIALIZED', message: 'the connection "Loja" is DISCONNECTED', requestId: 'req-4a' }]),
  413: errorAnswer("A file is over its kind's size limit", [{ error: 'ERR_FILE_TOO_LARGE', message: 'foto.png: over 16777216 bytes', requestId: 'req-5a', details: { kind: 'image', maxBytes: 16777216 } }]),
  429: errorAnswer("Over 60 requests a minute with this token, or the connection's daily or warm-up cap is reached", [
    { error: 'ERR_TOO_MANY_REQUESTS', requestId: 'req-6a' },
    { error: 'ERR_SEND_HELD', message: "held by the number's health gate: daily-cap", requestId: 'req-6b', details: { reason: 'daily-cap', retryAt: '2026-11-27T03:00:00.000Z' } },
  ]),
};

/**
 * `POST /api/messages/send` (server-behaviour §7). Outside the session scope: the connection
 * token is checked here (before any file is read), then the plan gate, then the body.
 */
export const externalApiRoutes =
  (api: ExternalApi, opts: { uploadMaxBytes: number; spoolPath: () => Promise<string>; requirePlan: (req: FastifyRequest) => Promise<void> }) => async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/messages/send',
      {
        config: rateLimited('api', perToken),
        schema: {
          summary: 'Send a text or files to a number through a connection',
          description: [
            'Authenticate with the **connection token** (Conexões → editar conexão → Gerar novo token): `Authorization: Bearer blc_…`. A user\'s session token is refused here, and a connection token is refused on every other route.',
            'Send JSON `{ number, body }`, or `multipart/form-data` with `number`, an optional caption `body` and one or more files in `medias`.',
            'The number (country code + area code + number, no mask) is checked on WhatsApp through that connection (`ERR_WAPP_INVALID_CONTACT` when it is not there). The contact and the ticket are created as needed; the message is stored like any other outbound message and sent by a job right after.',
            'Every error answers the same coded body: `{ error: "ERR_…", message?, requestId, issues?, details? }`. Limited to 60 requests a minute per token (429 `ERR_TOO_MANY_REQUESTS`).',
            'Sends are paced, not refused: the connection\'s number-health gate gives each one the next free slot at its rate, and the answer\'s `sendAt` says when it goes out (a burst is spread over time). Only what will not go today is refused: the daily or warm-up cap reached (429 `ERR_SEND_HELD`, `details.reason`, `details.retryAt`), or a contact who opted out (403 `ERR_CONTACT_OPTED_OUT`).',
          ].join('\n\n'),
          tags: ['External API'],
          security: [{ connectionToken: [] }],
          consumes: ['application/json', 'multipart/form-data'],
          body: ApiSendRequest,
          response: { 200: ApiSendResponse, ...errors },
        },
        // Whatever became of the request, no spooled file outlives it.
        onResponse: async (req) => {
          await uploadsOf.get(req)?.discard();
        },
        preValidation: async (req) => {
          const principal = await api.authenticate(bearerOf(req));
          principals.set(req, principal);
          req.ctx = { ...systemCtx(principal.companyId), requestId: req.id };
          req.log = req.log.child({ companyId: principal.companyId, whatsappId: principal.whatsappId });
          await opts.requirePlan(req);
          if (!req.isMultipart()) return;
          const { fields, files, discard } = await readMultipart(req, opts.uploadMaxBytes, opts.spoolPath);
          uploadsOf.set(req, { files, discard });
          (req as { body: unknown }).body = { ...fields, medias: files.length };
        },
      },
      (req) => {
        const principal = principals.get(req)!;
        const body = req.body;
        if (!('medias' in body)) return api.send(principal, { number: body.number, body: body.body, requestId: req.id });
        const files = uploadsOf.get(req)?.files;
        if (!files) throw new AppError('ERR_VALIDATION', 'medias: send the files as multipart/form-data');
        return api.send(principal, { number: body.number, body: body.body, files, requestId: req.id });
      },
    );
  };
