import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { wireEvent, type ListMessagesResponse, type MessageDto, type SandboxOutboxItem, type TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';
import { multipart, SAMPLE, type FilePart } from '../../../test/helpers/multipart';

// Issue 9: what an agent does to messages — files, edits, deletes, forwards, reactions — stored,
// told to the ticket's viewers and delivered to the customer's (simulated) phone.

let app: TestApp;
let a: TestCompany;
let n = 0;

beforeAll(async () => {
  // Small per-kind limits so "too large" needs no big buffers (documents keep more room).
  app = await createTestApp({ config: { uploadLimits: { image: 4096, video: 4096, audio: 4096, document: 64 * 1024 } } });
  a = await createCompany(app);
});
afterAll(() => app.close());

const admin = () => api(app, a.adminToken);
const newNumber = () => `55219${String(1_000_000 + ++n).padStart(8, '0')}`;

/** A customer writes; `token`'s user (the admin by default) accepts the ticket. */
const acceptedTicket = async (userId = a.admin.id, token = a.adminToken): Promise<TicketDto> => {
  const from = newNumber();
  await a.inbound(from, 'Oi');
  const t = (await a.pendingTickets()).find((x) => x.contact.number === from)!;
  return (await api(app, token).put<TicketDto>(`/tickets/${t.id}`, { status: 'open', userId })).body;
};

const sendFiles = async (ticketId: number, fields: Record<string, string>, files: FilePart[], token = a.adminToken) => {
  const { payload, headers } = multipart(fields, files);
  const res = await app.app.inject({ method: 'POST', url: `/messages/${ticketId}`, headers: { authorization: `Bearer ${token}`, ...headers }, payload });
  return { status: res.statusCode, body: JSON.parse(res.body) as MessageDto[] & { error?: string; details?: Record<string, unknown> } };
};

const outbox = async (to: string) => (await admin().get<SandboxOutboxItem[]>(`/sandbox/connections/${a.whatsapp.id}/outbox?to=${to}`)).body;

/** Waits until the customer's phone shows what `check` asserts (the send job runs after the answer). */
const phoneShows = (to: string, check: (items: SandboxOutboxItem[]) => void) =>
  vi.waitFor(async () => check(await outbox(to)), { timeout: 10_000, interval: 50 });

const messages = async (ticketId: number) => (await admin().get<ListMessagesResponse>(`/messages/${ticketId}`)).body;

describe('POST /messages/:ticketId as multipart/form-data', () => {
  it('sends one message per file, in order, the caption on the first; the phone gets each as its kind', async () => {
    const t = await acceptedTicket();
    const r = await sendFiles(t.id, { body: 'Segue a foto', fromMe: 'true', read: '1' }, [
      { fileName: 'foto.png', mimetype: 'image/png', bytes: SAMPLE.png },
      { fileName: 'Orçamento.pdf', mimetype: 'application/pdf', bytes: SAMPLE.pdf },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.map((m) => [m.mediaType, m.body, m.fromMe, m.userId])).toEqual([
      ['image', 'Segue a foto', true, a.admin.id],
      ['document', 'Orcamento.pdf', true, a.admin.id],
    ]);
    // Each file is its own send job: the phone may show them in either order.
    await phoneShows(t.contact.number, (items) =>
      expect(items.filter((i) => i.kind !== 'text').map((i) => [i.kind, i.media?.caption ?? null, i.media?.fileName ?? null])).toEqual(
        expect.arrayContaining([
          ['image', 'Segue a foto', expect.any(String)],
          ['document', null, 'Orcamento.pdf'],
        ]),
      ),
    );
    // The list names the last one's kind: a document by its name.
    expect((await messages(t.id)).ticket.lastMessage).toBe('Orcamento.pdf');
  });

  it('a recorded voice note goes as a voice note; the list reads "🎤 Áudio"', async () => {
    const t = await acceptedTicket();
    const r = await sendFiles(t.id, { voice: 'true' }, [{ fileName: 'gravacao.ogg', mimetype: 'audio/ogg', bytes: SAMPLE.opus }]);
    expect(r.status).toBe(200);
    expect(r.body[0]).toMatchObject({ mediaType: 'ptt', body: '' });
    await phoneShows(t.contact.number, (items) => expect(items.at(-1)?.kind).toBe('ptt'));
    expect((await messages(t.id)).ticket.lastMessage).toBe('🎤 Áudio');
  });

  it('quotes a message on the first file', async () => {
    const t = await acceptedTicket();
    const [first] = (await messages(t.id)).messages;
    const r = await sendFiles(t.id, { quotedMsg: String(first!.id) }, [{ fileName: 'foto.png', mimetype: 'image/png', bytes: SAMPLE.png }]);
    expect(r.body[0]?.quotedMsg).toMatchObject({ id: first!.id, body: 'Oi' });
  });

  it('bytes that are not what the name claims go as a document, never as that kind', async () => {
    const t = await acceptedTicket();
    const r = await sendFiles(t.id, {}, [{ fileName: 'foto.jpg', mimetype: 'image/jpeg', bytes: SAMPLE.text }]);
    expect(r.status).toBe(200);
    expect(r.body[0]).toMatchObject({ mediaType: 'document' });
    expect(r.body[0]!.mediaUrl).toMatch(/-foto\.bin$/);
    await phoneShows(t.contact.number, (items) => expect(items.at(-1)).toMatchObject({ kind: 'document' }));
  });

  it('refuses programs (even named as pictures), empty files, files over their kind limit, no files and unknown file fields', async () => {
    const t = await acceptedTicket();
    const before = (await messages(t.id)).count;
    const disguised = await sendFiles(t.id, {}, [{ fileName: 'foto.jpg', mimetype: 'image/jpeg', bytes: SAMPLE.exe }]);
    expect([disguised.status, disguised.body.error]).toEqual([400, 'ERR_FILE_TYPE_NOT_ALLOWED']);
    const script = await sendFiles(t.id, {}, [{ fileName: 'instalar.bat', mimetype: 'text/plain', bytes: Buffer.from('echo oi') }]);
    expect(script.body.error).toBe('ERR_FILE_TYPE_NOT_ALLOWED');
    const empty = await sendFiles(t.id, {}, [{ fileName: 'vazio.png', mimetype: 'image/png', bytes: Buffer.alloc(0) }]);
    expect([empty.status, empty.body.error]).toEqual([400, 'ERR_VALIDATION']);
    const big = await sendFiles(t.id, {}, [{ fileName: 'grande.png', mimetype: 'image/png', bytes: Buffer.concat([SAMPLE.png, Buffer.alloc(5000)]) }]);
    expect([big.status, big.body.error, big.body.details]).toEqual([413, 'ERR_FILE_TOO_LARGE', { kind: 'image', maxBytes: 4096 }]);
    const none = await sendFiles(t.id, { body: 'sem arquivo' }, []);
    expect([none.status, none.body.error]).toEqual([400, 'ERR_VALIDATION']);
    const wrongField = await sendFiles(t.id, {}, [{ field: 'arquivo', fileName: 'foto.png', mimetype: 'image/png', bytes: SAMPLE.png }]);
    expect([wrongField.status, wrongField.body.error]).toEqual([400, 'ERR_VALIDATION']);
    // One bad file refuses the whole send: nothing stored, nothing sent.
    const mixed = await sendFiles(t.id, {}, [
      { fileName: 'foto.png', mimetype: 'image/png', bytes: SAMPLE.png },
      { fileName: 'foto2.jpg', mimetype: 'image/jpeg', bytes: SAMPLE.exe },
    ]);
    expect(mixed.body.error).toBe('ERR_FILE_TYPE_NOT_ALLOWED');
    expect((await messages(t.id)).count).toBe(before);
  });

  it('needs a session before reading any file, and the ticket rules of a text send', async () => {
    const t = await acceptedTicket();
    const { payload, headers } = multipart({}, [{ fileName: 'foto.png', mimetype: 'image/png', bytes: SAMPLE.png }]);
    const anon = await app.app.inject({ method: 'POST', url: `/messages/${t.id}`, headers, payload });
    expect(anon.statusCode).toBe(401);
    const { token } = await a.addUser({ allTicket: 'enabled' });
    expect((await sendFiles(t.id, {}, [{ fileName: 'foto.png', mimetype: 'image/png', bytes: SAMPLE.png }], token)).status).toBe(403);
  });
});

describe('POST /messages/edit/:messageId', () => {
  it("edits the sender's own text: stored, told to the conversation, and the phone shows the new text", async () => {
    const t = await acceptedTicket();
    const sent = (await admin().post<MessageDto>(`/messages/${t.id}`, { body: 'Olá, tudo bom?' })).body;
    await phoneShows(t.contact.number, (items) => expect(items.at(-1)?.ack).toBeGreaterThanOrEqual(2));
    const socket = await connectSocket(app, a.adminToken);
    await socket.emitWithAck('joinChatBox', t.uuid);
    const live = nextEvent<{ action: string; message: MessageDto }>(socket, wireEvent(a.companyId, 'appMessage'), (p) => p.action === 'update' && p.message.id === sent.id && p.message.isEdited);
    // The spec's client sends the whole send body along.
    const r = await admin().post<MessageDto>(`/messages/edit/${sent.id}`, { body: 'Olá, tudo bem?', read: 1, fromMe: true, mediaUrl: '', quotedMsg: null });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: sent.id, body: 'Olá, tudo bem?', isEdited: true });
    expect((await live).message).toMatchObject({ body: 'Olá, tudo bem?', isEdited: true });
    socket.close();
    await phoneShows(t.contact.number, (items) => expect(items.find((i) => i.id === sent.waMessageId)).toMatchObject({ body: 'Olá, tudo bem?', isEdited: true }));
  });

  it("refuses another agent's message, the customer's, media, and a blank text", async () => {
    const t = await acceptedTicket();
    const sent = (await admin().post<MessageDto>(`/messages/${t.id}`, { body: 'do admin' })).body;
    // A supervisor of the ticket's queue sees the conversation, yet the message is not theirs.
    const queue = await a.addQueue();
    await app.owner`update tickets set queue_id = ${queue.id} where id = ${t.id}`;
    const other = await a.addUser({ profile: 'supervisor', queueIds: [queue.id] });
    expect((await api(app, other.token).get(`/messages/${t.id}`)).status).toBe(200);
    expect(await api(app, other.token).post(`/messages/edit/${sent.id}`, { body: 'meu agora' })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const incoming = (await messages(t.id)).messages.find((m) => !m.fromMe)!;
    expect((await admin().post(`/messages/edit/${incoming.id}`, { body: 'mudei' })).body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    const [file] = (await sendFiles(t.id, {}, [{ fileName: 'foto.png', mimetype: 'image/png', bytes: SAMPLE.png }])).body;
    expect(await admin().post(`/messages/edit/${file!.id}`, { body: 'legenda' })).toMatchObject({ status: 409, body: { error: 'ERR_MESSAGE_NOT_EDITABLE' } });
    expect((await admin().post(`/messages/edit/${sent.id}`, { body: '   ' })).status).toBe(400);
    expect((await messages(t.id)).messages.find((m) => m.id === sent.id)).toMatchObject({ body: 'do admin', isEdited: false });
  });
});

describe('DELETE /messages/:id', () => {
  it('deletes for everyone: isDeleted, and the phone shows it deleted; again is the same answer', async () => {
    const t = await acceptedTicket();
    const sent = (await admin().post<MessageDto>(`/messages/${t.id}`, { body: 'enviei errado' })).body;
    await phoneShows(t.contact.number, (items) => expect(items.at(-1)?.ack).toBeGreaterThanOrEqual(2));
    const r = await admin().del<MessageDto>(`/messages/${sent.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: sent.id, isDeleted: true });
    await phoneShows(t.contact.number, (items) => expect(items.find((i) => i.id === sent.waMessageId)).toMatchObject({ isDeleted: true }));
    expect((await admin().del<MessageDto>(`/messages/${sent.id}`)).body).toMatchObject({ isDeleted: true });
  });

  it("only the author deletes; an admin may delete any outgoing message; nobody deletes the customer's", async () => {
    const queue = await a.addQueue();
    const agent = await a.addUser({ queueIds: [queue.id], allTicket: 'enabled' });
    const other = await a.addUser({ queueIds: [queue.id], profile: 'supervisor' });
    const t = await acceptedTicket(agent.user.id, agent.token);
    const posted = await api(app, agent.token).post<MessageDto>(`/messages/${t.id}`, { body: 'do agente' });
    expect([posted.status, posted.body]).toEqual([200, expect.anything()]);
    const mine = posted.body;
    expect(mine.userId).toBe(agent.user.id);
    // The ticket has no queue: give it the agents' queue so the supervisor sees it.
    await app.owner`update tickets set queue_id = ${queue.id} where id = ${t.id}`;
    expect(await api(app, other.token).del(`/messages/${mine.id}`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const incoming = (await messages(t.id)).messages.find((m) => !m.fromMe)!;
    expect((await api(app, agent.token).del(`/messages/${incoming.id}`)).body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect((await admin().del(`/messages/${incoming.id}`)).body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    // An admin may delete it, not edit it.
    expect((await admin().post(`/messages/edit/${mine.id}`, { body: 'do admin agora' })).status).toBe(403);
    expect((await admin().del<MessageDto>(`/messages/${mine.id}`)).body).toMatchObject({ id: mine.id, isDeleted: true });
  });
});

describe('POST /messages/:id/reactions', () => {
  it("reacts to the customer's message, replaces our reaction, and '' removes it; the phone follows", async () => {
    const t = await acceptedTicket();
    const incoming = (await messages(t.id)).messages.find((m) => !m.fromMe)!;
    const r = await admin().post<MessageDto>(`/messages/${incoming.id}/reactions`, { type: '👍' });
    expect(r.status).toBe(200);
    expect(r.body.reactions).toEqual([expect.objectContaining({ emoji: '👍', fromMe: true })]);
    const again = await admin().post<MessageDto>(`/messages/${incoming.id}/reactions`, { type: '❤️' });
    expect(again.body.reactions).toEqual([expect.objectContaining({ emoji: '❤️', fromMe: true })]);
    const reactions = async () => (await app.owner`select emoji from sandbox_reactions where target_wa_message_id = ${incoming.waMessageId}`).map((x) => x.emoji as string);
    await vi.waitFor(async () => expect(await reactions()).toEqual(['❤️']), { timeout: 10_000, interval: 50 });
    expect((await admin().post<MessageDto>(`/messages/${incoming.id}/reactions`, { type: '' })).body.reactions).toEqual([]);
    await vi.waitFor(async () => expect(await reactions()).toEqual([]), { timeout: 10_000, interval: 50 });
  });

  it('refuses what is not an emoji, and agents who may not write on the ticket', async () => {
    const t = await acceptedTicket();
    const incoming = (await messages(t.id)).messages.find((m) => !m.fromMe)!;
    expect((await admin().post(`/messages/${incoming.id}/reactions`, { type: 'legal' })).status).toBe(400);
    const other = await a.addUser({ allTicket: 'enabled' });
    expect((await api(app, other.token).post(`/messages/${incoming.id}/reactions`, { type: '👍' })).status).toBe(403);
  });
});

describe('POST /message/forward', () => {
  it('forwards a text to a contact without a conversation: a new open ticket of the agent, marked forwarded, signed once', async () => {
    const t = await acceptedTicket();
    const sent = (await admin().post<MessageDto>(`/messages/${t.id}`, { body: 'Endereço: Rua A, 10' })).body;
    const number = newNumber();
    const contact = (await admin().post<{ id: number }>('/contacts', { name: 'Bia', number })).body;
    const r = await admin().post<MessageDto>('/message/forward', { messageId: sent.id, contactId: contact.id, signMessage: true });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ isForwarded: true, fromMe: true, userId: a.admin.id, body: `*${a.admin.name}:*\nEndereço: Rua A, 10` });
    const ticket = (await admin().get<TicketDto>(`/tickets/${r.body.ticketId}`)).body;
    expect(ticket).toMatchObject({ status: 'open', userId: a.admin.id, contactId: contact.id, whatsappId: t.whatsappId });
    await phoneShows(number, (items) => expect(items).toEqual([expect.objectContaining({ isForwarded: true, body: `*${a.admin.name}:*\nEndereço: Rua A, 10` })]));
    // Forwarding what is already signed by this agent does not sign it twice; it goes on the live ticket.
    const twice = await admin().post<MessageDto>('/message/forward', { messageId: r.body.id, contactId: contact.id, signMessage: true });
    expect(twice.body).toMatchObject({ ticketId: r.body.ticketId, body: `*${a.admin.name}:*\nEndereço: Rua A, 10` });
  });

  it("forwards a file to the contact's live ticket, and refuses tickets the agent cannot see", async () => {
    const t = await acceptedTicket();
    const [file] = (await sendFiles(t.id, { body: 'a foto' }, [{ fileName: 'foto.png', mimetype: 'image/png', bytes: SAMPLE.png }])).body;
    const target = await acceptedTicket();
    const r = await admin().post<MessageDto>('/message/forward', { messageId: file!.id, contactId: target.contact.id, signMessage: false });
    expect(r.body).toMatchObject({ ticketId: target.id, mediaType: 'image', mediaUrl: file!.mediaUrl, body: 'a foto', isForwarded: true });
    await phoneShows(target.contact.number, (items) => expect(items.at(-1)).toMatchObject({ kind: 'image', isForwarded: true }));
    const outsider = await a.addUser({});
    expect((await api(app, outsider.token).post('/message/forward', { messageId: file!.id, contactId: target.contact.id })).status).toBe(403);
  });
});

describe('the conversation around these messages', () => {
  it("a page lists its tickets' start and close times; the list names received kinds", async () => {
    const t = await acceptedTicket();
    await admin().put(`/tickets/${t.id}`, { status: 'closed' });
    await admin().post(`/sandbox/connections/${a.whatsapp.id}/inbound`, { from: t.contact.number, kind: 'contact', contact: { name: 'Carla Souza', number: '5511988887777' } });
    const next = (await a.pendingTickets()).find((x) => x.contact.number === t.contact.number)!;
    expect(next.lastMessage).toBe('Contato: Carla Souza');
    await admin().post(`/sandbox/connections/${a.whatsapp.id}/inbound`, { from: t.contact.number, kind: 'location', latitude: -22.9, longitude: -43.2 });
    const page = await messages(next.id);
    expect(page.ticket.lastMessage).toBe('Localização');
    expect(page.tickets).toEqual([
      { id: t.id, createdAt: expect.any(String), closedAt: expect.any(String) },
      { id: next.id, createdAt: expect.any(String), closedAt: null },
    ]);
    await admin().post(`/sandbox/connections/${a.whatsapp.id}/inbound`, { from: t.contact.number, kind: 'image', media: { data: SAMPLE.png.toString('base64'), mimetype: 'image/png' } });
    expect((await messages(next.id)).ticket.lastMessage).toBe('📷 Imagem');
  });
});
