/**
 * What a simulated customer sends besides text, in the contract suites' own words, and how each
 * adapter's network side produces it: the sandbox's `receive` input, or a WAMessage built by
 * Baileys with its media on the local CDN (`baileys/test/media-server.ts`).
 */
import type { AnyMessageContent, WAMessage } from '@whiskeysockets/baileys';
import type { SandboxChannel } from '../sandbox/sandbox.channel';
import { toVcard } from '../message-body';
import { incomingMedia, MediaServer } from '../baileys/test/media-server';

export type CustomerMediaKind = 'image' | 'video' | 'audio' | 'ptt' | 'document' | 'sticker';

export type CustomerContent =
  | { kind: CustomerMediaKind; data: Buffer; mimetype: string; fileName?: string; caption?: string }
  | { kind: 'location'; latitude: number; longitude: number; description?: string }
  | { kind: 'contact'; name: string; number: string };

export const toSandboxInput = (from: string, c: CustomerContent): Parameters<SandboxChannel['receive']>[0] => {
  const base = { from, name: 'Cliente' };
  switch (c.kind) {
    case 'location':
      return { ...base, kind: 'location', latitude: c.latitude, longitude: c.longitude, ...(c.description ? { body: c.description } : {}) };
    case 'contact':
      return { ...base, kind: 'contact', contact: { name: c.name, number: c.number } };
    default:
      return {
        ...base,
        kind: c.kind,
        ...(c.caption ? { body: c.caption } : {}),
        media: { data: c.data.toString('base64'), mimetype: c.mimetype, ...(c.fileName ? { fileName: c.fileName } : {}) },
      };
  }
};

/** Baileys content; thumbnails and durations given so no image/audio library is needed (a voice note's waveform fails quietly). */
const toBaileysContent = (c: CustomerContent): AnyMessageContent => {
  switch (c.kind) {
    case 'image':
      return { image: c.data, mimetype: c.mimetype, jpegThumbnail: '', ...(c.caption ? { caption: c.caption } : {}) };
    case 'video':
      return { video: c.data, mimetype: c.mimetype, jpegThumbnail: '', seconds: 3, ...(c.caption ? { caption: c.caption } : {}) };
    case 'audio':
      return { audio: c.data, mimetype: c.mimetype, seconds: 2 };
    case 'ptt':
      return { audio: c.data, mimetype: c.mimetype, seconds: 2, ptt: true };
    case 'document':
      return { document: c.data, mimetype: c.mimetype, fileName: c.fileName ?? 'file', ...(c.caption ? { caption: c.caption } : {}) };
    case 'sticker':
      return { sticker: c.data };
    case 'location':
      return { location: { degreesLatitude: c.latitude, degreesLongitude: c.longitude, ...(c.description ? { name: c.description } : {}) } };
    case 'contact':
      return { contacts: { displayName: c.name, contacts: [{ vcard: toVcard(c) }] } };
  }
};

let shared: Promise<MediaServer> | undefined;
/** One local CDN per test file (its socket does not keep the worker alive). */
export const sharedMediaServer = (): Promise<MediaServer> => (shared ??= MediaServer.start());

export const toBaileysMessage = async (from: string, c: CustomerContent): Promise<WAMessage> => incomingMedia(await sharedMediaServer(), from, toBaileysContent(c));
