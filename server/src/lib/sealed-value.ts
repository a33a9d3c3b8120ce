import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Raised when a stored value does not open with this key (wrong WA_ENCRYPTION_KEY, tampering). */
export class SealError extends Error {}

const check = (key: Buffer) => {
  if (key.length !== 32) throw new SealError('the WhatsApp auth key must be 32 bytes (AES-256)');
};

/**
 * AES-256-GCM with a random IV per value. `aad` binds the ciphertext to where it is stored
 * (connection, family, id), so a row copied onto another key or connection fails to open.
 * Format: `v1.<base64 iv>.<base64 tag>.<base64 ciphertext>`.
 */
export const seal = (key: Buffer, plaintext: string, aad: string): string => {
  check(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
};

export const open = (key: Buffer, sealed: string, aad: string): string => {
  check(key);
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) throw new SealError('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealError('a stored WhatsApp auth value does not open with this key (WA_ENCRYPTION_KEY changed?)');
  }
};
