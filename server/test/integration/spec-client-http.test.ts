import type { MessageDto, TicketDto } from '@balcao/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { uniquePhone } from '../helpers/tenants';
import { api, createCompany, type TestCompany } from '../helpers/world';

// The spec's own client (Whaticket SaaS frontend) calls the API with looser shapes than ours and
// with trailing slashes; these are its exact payloads and paths (decisions 0037, 0038).

let app: TestApp;
let a: TestCompany;
beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
});
afterAll(() => app.close());

/** A ticket of `a` accepted by its admin (open, theirs). */
const openTicket = async (): Promise<TicketDto> => {
  const phone = uniquePhone();
  await a.inbound(phone, 'Olá, preciso de ajuda');
  const pending = (await a.pendingTickets()).find((t) => t.contact.number === phone)!;
  const accepted = await api(app, a.adminToken).put<TicketDto>(`/tickets/${pending.id}`, { status: 'open', userId: a.admin.id });
  expect(accepted.status).toBe(200);
  return accepted.body;
};

describe('lenient where the spec client is loose (decision 0037)', () => {
  it('sends a message posted as the client posts it: read: 1, fromMe: true, mediaUrl: "", a signed body, quotedMsg null', async () => {
    const t = await openTicket();
    const r = await api(app, a.adminToken).post<MessageDto>(`/messages/${t.id}`, { read: 1, fromMe: true, mediaUrl: '', body: '*Admin:*\nBom dia!', quotedMsg: null });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Stored exactly as sent: the server never signs, so the signature is not doubled.
    expect(r.body.body).toBe('*Admin:*\nBom dia!');
    expect(r.body.fromMe).toBe(true);
  });

  it('takes quotedMsg as the whole message object the client holds', async () => {
    const t = await openTicket();
    const { body: list } = await api(app, a.adminToken).get<{ messages: MessageDto[] }>(`/messages/${t.id}`);
    const quoted = list.messages[0]!;
    const r = await api(app, a.adminToken).post<MessageDto>(`/messages/${t.id}`, { read: 1, fromMe: true, mediaUrl: '', body: 'Respondendo', quotedMsg: quoted });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.quotedMsg?.id).toBe(quoted.id);
  });

  it('resolves from the header with promptId: false, integrationId: false, useIntegration: false', async () => {
    const t = await openTicket();
    const r = await api(app, a.adminToken).put<TicketDto>(`/tickets/${t.id}`, {
      status: 'closed',
      userId: a.admin.id,
      queueId: null,
      useIntegration: false,
      promptId: false,
      integrationId: false,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe('closed');
  });

  it('reads booleans written as strings and numbers', async () => {
    const t = await openTicket();
    const r = await api(app, a.adminToken).post<MessageDto>(`/messages/${t.id}`, { read: 'true', fromMe: '1', body: 'texto' });
    expect(r.status).toBe(200);
    const closed = await api(app, a.adminToken).put<TicketDto>(`/tickets/${t.id}`, { status: 'closed', useIntegration: 'false' });
    expect(closed.status).toBe(200);
  });

  it('stays strict where it matters: ids, enums, empty bodies', async () => {
    const t = await openTicket();
    const admin = api(app, a.adminToken);
    for (const bad of [
      { body: '   ', read: 1 },
      { body: 'x', read: 'yes' },
      { body: 'x', quotedMsg: { id: 'abc' } },
      { body: 'x', fromMe: 2 },
    ]) {
      expect((await admin.post(`/messages/${t.id}`, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    for (const bad of [{ status: 'resolvido' }, { status: 'closed', promptId: true }, { status: 'closed', integrationId: 'x' }, { status: 'closed', userId: false }]) {
      expect((await admin.put(`/tickets/${t.id}`, bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('trailing slashes (decision 0038)', () => {
  it('routes /whatsapp/?session=0 to the list, not to /whatsapp/:id', async () => {
    const r = await api(app, a.adminToken).get<unknown[]>('/whatsapp/?session=0');
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
  });

  it('answers the spec\'s slashed paths like the plain ones', async () => {
    const admin = api(app, a.adminToken);
    for (const [slashed, plain] of [
      ['/contacts/?searchParam=&pageNumber=1', '/contacts?searchParam=&pageNumber=1'],
      ['/queue/', '/queue'],
      ['/tickets/?status=pending&showAll=true&queueIds=[]', '/tickets?status=pending&showAll=true&queueIds=[]'],
    ] as const) {
      const [s, p] = [await admin.get(slashed), await admin.get(plain)];
      expect(s.status, slashed).toBe(p.status);
      expect(s.status, slashed).toBe(200);
    }
  });
});
