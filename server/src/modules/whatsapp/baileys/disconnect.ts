import { DisconnectReason } from '@whiskeysockets/baileys';
import { DISCONNECT_REASON } from '../failure-policy';

type Enum = typeof DisconnectReason;
type Mirror = typeof DISCONNECT_REASON;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// Compile-time proof that failure-policy.ts mirrors DisconnectReason exactly: the same member
// names, each with the same number. A Baileys upgrade that adds or renumbers a reason breaks
// the build here, and then the policy's Record of rules until the new code is handled.
type ValueChecks = { [K in keyof Enum]: K extends keyof Mirror ? Same<`${Enum[K]}`, `${Mirror[K]}`> : false }[keyof Enum];
type MirrorsEnum = Same<keyof Enum, keyof Mirror> extends true ? (false extends ValueChecks ? false : true) : false;
export const mirrorIsExact: MirrorsEnum = true;

/** The status code Baileys puts on `lastDisconnect.error` (a Boom), if any. */
export const disconnectCode = (error: unknown): number | undefined => {
  const code = (error as { output?: { statusCode?: unknown } } | undefined)?.output?.statusCode;
  return typeof code === 'number' ? code : undefined;
};
