import { z } from 'zod';
import { dbIdParam } from './common';

/** Why the per-connection send gate held a message back (issue 13 §6). */
export const gateReasons = ['rate', 'daily-cap', 'warm-up', 'opt-out'] as const;

/** The opt-out keywords a customer may send (issue 13 §6), compared after `foldOptOutKeyword`. */
export const OPT_OUT_KEYWORDS = ['SAIR', 'PARAR', 'STOP', 'CANCELAR'] as const;

/**
 * A customer's message folded for the keyword check (decision 0242): accents, case, spaces and
 * closing punctuation ignored, so " Sair! " and "parár" count; "quero sair" does not.
 */
export const foldOptOutKeyword = (body: string): string =>
  body
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s.!?,;:]+/gu, '')
    .toUpperCase();

/** The keyword a message is, or undefined. */
export const optOutKeyword = (body: string): (typeof OPT_OUT_KEYWORDS)[number] | undefined => {
  const folded = foldOptOutKeyword(body);
  return OPT_OUT_KEYWORDS.find((k) => k === folded);
};

/** A contact's place in the opt-out ledger (`GET|PUT|DELETE /contacts/:id/opt-out`). */
export const ContactOptOutDto = z.object({
  contactId: z.number(),
  number: z.string(),
  optedOut: z.boolean(),
  /** keyword | agent | api, when opted out */
  source: z.string().nullable(),
  keyword: z.string().nullable(),
  userId: z.number().nullable(),
  createdAt: z.string().nullable(),
});
export type ContactOptOutDto = z.infer<typeof ContactOptOutDto>;

const heldCounts = z.object({ rate: z.number(), 'daily-cap': z.number(), 'warm-up': z.number(), 'opt-out': z.number() });

/** `GET /whatsapp/:id/health`: today's gate ledger of a connection and the limits that apply. */
export const WhatsappHealthDto = z.object({
  whatsappId: z.number(),
  /** The company's calendar day (YYYY-MM-DD). */
  day: z.string(),
  sent: z.number(),
  held: heldCounts,
  lastSentAt: z.string().nullable(),
  ratePerMinute: z.number(),
  dailyCap: z.number(),
  jitterMs: z.number(),
  warmupDays: z.number(),
  pairedAt: z.string().nullable(),
  /** 1-based day of the warm-up ramp, null when the ramp is over or off. */
  warmupDay: z.number().nullable(),
  /** Today's cap after the warm-up ramp (0 = no cap). */
  effectiveCap: z.number(),
});
export type WhatsappHealthDto = z.infer<typeof WhatsappHealthDto>;

export const WhatsappHealthParams = z.object({ id: dbIdParam });
