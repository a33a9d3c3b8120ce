import { BufferJSON, proto, type WAMessage, type WAMessageContent, type WAMessageKey } from '@whiskeysockets/baileys';

/** A WAMessage as `messages.raw` keeps it: JSON-safe, Buffers through `BufferJSON.replacer`. */
export const jsonSafe = (message: WAMessage): unknown => JSON.parse(JSON.stringify(message, BufferJSON.replacer)) as unknown;

/** A stored `messages.raw` (a WAMessage through `BufferJSON.replacer`) → its content, or undefined. */
export const reviveContent = (raw: unknown): WAMessageContent | undefined => {
  if (!raw || typeof raw !== 'object') return undefined;
  const msg = JSON.parse(JSON.stringify(raw), BufferJSON.reviver) as { message?: Record<string, unknown> | null };
  return msg.message ? proto.Message.fromObject(msg.message) : undefined;
};

/**
 * Baileys' `getMessage`: when a recipient's device could not decrypt one of our messages it asks
 * for a retry, and Baileys re-encrypts the content we stored with the message. Unknown → undefined.
 */
export const storedMessageLookup =
  (storedRaw: ((waMessageId: string) => Promise<unknown>) | undefined, whatsappId: number) =>
  async (key: WAMessageKey): Promise<WAMessageContent | undefined> => {
    if (!key.id || !storedRaw) return undefined;
    const raw = await storedRaw(key.id).catch((err: unknown) => {
        console.error(`whatsapp ${whatsappId}: stored message lookup failed`, err);
        return undefined;
      });
    return reviveContent(raw);
  };
