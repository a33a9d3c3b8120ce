/** Raw Baileys values for tests outside baileys/ (which may not import Baileys themselves). */
import { randomBytes } from 'node:crypto';
import { proto, type WAMessage } from '@whiskeysockets/baileys';
import { toPnJid } from '../phone';

/** A customer's plain text, as `messages.upsert` delivers it. */
export const incomingText = (from: string, body: string, id = `3EB0${randomBytes(8).toString('hex').toUpperCase()}`): WAMessage => ({
  key: { remoteJid: toPnJid(from), fromMe: false, id },
  message: { conversation: body },
  messageTimestamp: Math.floor(Date.now() / 1000),
  pushName: 'Cliente',
});

/** Receipt statuses for `FakeSocket.ack`. */
export const RECEIPT = { delivered: proto.WebMessageInfo.Status.DELIVERY_ACK, read: proto.WebMessageInfo.Status.READ } as const;
