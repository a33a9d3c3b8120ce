import { createHash } from 'node:crypto';
import { BufferJSON, downloadMediaMessage, extractMessageContent, getContentType, proto, type WAMessage } from '@whiskeysockets/baileys';
import { ChannelError } from '../whatsapp.port';
import { silentLogger, type BaileysSocketSurface } from './socket';

/**
 * The stored raw message (`stored-message.ts` `jsonSafe`) as a WAMessage again. Messages decoded
 * from the network are protobuf objects whose `toJSON` writes bytes as base64 strings and enums
 * as names; `fromObject` accepts those and the `BufferJSON` form alike.
 */
export const reviveMessage = (raw: unknown): WAMessage => {
  const revived = JSON.parse(JSON.stringify(raw), BufferJSON.reviver) as Record<string, unknown>;
  return proto.WebMessageInfo.fromObject(revived) as WAMessage;
};

/**
 * The decrypted bytes of an inbound media message. WhatsApp's CDN drops old files: a 404/410
 * asks the phone to upload it again (`updateMediaMessage`, needs a live socket). Every failure
 * is temporary for the pipeline (the retry job tries later, maybe after a reconnect).
 */
export const downloadInboundMedia = async (raw: unknown, sock: BaileysSocketSurface | undefined): Promise<Buffer> => {
  let message: WAMessage;
  try {
    message = reviveMessage(raw);
  } catch (err) {
    throw new ChannelError('ERR_WAPP_DOWNLOAD_MEDIA', false, `not a stored WhatsApp message: ${String(err)}`);
  }
  let bytes: Buffer;
  try {
    bytes = await downloadMediaMessage(message, 'buffer', {}, sock ? { reuploadRequest: (m) => sock.updateMediaMessage(m), logger: silentLogger } : undefined);
  } catch (err) {
    throw new ChannelError('ERR_WAPP_DOWNLOAD_MEDIA', true, err instanceof Error ? err.message : String(err));
  }
  // Baileys decrypts without checking the MAC: a damaged file must not be stored as the customer's.
  const expected = fileSha256Of(message);
  if (expected && !createHash('sha256').update(bytes).digest().equals(expected)) {
    throw new ChannelError('ERR_WAPP_DOWNLOAD_MEDIA', true, 'the downloaded media does not match its hash');
  }
  return bytes;
};

const fileSha256Of = (message: WAMessage): Buffer | undefined => {
  const content = extractMessageContent(message.message);
  const type = getContentType(content ?? undefined);
  const media = type ? (content?.[type] as { fileSha256?: Uint8Array | null } | null | undefined) : undefined;
  return media?.fileSha256?.length ? Buffer.from(media.fileSha256) : undefined;
};
