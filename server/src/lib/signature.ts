import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The one signature of everything Balcão POSTs to a URL a company gave it — outbound webhooks and
 * queue integrations (webhook, n8n) alike (decisions 0302, 0344; docs/webhooks.md shows a receiver
 * checking it): header X-Balcao-Signature, `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * The timestamp is inside the signed text, so a receiver that refuses old `t` (say, 5 minutes)
 * stops a captured request being replayed later; `v1` names the scheme so another can follow.
 */
export const signatureHeader = (secret: string, rawBody: string, unixSeconds: number): string =>
  `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex')}`;

/** What a receiver does (our tests do it too): parse, recompute, compare in constant time, check the age. */
export const verifySignature = (secret: string, rawBody: string, header: string, opts: { nowSeconds: number; toleranceSeconds: number }): boolean => {
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(opts.nowSeconds - t) > opts.toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** A new signing secret: `whsec_` and 32 random bytes (base64url). */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;
