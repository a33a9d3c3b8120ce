import type { SandboxInboundBody, SandboxOutboxMedia } from '@balcao/shared';
import { BoundedCache } from '../../../lib/bounded-cache';
import { locationBody, locationDescription, toVcard } from '../message-body';
import type { InboundMedia, MessageKind } from '../whatsapp.port';

/** What the simulated phone sends, as the channel's message event carries it. */
export interface SandboxContent {
  kind: MessageKind;
  body: string;
  media?: InboundMedia;
  bytes?: Buffer;
}

/** A simulated customer's message (the route's body, already validated) → kind, body and media. */
export const sandboxContent = (input: Omit<SandboxInboundBody, 'from'>): SandboxContent => {
  const kind = input.kind ?? 'text';
  switch (kind) {
    case 'text':
      return { kind, body: input.body ?? '' };
    case 'location':
      return { kind, body: locationBody('', input.latitude ?? 0, input.longitude ?? 0, locationDescription(input.body, undefined)) };
    case 'contact':
      return { kind, body: input.contact ? toVcard(input.contact) : '' };
    default: {
      const bytes = Buffer.from(input.media?.data ?? '', 'base64');
      const fileName = input.media?.fileName;
      const caption = kind === 'image' || kind === 'video' || kind === 'document' ? (input.body ?? '') : '';
      return {
        kind,
        // A document without a caption shows its file name (as a Baileys document does).
        body: kind === 'document' ? caption || fileName || '' : caption,
        media: { mimetype: input.media?.mimetype ?? 'application/octet-stream', ...(fileName ? { fileName } : {}), fileLength: bytes.length },
        bytes,
      };
    }
  }
};

/**
 * The simulated customers' media, by channel and message id, until the pipeline fetches it —
 * which it does right after storing the message, in this process. It is not stored anywhere
 * else on purpose: the simulated phone is a test and demo tool, not a media server, and a
 * retry job picked up by another process finds nothing and records the download error as a
 * real connection would. Bounded (count and age) so a long-running simulator cannot grow.
 */
export const sandboxMedia = new BoundedCache(200, 10 * 60_000);
export const sandboxMediaKey = (whatsappId: number, id: string) => `${whatsappId}:${id}`;

/**
 * The simulated phone's own record of a file it sent, kept as the message's `raw` (what a real
 * channel keeps there is its own message): the simulator shows the file's name and size from it.
 */
export interface SandboxRaw {
  sandbox: SandboxOutboxMedia;
}

export const sandboxRaw = (media: InboundMedia): SandboxRaw => ({
  sandbox: { mimetype: media.mimetype, ...(media.fileName ? { fileName: media.fileName } : {}), size: media.fileLength ?? 0 },
});

/** A stored `raw` → the file the simulated phone sent, or null (texts, other channels' raws). */
export const sandboxMediaOfRaw = (raw: unknown): SandboxOutboxMedia | null => {
  const media = (raw as Partial<SandboxRaw> | null)?.sandbox;
  if (!media || typeof media.mimetype !== 'string' || typeof media.size !== 'number') return null;
  return { mimetype: media.mimetype, ...(typeof media.fileName === 'string' ? { fileName: media.fileName } : {}), size: media.size };
};
