import { createHash } from 'node:crypto';
import { open, seal } from '../../../lib/sealed-value';

/**
 * A Cloud connection's access token and app secret sealed at rest (AES-256-GCM,
 * lib/sealed-value.ts) under the installation's WA_ENCRYPTION_KEY, as the integrations' keys are; a
 * hand-built config without one derives its key from the JWT secret. The AAD binds a value to its
 * company and field, so a value copied onto another row or field fails to open (decision 0370).
 */
export type CloudSecretField = 'accessToken' | 'appSecret';

export interface CloudSecrets {
  seal(companyId: number, field: CloudSecretField, plaintext: string): string;
  open(companyId: number, field: CloudSecretField, sealed: string): string;
}

export const cloudSecrets = (config: { waEncryptionKey?: Buffer; jwtSecret: string }): CloudSecrets => {
  const key = config.waEncryptionKey ?? createHash('sha256').update(`balcao-whatsapp-cloud:${config.jwtSecret}`).digest();
  const aad = (companyId: number, field: string) => `whatsapp-cloud:${companyId}:${field}`;
  return {
    seal: (companyId, field, plaintext) => (plaintext === '' ? '' : seal(key, plaintext, aad(companyId, field))),
    open: (companyId, field, sealed) => (sealed === '' ? '' : open(key, sealed, aad(companyId, field))),
  };
};

/** The verify token is only ever compared: its SHA-256 hex is stored and looked up. */
export const verifyTokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
