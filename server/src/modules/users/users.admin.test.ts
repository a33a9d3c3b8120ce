/**
 * The /users screen's server (administration.md §2, §7; issue 11 part 2; decisions 0110–0112):
 * the paged search, deleting, the last admin, the plan limit under concurrency, the audit trail
 * and the online status from the sockets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type ListUsersResponse, type PresenceDto, type TicketDto, type UserDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let c: TestCompany;
let seq = 0;

beforeAll(async () => {
  app = await createTestApp();
  await app.owner`update plans set users = 1000`;
  c = await createCompany(app);
});
afterAll(() => app.close());

const admin = () => api(app, c.adminToken);
const create = async (co: TestCompany, extra: Record<string, unknown> = {}) => {
  const r = await api(app, co.adminToken).post<UserDto>('/users', { name: `Agente ${++seq}`, email: `agente.${seq}.${Date.now()}@example.com`, password: 'Secret123', ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const loginAs = async (email: string) => (await api(app).post<{ token: string }>('/auth/login', { email, password: 'Secret123' })).body.token;
const errorOf = (r: { status: number; body: unknown }) => ({ status: r.status, error: (r.body as { error?: string }).error });

describe('GET /users', () => {
  it('pages by name with count and hasMore, and searches name or e-mail ignoring accents and case', async () => {
    const co = await createCompany(app);
    const mark = `Zeta${Date.now()}`;
    for (let i = 0; i < 22; i++) await create(co, { name: `${mark} ${String(i).padStart(2, '0')}` });
    const joao = await create(co, { name: 'João Ávila', email: `Joao.Avila.${Date.now()}@Example.com` });
    const a = api(app, co.adminToken);
    const p1 = (await a.get<ListUsersResponse>(`/users?searchParam=${mark.toLowerCase()}`)).body;
    const p2 = (await a.get<ListUsersResponse>(`/users?searchParam=${mark}&pageNumber=2`)).body;
    expect([p1.users.length, p1.count, p1.hasMore, p2.users.length, p2.hasMore]).toEqual([20, 22, true, 2, false]);
    expect([...p1.users, ...p2.users].map((u) => u.name)).toEqual(Array.from({ length: 22 }, (_, i) => `${mark} ${String(i).padStart(2, '0')}`));
    for (const term of ['joao avila', 'ÁVILA', 'joão', 'joao.avila.']) {
      const found = (await a.get<ListUsersResponse>(`/users?searchParam=${encodeURIComponent(term)}`)).body.users.map((u) => u.id);
      expect({ term, found }).toEqual({ term, found: [joao.id] });
    }
    // A % or _ is a character, not a wildcard.
    expect((await a.get<ListUsersResponse>('/users?searchParam=%25')).body.users).toEqual([]);
    // Without a search: the whole company, the admin included, by name.
    const all = (await a.get<ListUsersResponse>('/users')).body;
    expect(all.count).toBe(24);
    expect(all.users.map((u) => u.id)).toContain(co.admin.id);
  });

  it("answers any agent (the spec's transfer dialog searches it), each user with their queues", async () => {
    const q = await c.addQueue();
    const { user, token } = await c.addUser({ queueIds: [q.id] });
    const r = await api(app, token).get<ListUsersResponse>(`/users?searchParam=${encodeURIComponent(user.email)}`);
    expect(r.status).toBe(200);
    expect(r.body.users).toEqual([expect.objectContaining({ id: user.id, queues: [expect.objectContaining({ id: q.id })] })]);
  });
});

describe('DELETE /users/:id', () => {
  it('lets an admin delete a user: gone from the lists, their token ends, recorded in the audit trail', async () => {
    const u = await create(c);
    const token = await loginAs(u.email);
    const r = await admin().del(`/users/${u.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
    expect(errorOf(await admin().get(`/users/${u.id}`))).toEqual({ status: 404, error: 'ERR_NO_USER_FOUND' });
    expect((await admin().get<UserDto[]>('/users/list')).body.map((x) => x.id)).not.toContain(u.id);
    expect((await api(app, token).get('/users/list')).status).toBe(401);
    const trail = await app.owner`select action, before, after, user_id from audit_logs where company_id = ${c.companyId} and entity = 'user' and entity_id = ${String(u.id)} order by id`;
    expect(trail.map((t) => t.action)).toEqual(['create', 'delete']);
    expect(trail[1]).toMatchObject({ user_id: c.admin.id, after: null, before: expect.objectContaining({ email: u.email, profile: 'user' }) });
    expect(JSON.stringify(trail)).not.toMatch(/Secret123|argon/);
  });

  it('refuses users and supervisors, oneself, and unknown ids', async () => {
    const victim = await create(c);
    for (const profile of ['user', 'supervisor'] as const) {
      const { token } = await c.addUser({ profile });
      expect(errorOf(await api(app, token).del(`/users/${victim.id}`))).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
    }
    expect(errorOf(await admin().del(`/users/${c.admin.id}`))).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
    expect(errorOf(await admin().del('/users/999999'))).toEqual({ status: 404, error: 'ERR_NO_USER_FOUND' });
    expect((await admin().get(`/users/${victim.id}`)).status).toBe(200);
  });

  it("puts a deleted agent's open tickets back in their queue as pending, for the queue to see", async () => {
    const q = await c.addQueue();
    const agent = await create(c, { queueIds: [q.id] });
    const token = await loginAs(agent.email);
    const contact = await admin().post<{ id: number }>('/contacts', { name: 'Cliente órfão', number: `55119${String(60000000 + ++seq).padStart(8, '0')}` });
    const t = await api(app, token).post<TicketDto>('/tickets', { contactId: contact.body.id, queueId: q.id, status: 'open' });
    expect(t.body).toMatchObject({ status: 'open', userId: agent.id });
    const s = await connectSocket(app, c.adminToken);
    try {
      const back = nextEvent<{ action: string; ticket?: TicketDto }>(s, wireEvent(c.companyId, 'ticket'), (p) => p.action === 'update' && p.ticket?.id === t.body.id);
      expect((await admin().del(`/users/${agent.id}`)).status).toBe(200);
      expect((await back).ticket).toMatchObject({ status: 'pending', userId: null, queueId: q.id });
    } finally {
      s.disconnect();
    }
  });
});

describe('the last admin', () => {
  it('cannot be deleted nor demoted (ERR_LAST_ADMIN), and nothing changes', async () => {
    const co = await createCompany(app);
    const other = await create(co, { profile: 'admin' });
    // The company's own admin has meanwhile lost the profile in the database, their token still
    // says admin: the other admin is now the last one.
    await app.owner`update users set profile = 'user' where id = ${co.admin.id}`;
    const a = api(app, co.adminToken);
    expect(errorOf(await a.del(`/users/${other.id}`))).toEqual({ status: 409, error: 'ERR_LAST_ADMIN' });
    expect(errorOf(await a.put(`/users/${other.id}`, { name: other.name, email: other.email, profile: 'supervisor' }))).toEqual({ status: 409, error: 'ERR_LAST_ADMIN' });
    expect((await app.owner`select profile from users where id = ${other.id}`)[0]).toEqual({ profile: 'admin' });
    // With a second admin again, the same calls pass.
    await app.owner`update users set profile = 'admin' where id = ${co.admin.id}`;
    expect((await a.put(`/users/${other.id}`, { name: other.name, email: other.email, profile: 'supervisor' })).status).toBe(200);
  });

  it('survives two admins demoting each other at the same moment: one admin always remains', async () => {
    for (let round = 0; round < 3; round++) {
      const co = await createCompany(app);
      const other = await create(co, { profile: 'admin' });
      const otherToken = await loginAs(other.email);
      const [x, y] = await Promise.all([
        api(app, co.adminToken).put(`/users/${other.id}`, { name: other.name, email: other.email, profile: 'user' }),
        api(app, otherToken).put(`/users/${co.admin.id}`, { name: co.admin.name, email: co.admin.email, profile: 'user' }),
      ]);
      const admins = await app.owner`select id from users where company_id = ${co.companyId} and profile = 'admin'`;
      expect({ round, admins: admins.length }).toEqual({ round, admins: 1 });
      expect([x.status, y.status].filter((s) => s === 200)).toHaveLength(1);
      // The loser was refused as the last admin, or had already lost the profile (its token ended).
      for (const r of [x, y].filter((r) => r.status !== 200)) expect(['409 ERR_LAST_ADMIN', '401 ERR_SESSION_EXPIRED']).toContain(`${r.status} ${errorOf(r).error}`);
    }
  });

  it('survives two admins deleting each other at the same moment', async () => {
    const co = await createCompany(app);
    const other = await create(co, { profile: 'admin' });
    const otherToken = await loginAs(other.email);
    await Promise.all([api(app, co.adminToken).del(`/users/${other.id}`), api(app, otherToken).del(`/users/${co.admin.id}`)]);
    const admins = await app.owner`select id from users where company_id = ${co.companyId} and profile = 'admin'`;
    expect(admins).toHaveLength(1);
  });
});

describe('the plan limit', () => {
  it('is never exceeded by 10 creations at the same time', async () => {
    const co = await createCompany(app);
    const planId = (await app.owner`select plan_id from companies where id = ${co.companyId}`)[0]!.plan_id as number;
    // A plan of its own: the others keep theirs.
    const [plan] = await app.owner`insert into plans (name, users, connections, queues, value) select ${`Limite ${Date.now()}`}, users, connections, queues, value from plans where id = ${planId} returning id`;
    const before = (await app.owner`select count(*)::int as n from users where company_id = ${co.companyId}`)[0]!.n as number;
    await app.owner`update plans set users = ${before + 3} where id = ${plan!.id}`;
    await app.owner`update companies set plan_id = ${plan!.id} where id = ${co.companyId}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api(app, co.adminToken).post('/users', { name: `Corrida ${i}`, email: `corrida.${i}.${co.companyId}@example.com`, password: 'Secret123' })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.status !== 200).map(errorOf)).toEqual(Array(7).fill({ status: 403, error: 'ERR_PLAN_LIMIT_USERS' }));
    expect((await app.owner`select count(*)::int as n from users where company_id = ${co.companyId}`)[0]!.n).toBe(before + 3);
  });
});

describe('the audit trail of a change', () => {
  it('keeps what changed, and only that a password changed', async () => {
    const u = await create(c);
    await admin().put(`/users/${u.id}`, { name: 'Nome Novo', email: u.email, password: 'OutraSenha9', profile: 'supervisor' });
    const [row] = await app.owner`select before, after from audit_logs where entity = 'user' and entity_id = ${String(u.id)} and action = 'update'`;
    expect(row).toEqual({ before: { name: u.name, profile: 'user' }, after: { name: 'Nome Novo', profile: 'supervisor', password: '•••' } });
  });
});

describe('online status', () => {
  it('is on while any socket of the user is connected and the admins hear each change', async () => {
    const { user, token } = await c.addUser({});
    const adminSocket = await connectSocket(app, c.adminToken);
    const channel = wireEvent(c.companyId, 'user');
    const onlineIs = (v: boolean) => nextEvent<{ action: string; user?: UserDto }>(adminSocket, channel, (p) => p.action === 'update' && p.user?.id === user.id && p.user.online === v);
    try {
      const on = onlineIs(true);
      const first = await connectSocket(app, token);
      await on;
      expect((await admin().get<UserDto>(`/users/${user.id}`)).body.online).toBe(true);
      const second = await connectSocket(app, token);
      // The heartbeat is accepted (the spec's client sends it every 5 minutes).
      second.emit('userStatus');
      first.disconnect();
      // One socket left: still online. A round trip on the admin's socket orders the check after the disconnect.
      await adminSocket.emitWithAck('resync', new Date().toISOString());
      await new Promise<void>((resolve) => second.emit('resync', new Date().toISOString(), () => resolve()));
      expect((await admin().get<UserDto>(`/users/${user.id}`)).body.online).toBe(true);
      const off = onlineIs(false);
      second.disconnect();
      await off;
      expect((await admin().get<UserDto>(`/users/${user.id}`)).body.online).toBe(false);
    } finally {
      adminSocket.disconnect();
    }
  });

  it("goes off for users whose process died without saying so (the sweep's query)", async () => {
    const { user } = await c.addUser({});
    await app.owner`update users set online = true, updated_at = now() - interval '20 minutes' where id = ${user.id}`;
    const { expireOnline } = await import('./users.repository');
    const expired = await app.data.withSystem('users:presence', ({ tx }) => expireOnline(tx, 11 * 60_000));
    expect(expired).toContainEqual({ companyId: c.companyId, id: user.id });
    expect((await app.owner`select online from users where id = ${user.id}`)[0]).toEqual({ online: false });
  });
});

describe('presence (issue 30 §1; decision 0380)', () => {
  let other: { user: UserDto; token: string };
  it('is online with a socket, away by the agent’s own toggle, offline without a socket; supervisors and admins see it live, users may not', async () => {
    const { id: queueId } = await c.addQueue();
    const { user, token } = await c.addUser({ queueIds: [queueId] });
    const sup = await c.addUser({ profile: 'supervisor', queueIds: [queueId] });
    other = await c.addUser({});
    const channel = wireEvent(c.companyId, 'userPresence');
    const supSocket = await connectSocket(app, sup.token);
    const otherSocket = await connectSocket(app, other.token);
    const heard: unknown[] = [];
    otherSocket.on(channel, (p: { presence: PresenceDto }) => p.presence.id === user.id && heard.push(p));
    const statusIs = (s: string) => nextEvent<{ presence: PresenceDto }>(supSocket, channel, (p) => p.presence.id === user.id && p.presence.status === s);
    const listed = async (tk: string) => (await api(app, tk).get<PresenceDto[]>('/users/presence')).body.find((p) => p.id === user.id)?.status;
    try {
      expect(await listed(sup.token)).toBe('offline');
      const online = statusIs('online');
      const mine = await connectSocket(app, token);
      await online;
      expect(await listed(c.adminToken)).toBe('online');

      // The toggle: the supervisor and the agent's own sockets hear it.
      const away = statusIs('away');
      const ownTab = nextEvent<{ presence: PresenceDto }>(mine, channel, (p) => p.presence.status === 'away');
      const r = await api(app, token).put<PresenceDto>('/users/me/presence', { status: 'away' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ id: user.id, status: 'away', queueIds: [queueId], maxTickets: null });
      await Promise.all([away, ownTab]);
      expect((await admin().get<UserDto>(`/users/${user.id}`)).body).toMatchObject({ online: true, presence: 'away' });
      // Saying it twice changes nothing and announces nothing.
      expect((await api(app, token).put<PresenceDto>('/users/me/presence', { status: 'away' })).body.status).toBe('away');

      const back = statusIs('online');
      await api(app, token).put('/users/me/presence', { status: 'online' });
      await back;
      const gone = statusIs('offline');
      mine.disconnect();
      await gone;
      expect(await listed(sup.token)).toBe('offline');

      // A plain user neither reads the list nor hears the changes; nobody sets offline by hand.
      expect(errorOf(await api(app, other.token).get('/users/presence'))).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
      expect(errorOf(await api(app, token).put('/users/me/presence', { status: 'offline' }))).toEqual({ status: 400, error: 'ERR_VALIDATION' });
      await supSocket.emitWithAck('resync', new Date().toISOString());
      expect(heard).toEqual([]);
    } finally {
      supSocket.disconnect();
      otherSocket.disconnect();
    }
  });

  it('keeps a capacity per agent that only admins set (maxTickets; null = the queue’s)', async () => {
    expect((await create(c, { maxTickets: 3 })).maxTickets).toBe(3);
    const { user: u, token } = other;
    expect((await admin().put<UserDto>(`/users/${u.id}`, { name: u.name, email: u.email, maxTickets: 3 })).body.maxTickets).toBe(3);
    expect(errorOf(await api(app, token).put(`/users/${u.id}`, { name: u.name, email: u.email, maxTickets: 9 }))).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
    // The modal sends the field back as it is: no change, allowed.
    expect((await api(app, token).put<UserDto>(`/users/${u.id}`, { name: u.name, email: u.email, maxTickets: 3 })).status).toBe(200);
    expect((await admin().put<UserDto>(`/users/${u.id}`, { name: u.name, email: u.email, maxTickets: null })).body.maxTickets).toBeNull();
    const [row] = await app.owner`select after from audit_logs where entity = 'user' and entity_id = ${String(u.id)} and action = 'update' order by id desc limit 1`;
    expect(row!.after).toEqual({ maxTickets: null });
  });
});
