/**
 * What the spec's client does to messages (attendance §7 Calls: multipart sends, edit, delete,
 * forward, reactions), sent exactly as it sends them, and the frames its open conversation gets.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SandboxOutboxItem } from '@balcao/shared';
import { api } from '../helpers/world';
import { SAMPLE } from '../helpers/multipart';
import { expectWireMessage, type SpecClient, type SpecSocket, type WireMessage, type WireTicket } from './client';
import { createStage, uniquePhone, type Stage } from './stage';

let stage: Stage;
let admin: SpecClient;

beforeAll(async () => {
  stage = await createStage();
  admin = await stage.adminTab();
});
afterAll(async () => {
  await stage?.close();
});

type AppMessage = { action: string; message: WireMessage & { isEdited?: boolean; reactions?: { emoji: string; fromMe: boolean }[] } };

/** An MP3 the recorder could have made (three MPEG frames). */
const MP3 = (() => {
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
  return Buffer.concat([frame, frame, frame]);
})();

/** The customer writes, the admin accepts from the list and opens the conversation (joined). */
const openAccepted = async (): Promise<{ ticket: WireTicket; socket: SpecSocket; phone: string }> => {
  const phone = uniquePhone();
  const t = await stage.customerWrites(phone, 'Oi, preciso de ajuda');
  const { put } = await admin.acceptFromList(t);
  expect(put.status).toBe(200);
  const socket = admin.socket();
  let joined: Promise<unknown> = Promise.resolve();
  socket.whenReady(() => {
    joined = socket.joinChatBox(t.id);
  });
  await socket.open();
  expect(await joined).toBe(true);
  return { ticket: put.data, socket, phone };
};

const outbox = async (phone: string) =>
  (await api(stage.app, stage.c.adminToken).get<SandboxOutboxItem[]>(`/sandbox/connections/${stage.c.whatsapp.id}/outbox?to=${phone}`)).body;
const phoneShows = (phone: string, check: (items: SandboxOutboxItem[]) => void) => vi.waitFor(async () => check(await outbox(phone)), { timeout: 10_000, interval: 50 });

describe('sending files (multipart: medias + body per file + fromMe)', () => {
  it('each file is a message in the conversation; a file named as its caption carries no caption', async () => {
    const { ticket, socket, phone } = await openAccepted();
    try {
      const created = socket.next<AppMessage>(socket.channel('appMessage'), (p) => p.action === 'create' && p.message.mediaType === 'document');
      const res = await admin.sendMedia(ticket.id, [
        { name: 'foto.png', type: 'image/png', bytes: SAMPLE.png },
        { name: 'contrato.pdf', type: 'application/pdf', bytes: SAMPLE.pdf },
      ]);
      expect(res.status).toBe(200);
      const sent = res.data as WireMessage[];
      expect(sent.map((m) => [m.mediaType, m.body])).toEqual([
        ['image', ''],
        ['document', 'contrato.pdf'],
      ]);
      sent.forEach(expectWireMessage);
      expectWireMessage((await created).message);
      await phoneShows(phone, (items) => expect(items.map((i) => i.kind).sort()).toEqual(['document', 'image']));
      expect((await outbox(phone)).find((i) => i.kind === 'image')?.media?.caption).toBeUndefined();
    } finally {
      socket.close();
    }
  });

  it('a recording (audio-record-site-….mp3) is stored as a voice note', async () => {
    const { ticket, socket } = await openAccepted();
    try {
      const res = await admin.sendRecording(ticket.id, MP3);
      expect(res.status).toBe(200);
      expect((res.data as WireMessage[])[0]).toMatchObject({ mediaType: 'ptt', body: '' });
      expect(res.data as WireMessage[]).toHaveLength(1);
    } finally {
      socket.close();
    }
  });
});

describe('edit, delete and react on the open conversation', () => {
  it('each answers the message and the conversation gets an appMessage update carrying it', async () => {
    const { ticket, socket, phone } = await openAccepted();
    try {
      const sent = await admin.sendMessage(ticket.id, 'Seu pedido saiu', { sign: true });
      expect(sent.status).toBe(200);
      await phoneShows(phone, (items) => expect(items.at(-1)?.ack).toBeGreaterThanOrEqual(2));

      const edited = socket.next<AppMessage>(socket.channel('appMessage'), (p) => p.action === 'update' && p.message.id === sent.data.id && p.message.isEdited === true);
      const edit = await admin.editMessage(sent.data.id, 'Seu pedido saiu para entrega');
      expect(edit.status).toBe(200);
      expect(edit.data.body).toBe(`*${admin.user?.name}:*\nSeu pedido saiu para entrega`);
      expect((await edited).message.body).toBe(edit.data.body);
      await phoneShows(phone, (items) => expect(items.find((i) => i.isEdited)?.body).toBe(edit.data.body));

      const incoming = (await admin.messages(ticket.id)).data.messages.find((m) => !m.fromMe)!;
      const reacted = socket.next<AppMessage>(socket.channel('appMessage'), (p) => p.action === 'update' && p.message.id === incoming.id);
      expect((await admin.react(incoming.id, '🙏')).status).toBe(200);
      expect((await reacted).message.reactions).toEqual([expect.objectContaining({ emoji: '🙏', fromMe: true })]);

      const deleted = socket.next<AppMessage>(socket.channel('appMessage'), (p) => p.action === 'update' && p.message.id === sent.data.id && p.message.isDeleted);
      const del = await admin.deleteMessage(sent.data.id);
      expect(del.status).toBe(200);
      expectWireMessage((await deleted).message);
      await phoneShows(phone, (items) => expect(items.find((i) => i.id === (del.data as { waMessageId: string }).waMessageId)?.isDeleted).toBe(true));
    } finally {
      socket.close();
    }
  });

  it("another agent's message: the client's refresh-and-retry still ends in 403 ERR_NO_PERMISSION", async () => {
    const { ticket, socket } = await openAccepted();
    socket.close();
    const sent = await admin.sendMessage(ticket.id, 'mensagem do admin');
    const queue = await stage.c.addQueue();
    const other = await stage.userTab([queue.id]);
    const edit = await other.editMessage(sent.data.id, 'não é minha');
    // A user outside the ticket does not even see it.
    expect([edit.status, (edit.data as unknown as { error: string }).error]).toEqual([403, 'ERR_NO_PERMISSION']);
    expect(other.calls.filter((c) => c.startsWith('POST /auth/refresh_token'))).toHaveLength(1);
  });
});

describe('forward (one POST /message/forward per selected message)', () => {
  it('forwards two messages to another contact, signed, marked forwarded on the phone', async () => {
    const { ticket, socket } = await openAccepted();
    socket.close();
    const first = await admin.sendMessage(ticket.id, 'Endereço da loja', { sign: false });
    const [photo] = (await admin.sendMedia(ticket.id, [{ name: 'mapa.png', type: 'image/png', bytes: SAMPLE.png }])).data as WireMessage[];
    const phone = uniquePhone();
    const contact = await api(stage.app, stage.c.adminToken).post<{ id: number }>('/contacts', { name: 'Destino', number: phone });
    const a = await admin.forward(first.data.id, contact.body.id, true);
    const b = await admin.forward(photo!.id, contact.body.id, true);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.data).toMatchObject({ body: `*${admin.user?.name}:*\nEndereço da loja`, fromMe: true });
    expect(b.data).toMatchObject({ mediaType: 'image', ticketId: a.data.ticketId });
    await phoneShows(phone, (items) => expect(items.map((i) => [i.kind, i.isForwarded]).sort()).toEqual([['image', true], ['text', true]]));
  });
});
