import { createHash } from 'node:crypto';
import { isMaskedSecret } from '@balcao/shared';
import { open, seal } from '../../lib/sealed-value';

/**
 * The prompts' keys sealed at rest (AES-256-GCM, lib/sealed-value.ts) under the installation's
 * WA_ENCRYPTION_KEY; a hand-built config without one derives its key from the JWT secret
 * (decision 0191). The AAD binds a value to its company, prompt field, so a copied row fails to open.
 */
export interface PromptSecrets {
  seal(companyId: number, field: 'apiKey' | 'voiceKey', plaintext: string): string;
  open(companyId: number, field: 'apiKey' | 'voiceKey', sealed: string): string;
}

export const promptSecrets = (config: { waEncryptionKey?: Buffer; jwtSecret: string }): PromptSecrets => {
  const key = config.waEncryptionKey ?? createHash('sha256').update(`balcao-prompts:${config.jwtSecret}`).digest();
  const aad = (companyId: number, field: string) => `prompt:${companyId}:${field}`;
  return {
    seal: (companyId, field, plaintext) => (plaintext === '' ? '' : seal(key, plaintext, aad(companyId, field))),
    open: (companyId, field, sealed) => (sealed === '' ? '' : open(key, sealed, aad(companyId, field))),
  };
};

/** What a PUT's key means: undefined or the masked form = keep the stored one; anything else replaces it ('' clears). */
export const keptOrNew = (sent: string | undefined): string | undefined => (sent === undefined || isMaskedSecret(sent) ? undefined : sent);
