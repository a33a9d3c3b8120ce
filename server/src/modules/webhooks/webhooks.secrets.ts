import { open, seal } from '../../lib/sealed-value';

/** Where a webhook secret belongs: a sealed value copied to another company does not open. */
const aad = (companyId: number) => `webhooks:${companyId}:secret`;

export const sealSecret = (key: Buffer, companyId: number, plain: string): string => seal(key, plain, aad(companyId));
export const openSecret = (key: Buffer, companyId: number, sealed: string): string => open(key, sealed, aad(companyId));

/** What the list shows of a secret: its last 4 characters. */
export const tailOf = (secret: string): string => `…${secret.slice(-4)}`;
