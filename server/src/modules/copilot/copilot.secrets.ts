import { createHash } from 'node:crypto';
import { open, seal } from '../../lib/sealed-value';

/**
 * The copilot's API key sealed at rest (AES-256-GCM, lib/sealed-value.ts) as the prompts' keys
 * are (decision 0191): under WA_ENCRYPTION_KEY, or a key derived from the JWT secret. The AAD binds
 * the value to its company and to the copilot, so a row copied elsewhere fails to open.
 */
export const copilotSecrets = (config: { waEncryptionKey?: Buffer; jwtSecret: string }) => {
  const key = config.waEncryptionKey ?? createHash('sha256').update(`balcao-copilot:${config.jwtSecret}`).digest();
  const aad = (companyId: number) => `copilot:${companyId}:apiKey`;
  return {
    seal: (companyId: number, plaintext: string) => (plaintext === '' ? '' : seal(key, plaintext, aad(companyId))),
    open: (companyId: number, sealed: string) => (sealed === '' ? '' : open(key, sealed, aad(companyId))),
  };
};

export type CopilotSecrets = ReturnType<typeof copilotSecrets>;
