/**
 * The simulated phone's own side: what the customer sent (served from the stored messages, so
 * it survives the simulator's reload) and the customer's typing/recording reaching the agents.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeChannelPhone, wireEvent, type SandboxOutboxItem, type SandboxSentItem, type TicketDto, type WireChannels } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../../test/helpers/build-app';
import { uniquePhone } from '../../../../test/helpers/tenants';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../../test/helpers/world';
import { createSandboxStore } from './sandbox.store';

let app: TestApp;
let A: TestCompany;
let socket: Socket;
const PNG_2x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwHwQBEPgD/U6VwW8AAAAASUVORK5CYII=';

const post = (path: string, body: object, token = A.adminToken) => api(app, token).post<{ id: string }>(`/sandbox/connections/${A.whatsapp.id}${path}`, body);
const sent = (to: string, token = A.adminToken) => api(app, token).get<SandboxSentItem[]>(`/sandbox/connections/${A.whatsapp.id}/sent?to=${to}`);

beforeAll(async () => {
  app = await createTestApp();
  A = await createCompany(app);
  socket = await connectSocket(app, A.adminToken);
});
afterAll(async () => {
  socket.disconnect();
  await app.close();
});

describe("the simulated customer's sent messages", () => {
  it('lists every kind the phone sent, oldest first, across tickets, with the file it sent and our reaction', async () => {
    const phone = uniquePhone();
    const other = uniquePhone();
    const text = await post('/inbound', { from: phone, name: 'Ana', body: 'Olá' });
    expect(text.status).toBe(202);
    await post('/inbound', { from: other, body: 'de outro número' });
    const image = await post('/inbound', { from: phone, kind: 'image', body: 'comprovante', media: { data: PNG_2x1, mimetype: 'image/png', fileName: 'comprovante.png' } });
    await post('/inbound', { from: phone, kind: 'location', latitude: -15.7939, longitude: -47.8828, body: 'Loja Centro' });
    await post('/inbound', { from: phone, kind: 'contact', contact: { name: 'Bia', number: '5561981112222' } });
    // The ticket closes; the customer writes again on a new one: the phone still shows it all.
    const ticket = (await A.pendingTickets()).find((t) => t.contact.number === phone)!;
    expect((await api(app, A.adminToken).put<TicketDto>(`/tickets/${ticket.id}`, { status: 'closed' })).status).toBe(200);
    const again = await post('/inbound', { from: phone, body: 'Voltei' });
    await createSandboxStore(app.data, A.companyId, A.whatsapp.id).reacted(phone, image.body.id, '❤️');

    const res = await sent(phone);
    expect(res.status).toBe(200);
    expect(res.body.map((m) => [m.kind, m.reaction])).toEqual([
      ['text', ''],
      ['image', '❤️'],
      ['location', ''],
      ['contact', ''],
      ['text', ''],
    ]);
    expect(res.body[0]).toMatchObject({ id: text.body.id, body: 'Olá', media: null, isEdited: false, isDeleted: false });
    expect(res.body[1]).toMatchObject({ id: image.body.id, body: 'comprovante', media: { mimetype: 'image/png', fileName: 'comprovante.png', size: Buffer.from(PNG_2x1, 'base64').length } });
    expect(res.body[2]!.body).toContain('Loja Centro');
    expect(res.body[3]!.body).toContain('Bia');
    expect(res.body[4]).toMatchObject({ id: again.body.id, body: 'Voltei' });
    expect((await sent(other)).body.map((m) => m.body)).toEqual(['de outro número']);
    expect((await sent(uniquePhone())).body).toEqual([]);
  });

  it('plays a Brazilian mobile typed without its 9th digit: both sides of the chat show', async () => {
    const typed = `551188${String(Date.now()).slice(-6)}`; // 55 11 88xxxxxx: a mobile without its 9
    const canonical = normalizeChannelPhone(typed);
    expect(canonical).not.toBe(typed);
    expect((await post('/inbound', { from: typed, body: 'sem o nove' })).status).toBe(202);
    // Sends go to the contact's number, which is the canonical one.
    await app.sessions.sandbox(A.whatsapp.id, A.companyId)!.send(canonical, { kind: 'text', text: 'resposta' }, { id: `S-${typed}` });
    expect((await sent(typed)).body.map((m) => m.body)).toEqual(['sem o nove']);
    const outbox = await api(app, A.adminToken).get<SandboxOutboxItem[]>(`/sandbox/connections/${A.whatsapp.id}/outbox?to=${typed}`);
    expect(outbox.body.map((m) => m.body)).toEqual(['resposta']);
  });

  it('is for admins only', async () => {
    const { token } = await A.addUser({});
    expect((await sent(uniquePhone(), token)).status).toBe(403);
    expect((await post('/presence', { from: uniquePhone(), presence: 'composing' }, token)).status).toBe(403);
  });
});

describe("the simulated customer's presence", () => {
  it("reaches the agents as 'composing' and 'recording', and null when the customer stops", async () => {
    const phone = uniquePhone();
    await post('/inbound', { from: phone, body: 'Oi' });
    const ticket = (await A.pendingTickets()).find((t) => t.contact.number === phone)!;
    const event = wireEvent(A.companyId, 'presence');
    for (const presence of ['composing', 'recording', 'paused'] as const) {
      const expected = presence === 'paused' ? null : presence;
      const seen = nextEvent<WireChannels['presence']>(socket, event, (p) => p.ticketId === ticket.id && p.presence === expected);
      const res = await post('/presence', { from: phone, presence });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      await seen;
    }
  });
});
