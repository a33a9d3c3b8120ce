import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('accepts from the list and resolves from the list as the client does (queueId left out when the ticket has none)', async () => {
    const phone = uniquePhone();
    await a.inbound(phone, 'Oi');
    const pending = (await a.pendingTickets()).find((t) => t.contact.number === phone)!;
    const admin = api(app, a.adminToken);
    const accepted = await admin.put<TicketDto>(`/tickets/${pending.id}`, { status: 'open', userId: a.admin.id, useIntegration: false });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const closed = await admin.put<TicketDto>(`/tickets/${pending.id}`, { status: 'closed', userId: a.admin.id, useIntegration: false, promptId: null, integrationId: null });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.status).toBe('closed');
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

describe('trailing slashes next to the web UI (decision 0038)', () => {
  it('a page load of /tickets/ still gets the UI, an API call to /settings/ still gets JSON', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'balcao-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head><title>Balcão UI</title><script type="module" src="./assets/index.js"></script></head></html>');
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'assets', 'index-Abc123.js'), 'export {};');
    writeFileSync(join(webDir, 'favicon.svg'), '<svg/>');
    const withUi = await createTestApp({ config: { webDir } });
    try {
      const page = await withUi.app.inject({ method: 'GET', url: '/tickets/', headers: { accept: 'text/html' } });
      expect(page.body).toContain('Balcão UI');
      // The one renderer build's relative paths resolve from the root on a nested page (decision 0324).
      expect(page.body).toContain('<head><base href="/" /><title>');
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache'); // always asked again: it names the assets
      // Built assets are named by their content's hash: kept for good, never revalidated.
      const asset = await withUi.app.inject({ method: 'GET', url: '/assets/index-Abc123.js' });
      expect([asset.statusCode, asset.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
      const root = await withUi.app.inject({ method: 'GET', url: '/favicon.svg' });
      expect([root.statusCode, root.headers['cache-control']]).toEqual([200, 'public, max-age=0']);
      const c = await createCompany(withUi);
      const settings = await api(withUi, c.adminToken).get<unknown[]>('/settings/');
      expect(settings.status).toBe(200);
      expect(Array.isArray(settings.body)).toBe(true);
    } finally {
      await withUi.close();
      rmSync(webDir, { recursive: true, force: true });
    }
  });
});

describe('shapes the client reads on every page (decision 0039)', () => {
  it('GET /companies/listPlan/:id nests the plan: { plan: { users, connections, queues, use… } }', async () => {
    const r = await api(app, a.adminToken).get<{ id: number; plan: Record<string, unknown> }>(`/companies/listPlan/${a.companyId}`);
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(a.companyId);
    for (const k of ['users', 'connections', 'queues']) expect(typeof r.body.plan[k], k).toBe('number');
    for (const k of ['useCampaigns', 'useSchedules', 'useInternalChat', 'useExternalApi', 'useKanban', 'useOpenAi', 'useIntegrations']) {
      expect(typeof r.body.plan[k], k).toBe('boolean');
    }
  });

  it('GET /users/:id answers the user with queues and whatsappId, for itself and for an admin', async () => {
    const { id: queueId } = await a.addQueue();
    const { user, token } = await a.addUser({ queueIds: [queueId] });
    for (const t of [token, a.adminToken]) {
      const r = await api(app, t).get<{ id: number; queues: { id: number }[]; whatsappId: unknown }>(`/users/${user.id}/`);
      expect(r.status).toBe(200);
      expect(r.body.id).toBe(user.id);
      expect(r.body.queues.map((q) => q.id)).toEqual([queueId]);
      expect(r.body).toHaveProperty('whatsappId', null);
    }
  });

  it('GET /settings/ is an array of { key, value } with sendGreetingAccepted, for every profile', async () => {
    const { token } = await a.addUser({});
    for (const t of [token, a.adminToken]) {
      const r = await api(app, t).get<{ key: string; value: string }[]>('/settings/');
      expect(r.status).toBe(200);
      expect(r.body).toEqual(expect.arrayContaining([{ key: 'sendGreetingAccepted', value: 'disabled' }, { key: 'userRating', value: 'disabled' }]));
    }
  });

  it('GET /settings/ lists a default even for a company whose row predates it', async () => {
    await app.owner`delete from settings where company_id = ${a.companyId} and key = 'sendGreetingAccepted'`;
    const r = await api(app, a.adminToken).get<{ key: string; value: string }[]>('/settings');
    expect(r.body).toEqual(expect.arrayContaining([{ key: 'sendGreetingAccepted', value: 'disabled' }]));
  });

  it('GET /settings/viewregister answers { value } without a session, from the platform\'s settings', async () => {
    const r = await app.app.inject({ method: 'GET', url: '/settings/viewregister' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ value: 'disabled' });
    const [platform] = await app.owner`select id from companies where is_platform`;
    await app.owner`insert into settings (company_id, key, value) values (${platform!.id}, 'viewregister', 'enabled')`;
    expect((await app.app.inject({ method: 'GET', url: '/settings/viewregister' })).json()).toEqual({ value: 'enabled' });
    // Another company's setting of the same name changes nothing: only the platform's counts.
    await app.owner`insert into settings (company_id, key, value) values (${a.companyId}, 'viewregister', 'other')`;
    expect((await app.app.inject({ method: 'GET', url: '/settings/viewregister' })).json()).toEqual({ value: 'enabled' });
  });

  it('serves /public/logotipos/login.png and interno.png as images, without a session; nothing else there', async () => {
    for (const name of ['login.png', 'interno.png']) {
      const r = await app.app.inject({ method: 'GET', url: `/public/logotipos/${name}` });
      expect(r.statusCode, name).toBe(200);
      expect(r.headers['content-type']).toBe('image/png');
      expect(r.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect(r.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    for (const url of ['/public/logotipos/secrets.json', '/public/logotipos/..%2F..%2Fpackage.json', '/public/logotipos/']) {
      expect((await app.app.inject({ method: 'GET', url })).statusCode, url).not.toBe(200);
    }
  });
});
