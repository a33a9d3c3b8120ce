/**
 * What a customer's phone shows of our messages, read the same way from both adapters: the
 * sandbox's outbox, and for Baileys the messages the FakeSocket sent decoded by our own inbound
 * mapper (the receiving phone's view: kind, body, media, quote, forward), with later edits,
 * deletes and reactions folded into the message they target.
 */
import type { SandboxOutboxKind } from '@balcao/shared';
import { mapInbound } from '../baileys/map-inbound';
import { toPnJid } from '../baileys/phone';
import type { SentMessage } from '../baileys/test/fake-socket';
import type { SandboxStore } from '../sandbox/sandbox.store';

export interface ShownMessage {
  id: string;
  kind: SandboxOutboxKind;
  body: string;
  media?: { mimetype: string; fileName?: string; caption?: string; size: number };
  quotedId?: string;
  isForwarded: boolean;
  isEdited: boolean;
  isDeleted: boolean;
  /** Our reaction on it ('' none). */
  reaction: string;
}

export interface PhoneView {
  messages: ShownMessage[];
  /** Our reaction per message id of the chat (the customer's messages included). */
  reactions: Map<string, string>;
}

export const sandboxView = async (store: SandboxStore, to: string): Promise<PhoneView> => {
  const messages = (await store.outbox(to)).map(
    (o): ShownMessage => ({
      id: o.id,
      kind: o.kind,
      body: o.body,
      ...(o.media ? { media: o.media } : {}),
      ...(o.quotedId ? { quotedId: o.quotedId } : {}),
      isForwarded: o.isForwarded,
      isEdited: o.isEdited,
      isDeleted: o.isDeleted,
      reaction: o.reaction,
    }),
  );
  return { messages, reactions: new Map((await store.reactions(to)).map((r) => [r.targetId, r.emoji])) };
};

export const baileysView = (sent: SentMessage[], to: string): PhoneView => {
  const messages: ShownMessage[] = [];
  const reactions = new Map<string, string>();
  const byId = (id: string) => messages.find((m) => m.id === id);
  for (const s of sent.filter((x) => x.jid === toPnJid(to))) {
    const e = mapInbound(s.message);
    if (e.type === 'message') {
      const media = e.media ? { mimetype: e.media.mimetype, ...(e.media.fileName ? { fileName: e.media.fileName } : {}), ...(e.media.caption ? { caption: e.media.caption } : {}), size: e.media.fileLength ?? 0 } : undefined;
      messages.push({
        id: e.id,
        kind: (e.kind === 'extendedText' ? 'text' : e.kind) as SandboxOutboxKind,
        body: e.body,
        ...(media ? { media } : {}),
        ...(e.quotedId ? { quotedId: e.quotedId } : {}),
        isForwarded: e.isForwarded,
        isEdited: false,
        isDeleted: false,
        reaction: '',
      });
    } else if (e.type === 'edit') {
      const m = byId(e.targetId);
      if (m) Object.assign(m, { body: e.body, isEdited: true });
    } else if (e.type === 'revoke') {
      const m = byId(e.targetId);
      if (m) m.isDeleted = true;
    } else if (e.type === 'reaction') {
      if (e.emoji) reactions.set(e.targetId, e.emoji);
      else reactions.delete(e.targetId);
    } else {
      throw new Error(`the FakeSocket sent something the phone would not show: ${JSON.stringify(e)}`);
    }
  }
  for (const m of messages) m.reaction = reactions.get(m.id) ?? '';
  return { messages, reactions };
};
