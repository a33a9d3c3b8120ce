/**
 * The external send API (issue 15 §3, server-behaviour §7): `POST /api/messages/send` with a
 * connection's token, and the admin's token rotation. Examples ride on the schemas as zod
 * `.meta({ examples })` and reach the OpenAPI document (decision 0298).
 */
import { z } from 'zod';
import { errorCodes } from '../errors';

/** Every connection token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'blc_';
/** An admin-chosen token (the spec client's `token` field) is at least this long. */
export const API_TOKEN_MIN_LENGTH = 16;

const digitsOf = (v: string) => v.replace(/\D/g, '');

/**
 * The number as an integrator writes it: country code + area code + number, no mask
 * (administration.md §5). Spaces, '+', '-', '.' and parentheses are ignored (the server normalises it).
 */
export const apiNumber = z
  .string({ error: 'Required' })
  .max(30, 'Too Long!')
  .regex(/^\+?[\d\s().-]*$/, 'digits only: country code + area code + number')
  .refine((v) => digitsOf(v).length >= 10, 'Too Short!')
  .refine((v) => digitsOf(v).length <= 15, 'Too Long!')
  // Plain refinements (no transform): a transform would drop the object's examples from /docs.
  .meta({ description: 'Country code + area code + number, digits only (no mask; spaces, "+", "-", "." and parentheses are ignored).', examples: ['5511999998888'] });

const sendText = z
  .string({ error: 'Required' })
  .max(65_536, 'Too Long!')
  .refine((s) => s.trim() !== '', 'Required');

/** JSON: `{ number, body }`. */
export const ApiSendBody = z
  .object({
    number: apiNumber,
    body: sendText.meta({ description: 'The text to send. Variables such as {{name}} are filled as in any outbound message.', examples: ['Olá! Seu pedido 1234 saiu para entrega.'] }),
  })
  .meta({ examples: [{ number: '5511999998888', body: 'Olá! Seu pedido 1234 saiu para entrega.' }] });
export type ApiSendBody = z.infer<typeof ApiSendBody>;

/** multipart/form-data: `number`, an optional caption `body` and one or more files in `medias` (their count here). */
export const ApiSendMediaFields = z
  .object({
    number: apiNumber,
    body: z.string().max(65_536, 'Too Long!').optional().default('').meta({ description: 'Caption of the first file (optional).' }),
    medias: z.number().int().min(1).max(10).meta({ description: 'The files, sent as multipart parts named "medias" (one message per file, in order).' }),
  })
  .meta({ examples: [{ number: '5511999998888', body: 'Segue o boleto', medias: 1 }] });
export type ApiSendMediaFields = z.infer<typeof ApiSendMediaFields>;

/** The route's body: multipart fields (with `medias`) or the JSON send; both examples reach /docs. */
export const ApiSendRequest = z.union([ApiSendMediaFields, ApiSendBody]).meta({
  examples: [
    { number: '5511999998888', body: 'Olá! Seu pedido 1234 saiu para entrega.' },
    { number: '5511999998888', body: 'Segue o boleto', medias: 1 },
  ],
});
export type ApiSendRequest = z.infer<typeof ApiSendRequest>;

/** The spec's answer (`mensagem`), plus every message stored (several with several files). */
export const ApiSendResponse = z
  .object({
    mensagem: z.literal('Mensagem enviada'),
    messageId: z.number().meta({ description: 'The (first) stored message; it is sent by a job right after.' }),
    messageIds: z.array(z.number()).meta({ description: 'Every stored message, in file order.' }),
    ticketId: z.number(),
    contactId: z.number(),
    sendAt: z.string().meta({
      description:
        "When the message goes out: now, or the slot the connection's number-health gate gave it (sends to WhatsApp are spaced by its rate; a burst is accepted and paced, not refused).",
    }),
  })
  .meta({ examples: [{ mensagem: 'Mensagem enviada', messageId: 4821, messageIds: [4821], ticketId: 377, contactId: 912, sendAt: '2026-11-26T12:00:03.000Z' }] });
export type ApiSendResponse = z.infer<typeof ApiSendResponse>;

/** `POST /whatsapp/:id/token`: the new token, shown this once (only its hash is kept). */
export const ApiTokenResponse = z
  .object({
    token: z.string().meta({ description: 'The connection token. Shown only in this answer: store it now.' }),
    apiTokenTail: z.string().meta({ description: 'Its last 4 characters, as the connection shows them from now on.' }),
  })
  .meta({ examples: [{ token: 'blc_q3Xv9Jm2pLr8Tz0YwKc5Hn7Ds1Fa4Ge6Bu0Ni2Ok3Ma1b2', apiTokenTail: 'a1b2' }] });
export type ApiTokenResponse = z.infer<typeof ApiTokenResponse>;

/** The coded error body every route answers with (`{ error, message?, requestId, issues?, details? }`). */
export const ErrorBodySchema = z.object({
    error: z.enum(errorCodes),
    message: z.string().optional(),
    requestId: z.string().optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBodyDto = z.infer<typeof ErrorBodySchema>;

/**
 * One documented error answer of a route (OpenAPI): what it means and example bodies, e.g.
 * `response: { 401: errorAnswer('Missing or unknown token', [{ error: 'ERR_INVALID_API_TOKEN', requestId: 'req-1' }]) }`.
 * The examples are checked against the body's schema when the document is built (a wrong code fails the build of the schema).
 */
export const errorAnswer = (description: string, examples: ErrorBodyDto[]) => ErrorBodySchema.meta({ description, examples: examples.map((e) => ErrorBodySchema.parse(e)) });
