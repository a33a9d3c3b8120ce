/** Raw Baileys values for tests outside baileys/ (which may not import Baileys themselves). */
import { randomBytes } from 'node:crypto';
import { proto, type WACallEvent, type WAMessage } from '@whiskeysockets/baileys';
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

const newId = () => `3EB0${randomBytes(8).toString('hex').toUpperCase()}`;

/** The customer edits their message `targetId` (the wrapper phones send today). */
export const incomingEdit = (from: string, targetId: string, body: string): WAMessage => ({
  key: { remoteJid: toPnJid(from), fromMe: false, id: newId() },
  message: {
    editedMessage: {
      message: {
        protocolMessage: {
          key: { remoteJid: toPnJid(from), fromMe: false, id: targetId },
          type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
          editedMessage: { conversation: body },
          timestampMs: Date.now(),
        },
      },
    },
  },
  messageTimestamp: Math.floor(Date.now() / 1000),
  pushName: 'Cliente',
});

/** The customer deletes their message `targetId` for everyone. */
export const incomingRevoke = (from: string, targetId: string): WAMessage => ({
  key: { remoteJid: toPnJid(from), fromMe: false, id: newId() },
  message: { protocolMessage: { key: { remoteJid: toPnJid(from), fromMe: false, id: targetId }, type: proto.Message.ProtocolMessage.Type.REVOKE } },
  messageTimestamp: Math.floor(Date.now() / 1000),
});

/** The customer reacts to their own message `targetId` ('' removes the reaction). */
export const incomingReaction = (from: string, targetId: string, emoji: string, id = newId()): WAMessage => ({
  key: { remoteJid: toPnJid(from), fromMe: false, id },
  message: { reactionMessage: { key: { remoteJid: toPnJid(from), fromMe: false, id: targetId }, text: emoji, senderTimestampMs: Date.now() } },
  messageTimestamp: Math.floor(Date.now() / 1000),
});

/** A call offer from the customer, as the socket's `call` event delivers it. */
export const callOffer = (from: string, opts: { id?: string; isVideo?: boolean } = {}): WACallEvent => ({
  chatId: toPnJid(from),
  from: toPnJid(from),
  id: opts.id ?? `CALL${randomBytes(8).toString('hex').toUpperCase()}`,
  date: new Date(),
  isVideo: opts.isVideo ?? false,
  isGroup: false,
  status: 'offer',
  offline: false,
});

/** A customer's text under any address: a LID (with or without the phone as `remoteJidAlt`) or an old 8-digit PN. */
export const incomingAt = (address: { remoteJid: string; remoteJidAlt?: string }, body = 'oi'): WAMessage => ({
  key: { fromMe: false, id: newId(), ...address, ...(address.remoteJid.endsWith('@lid') ? { addressingMode: 'lid' } : {}) },
  message: { conversation: body },
  messageTimestamp: Math.floor(Date.now() / 1000),
  pushName: 'Cliente',
});
