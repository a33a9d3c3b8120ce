import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, connectSocket, createCompany, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  b = await createCompany(app);
});
afterAll(() => app.close());

const newUser = (email: string) => ({ name: 'Agente Novo', email, password: 'Secret123' });

describe('users', () => {
  it('creates a user in the admin company with its queues', async () => {
    const q = await a.addQueue();
    const r = await api(app, a.adminToken).post<UserDto>('/users', { ...newUser('novo.agente@example.com'), queueIds: [q.id] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ companyId: a.companyId, profile: 'user', allTicket: 'disabled', queues: [{ id: q.id }] });
  });

  it("reports another company's e-mail as taken without showing its user", async () => {
    await api(app, a.adminToken).post('/users', newUser('unico@example.com'));
    const r = await api(app, b.adminToken).post('/users', newUser('UNICO@example.com'));
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ error: 'ERR_DUPLICATED_EMAIL', requestId: expect.any(String) });
  });

  it('stops at the plan limit with the spec message', async () => {
    await app.owner`update plans set users = (select count(*) from users where company_id = ${b.companyId}) where id = (select plan_id from companies where id = ${b.companyId})`;
    const r = await api(app, b.adminToken).post('/users', newUser('alem.do.limite@example.com'));
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: 'ERR_PLAN_LIMIT_USERS', message: expect.stringMatching(/^Número máximo de usuários já alcançado: \d+$/) });
  });
});

describe('PUT /users/:id (decision 0089)', () => {
  // A company of its own: the plan limit test above filled the shared plan.
  let c: TestCompany;
  beforeAll(async () => {
    await app.owner`update plans set users = 1000`;
    c = await createCompany(app);
  });

  it('lets a user change their own name, e-mail and password, with the modal sending every field as it is', async () => {
    const q = await c.addQueue();
    const { user, token } = await c.addUser({ queueIds: [q.id] });
    const r = await api(app, token).put<UserDto>(`/users/${user.id}`, {
      name: 'Agente Renomeado',
      email: `renomeado.${user.id}@example.com`,
      password: 'NovaSenha1',
      profile: 'user',
      allTicket: 'desabled',
      whatsappId: null,
      queueIds: [q.id],
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: user.id, name: 'Agente Renomeado', email: `renomeado.${user.id}@example.com`, profile: 'user', queues: [{ id: q.id }] });
    // The new password ended the access token it was changed with (issue 28 §7: the client refreshes).
    expect((await api(app, token).get('/auth/me')).status).toBe(403);
    const login = await api(app).post<{ token: string }>('/auth/login', { email: `renomeado.${user.id}@example.com`, password: 'NovaSenha1' });
    expect(login.status).toBe(200);
    // A blank password keeps the current one.
    expect((await api(app, login.body.token).put(`/users/${user.id}`, { name: 'Agente Renomeado', email: `renomeado.${user.id}@example.com`, password: '' })).status).toBe(200);
    expect((await api(app).post('/auth/login', { email: `renomeado.${user.id}@example.com`, password: 'NovaSenha1' })).status).toBe(200);
  });

  it('refuses a user raising their own profile, changing their queues or allTicket, or editing someone else', async () => {
    const q = await c.addQueue();
    const { user, token } = await c.addUser({});
    const me = { name: 'Agente', email: `agente.${user.id}@example.com` };
    for (const extra of [{ profile: 'admin' }, { queueIds: [q.id] }, { allTicket: 'enabled' }, { whatsappId: c.whatsapp.id }]) {
      const r = await api(app, token).put(`/users/${user.id}`, { ...me, ...extra });
      expect({ extra, status: r.status, error: (r.body as { error?: string }).error }).toEqual({ extra, status: 403, error: 'ERR_NO_PERMISSION' });
    }
    const other = await api(app, token).put(`/users/${c.admin.id}`, { name: 'Hacker', email: c.admin.email });
    expect(other.status).toBe(403);
    const after = await api(app, c.adminToken).get<UserDto>(`/users/${user.id}`);
    expect(after.body).toMatchObject({ profile: 'user', allTicket: 'disabled', queues: [], whatsappId: null });
  });

  it("lets an admin set another user's profile, queues, default connection and allTicket, but never their own profile", async () => {
    const q = await c.addQueue();
    const { user, token } = await c.addUser({});
    const r = await api(app, c.adminToken).put<UserDto>(`/users/${user.id}`, {
      name: 'Supervisora',
      email: `sup.${user.id}@example.com`,
      profile: 'supervisor',
      queueIds: [q.id],
      whatsappId: c.whatsapp.id,
      allTicket: 'enabled',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ profile: 'supervisor', queues: [{ id: q.id }], whatsappId: c.whatsapp.id, allTicket: 'enabled' });
    // The profile is a claim of the token: the old one is refused (403: the client refreshes and gets the new profile).
    expect((await api(app, token).get('/users/list')).status).toBe(403);
    const self = await api(app, c.adminToken).put(`/users/${c.admin.id}`, { name: c.admin.name, email: c.admin.email, profile: 'user' });
    expect(self.status).toBe(403);
    expect((await api(app, c.adminToken).get<UserDto>(`/users/${c.admin.id}`)).body.profile).toBe('admin');
  });

  it("moves the user's sockets when what they may see changes (queues), not when only their name does", async () => {
    const q = await c.addQueue();
    const { user, token } = await c.addUser({});
    const socket = await connectSocket(app, token);
    try {
      const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      await api(app, c.adminToken).put(`/users/${user.id}`, { name: 'Só o nome', email: user.email });
      // Still connected: a round trip answers after the name change was published.
      expect(await socket.emitWithAck('resync', new Date().toISOString())).toMatchObject({ tickets: [] });
      expect(socket.connected).toBe(true);
      await api(app, c.adminToken).put(`/users/${user.id}`, { name: 'Só o nome', email: user.email, queueIds: [q.id] });
      expect(await gone).toBe('io server disconnect');
    } finally {
      socket.disconnect();
    }
  });

  it("reports an e-mail already taken", async () => {
    const { user, token } = await c.addUser({});
    const r = await api(app, token).put(`/users/${user.id}`, { name: 'Agente', email: c.admin.email.toUpperCase() });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: 'ERR_DUPLICATED_EMAIL' });
  });
});
