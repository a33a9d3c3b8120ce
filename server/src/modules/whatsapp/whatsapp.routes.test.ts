import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type WhatsappDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
});
afterAll(() => app.close());

const admin = () => api(app, a.adminToken);
const create = async (body: Record<string, unknown>) => {
  const r = await admin().post<WhatsappDto>('/whatsapp', body);
  expect(r.status).toBe(200);
  return r.body;
};
const stored = async (id: number) => (await app.owner`select status, is_default as "isDefault" from whatsapps where id = ${id}`)[0];

describe('connections: show, update, delete', () => {
  it('shows one connection without its token', async () => {
    const w = await create({ name: 'Com token', provider: 'baileys', token: 'segredo-123-bem-longo' });
    const r = await admin().get<WhatsappDto>(`/whatsapp/${w.id}?session=0`);
    expect(r.body).toMatchObject({ id: w.id, name: 'Com token', status: 'DISCONNECTED' });
    expect(JSON.stringify(r.body)).not.toContain('segredo-123-bem-longo');
    expect(r.body).not.toHaveProperty('token');
    expect(r.body).not.toHaveProperty('session');
  });

  it('updates fields, replaces queues and asks for a greeting with more than one queue', async () => {
    const w = await create({ name: 'Editar', provider: 'baileys' });
    const [q1, q2] = [await a.addQueue(), await a.addQueue()];
    const refused = await admin().put(`/whatsapp/${w.id}`, { queueIds: [q1.id, q2.id] });
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_GREETING_REQUIRED' } });
    const r = await admin().put<WhatsappDto>(`/whatsapp/${w.id}`, { name: 'Editada', greetingMessage: 'Olá', queueIds: [q1.id, q2.id], maxUseBotQueues: 5, transferQueueId: q2.id });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'Editada', greetingMessage: 'Olá', maxUseBotQueues: 5, transferQueueId: q2.id });
    expect(r.body.queues.map((q) => q.id)).toEqual([q1.id, q2.id]);
    const replaced = await admin().put<WhatsappDto>(`/whatsapp/${w.id}`, { queueIds: [q2.id] });
    expect(replaced.body.queues.map((q) => q.id)).toEqual([q2.id]);
    expect(replaced.body.name).toBe('Editada');
    expect((await admin().put(`/whatsapp/${w.id}`, { transferQueueId: 999_999 })).body).toMatchObject({ error: 'ERR_NO_QUEUE_FOUND' });
  });

  it('moves the default, never drops it, and hands it on when the default is deleted', async () => {
    const w = await create({ name: 'Nova padrão', provider: 'baileys' });
    const moved = await admin().put<WhatsappDto>(`/whatsapp/${w.id}`, { isDefault: true });
    expect(moved.body.isDefault).toBe(true);
    expect((await stored(a.whatsapp.id))!.isDefault).toBe(false);
    expect((await admin().put(`/whatsapp/${w.id}`, { isDefault: false })).body).toMatchObject({ error: 'ERR_NO_OTHER_WHATSAPP' });
    const del = await admin().del(`/whatsapp/${w.id}`);
    expect(del.status).toBe(200);
    expect(await stored(w.id)).toBeUndefined();
    const defaults = await app.owner`select id from whatsapps where company_id = ${a.companyId} and is_default`;
    expect(defaults).toHaveLength(1);
  });

  it('a new default connection takes the flag, and every admin hears that the old one lost it', async () => {
    const old = (await admin().get<WhatsappDto[]>('/whatsapp')).body.find((w) => w.isDefault)!;
    const socket = await connectSocket(app, a.adminToken);
    try {
      const lost = nextEvent<{ action: string; whatsapp: WhatsappDto }>(socket, wireEvent(a.companyId, 'whatsapp'), (p) => p.whatsapp?.id === old.id && !p.whatsapp.isDefault);
      const created = await create({ name: 'Padrão nova', provider: 'baileys', isDefault: true });
      expect(created.isDefault).toBe(true);
      expect((await lost).whatsapp.isDefault).toBe(false);
      const defaults = await app.owner`select id from whatsapps where company_id = ${a.companyId} and is_default`;
      expect(defaults.map((d) => d.id)).toEqual([created.id]);
    } finally {
      socket.disconnect();
    }
  });

  it('refuses users that are not admins', async () => {
    const { token } = await a.addUser({ profile: 'supervisor' });
    const u = api(app, token);
    for (const r of [
      await u.get(`/whatsapp/${a.whatsapp.id}`),
      await u.put(`/whatsapp/${a.whatsapp.id}`, { name: 'x1' }),
      await u.del(`/whatsapp/${a.whatsapp.id}`),
      await u.post(`/whatsappsession/${a.whatsapp.id}`),
      await u.put(`/whatsappsession/${a.whatsapp.id}`),
      await u.del(`/whatsappsession/${a.whatsapp.id}`),
      await u.post('/whatsapp-restart'),
    ])
      expect(r).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(app.sessions.get(a.whatsapp.id)).toBeDefined();
  });

  it('lists connections to agents without the QR code', async () => {
    const w = await create({ name: 'Com QR', provider: 'baileys' });
    await app.owner`update whatsapps set status = 'qrcode', qrcode = 'QR-SECRETO' where id = ${w.id}`;
    const { token } = await a.addUser({});
    const asAgent = (await api(app, token).get<WhatsappDto[]>('/whatsapp')).body.find((x) => x.id === w.id);
    const asAdmin = (await admin().get<WhatsappDto[]>('/whatsapp')).body.find((x) => x.id === w.id);
    expect(asAgent).toMatchObject({ status: 'qrcode', qrcode: '' });
    expect(asAdmin).toMatchObject({ qrcode: 'QR-SECRETO' });
  });

  it('answers 404 for an unknown id', async () => {
    expect((await admin().get('/whatsapp/999999')).body).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
    expect((await admin().del('/whatsappsession/999999')).body).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
  });
});

describe('connections: sessions', () => {
  it('disconnects, starts again, restarts, and tells the admins', async () => {
    const sock = await connectSocket(app, a.adminToken);
    try {
      const event = `company-${a.companyId}-whatsappSession`;
      const down = nextEvent<{ session: { id: number; status: string } }>(sock, event, (p) => p.session.status === 'DISCONNECTED');
      const off = await admin().del<WhatsappDto>(`/whatsappsession/${a.whatsapp.id}`);
      expect(off.body).toMatchObject({ status: 'DISCONNECTED', qrcode: '' });
      await down;
      expect(app.sessions.get(a.whatsapp.id)).toBeUndefined();
      expect(await stored(a.whatsapp.id)).toMatchObject({ status: 'DISCONNECTED' });

      const up = nextEvent<{ session: { id: number; status: string } }>(sock, event, (p) => p.session.status === 'CONNECTED');
      expect((await admin().post(`/whatsappsession/${a.whatsapp.id}`)).status).toBe(200);
      await up;
      expect(app.sessions.get(a.whatsapp.id)).toBeDefined();

      const before = app.sessions.get(a.whatsapp.id);
      expect((await admin().put(`/whatsappsession/${a.whatsapp.id}`)).status).toBe(200);
      expect(app.sessions.get(a.whatsapp.id)).not.toBe(before);
      expect((await admin().post('/whatsapp-restart')).status).toBe(200);
      expect(app.sessions.get(a.whatsapp.id)).toBeDefined();
    } finally {
      sock.disconnect();
    }
  });

  it('stops the session before deleting the connection and tells the admins', async () => {
    const w = await create({ name: 'Apagar', provider: 'sandbox' });
    expect(app.sessions.get(w.id)).toBeDefined();
    const sock = await connectSocket(app, a.adminToken);
    try {
      const gone = nextEvent<{ action: string; whatsappId?: number }>(sock, `company-${a.companyId}-whatsapp`, (p) => p.action === 'delete' && p.whatsappId === w.id);
      expect((await admin().del(`/whatsapp/${w.id}`)).status).toBe(200);
      await gone;
      expect(app.sessions.get(w.id)).toBeUndefined();
    } finally {
      sock.disconnect();
    }
  });

  it("a deleted connection leaves its users' default connection empty, other users' untouched", async () => {
    const [w, kept] = [await create({ name: 'Padrão de alguém', provider: 'sandbox' }), await create({ name: 'Fica', provider: 'sandbox' })];
    const [mine] = await app.owner`update users set whatsapp_id = ${w.id} where id = (select id from users where company_id = ${a.companyId} order by id limit 1) returning id`;
    const [other] = await app.owner`insert into users (company_id, name, email, password_hash, profile, whatsapp_id) values (${a.companyId}, 'Outra', ${`outra-${w.id}@wa.test`}, 'x', 'user', ${kept.id}) returning id`;
    expect((await admin().del(`/whatsapp/${w.id}`)).status).toBe(200);
    const rows = await app.owner`select id, whatsapp_id as "whatsappId" from users where id in (${mine!.id}, ${other!.id}) order by id`;
    expect(rows).toEqual([
      { id: mine!.id, whatsappId: null },
      { id: other!.id, whatsappId: kept.id },
    ]);
  });
});

describe('Cloud API connections (issue 29; decision 0370)', () => {
  let seq = 0;
  const facts = () => ({ phoneNumberId: `10654035${String(++seq).padStart(7, '0')}`, wabaId: '102290129340398', accessToken: 'EAAG-access-token-0123456789', appSecret: 'app-secret-0123456789abcdef', verifyToken: 'verify-token-0123456789' });
  const cloudRow = async (id: number) =>
    (await app.owner`select provider, cloud_phone_number_id as "phoneNumberId", cloud_access_token as "accessToken", cloud_app_secret as "appSecret", cloud_verify_token_hash as "verifyHash" from whatsapps where id = ${id}`)[0]!;

  it('creates one with its facts: ids shown, secrets only as set; sealed at rest, the verify token as its hash', async () => {
    const cloud = facts();
    const w = await create({ name: 'Oficial', provider: 'cloud', cloud });
    expect(w).toMatchObject({ provider: 'cloud', status: 'DISCONNECTED', cloud: { phoneNumberId: cloud.phoneNumberId, wabaId: cloud.wabaId, accessTokenSet: true, appSecretSet: true, verifyTokenSet: true } });
    const shown = JSON.stringify([w, (await admin().get(`/whatsapp/${w.id}`)).body, (await admin().get('/whatsapp')).body]);
    for (const secret of [cloud.accessToken, cloud.appSecret, cloud.verifyToken]) expect(shown).not.toContain(secret);
    const row = await cloudRow(w.id);
    expect(row.accessToken).toMatch(/^v1\./);
    expect(row.appSecret).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toMatch(/EAAG|app-secret|verify-token/);
    expect(row.verifyHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses provider cloud without its facts (or with some missing), and cloud facts on another provider', async () => {
    expect((await admin().post('/whatsapp', { name: 'Sem fatos', provider: 'cloud' })).body).toMatchObject({ error: 'ERR_VALIDATION' });
    const { verifyToken: _v, ...partial } = facts();
    expect((await admin().post('/whatsapp', { name: 'Faltando', provider: 'cloud', cloud: partial })).status).toBe(400);
    expect((await admin().post('/whatsapp', { name: 'Baileys', provider: 'baileys', cloud: facts() })).body).toMatchObject({ error: 'ERR_VALIDATION' });
    const w = await create({ name: 'Vira cloud', provider: 'baileys' });
    expect((await admin().put(`/whatsapp/${w.id}`, { provider: 'cloud' })).body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await stored(w.id))).toBeDefined();
    expect((await app.owner`select provider from whatsapps where id = ${w.id}`)[0]!.provider).toBe('baileys');
  });

  it('rotates a secret on PUT; one left out is kept; the spec client (no provider, no cloud) changes nothing of it', async () => {
    const w = await create({ name: 'Rotação', provider: 'cloud', cloud: facts() });
    const before = await cloudRow(w.id);
    const r = await admin().put<WhatsappDto>(`/whatsapp/${w.id}`, { cloud: { accessToken: 'EAAG-a-new-access-token-9876543210' } });
    expect(r.status).toBe(200);
    const after = await cloudRow(w.id);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect([after.appSecret, after.verifyHash, after.phoneNumberId]).toEqual([before.appSecret, before.verifyHash, before.phoneNumberId]);
    const spec = await admin().put<WhatsappDto>(`/whatsapp/${w.id}`, { name: 'Rotação 2', greetingMessage: '', token: '' });
    expect(spec.body).toMatchObject({ name: 'Rotação 2', provider: 'cloud', cloud: { accessTokenSet: true } });
    expect(await cloudRow(w.id)).toEqual(after);
  });

  it("one connection per Cloud number, across companies: another company's same number is 409", async () => {
    const cloud = facts();
    await create({ name: 'Número A', provider: 'cloud', cloud });
    const b = await createCompany(app);
    const r = await api(app, b.adminToken).post('/whatsapp', { name: 'Número B', provider: 'cloud', cloud });
    expect(r).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_RECORD' } });
    expect(await app.owner`select id from whatsapps where company_id = ${b.companyId} and provider = 'cloud'`).toHaveLength(0);
  });

  it("the spec's client (never sends provider) still creates a connection as before, without cloud facts", async () => {
    const w = await create({ name: 'Cliente da spec', greetingMessage: '', isDefault: false, token: '' });
    expect(w.provider).toBe('beta');
    expect(w).not.toHaveProperty('cloud');
  });
});
