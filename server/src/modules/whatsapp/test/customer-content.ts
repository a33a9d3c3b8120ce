/**
 * What a simulated customer sends besides text, in the contract suites' own words, and the
 * sandbox's `receive` input for it (Baileys: `toBaileysMessage` in baileys/test/media-server.ts).
 */
import type { SandboxChannel } from '../sandbox/sandbox.channel';

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
