/**
 * Connection tokens of the external API (issue 15 §3; decision 0295): generated here, shown once,
 * kept only as their SHA-256 hex (`whatsapps.api_token_hash`, unique) and the last 4 characters.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@balcao/shared';

/** 32 random bytes (256 bits), base64url, behind a recognisable prefix: `blc_…` (47 characters). */
export const newApiToken = (): string => `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

export const hashApiToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** What the connection shows of its token: the last 4 characters. */
export const tailOf = (token: string): string => token.slice(-4);

/** The columns a token is stored as. */
export const storedToken = (token: string) => ({ apiTokenHash: hashApiToken(token), apiTokenTail: tailOf(token) });

/** Hex digests compared in constant time (the lookup found a row; this proves it is the same hash). */
export const sameHash = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
