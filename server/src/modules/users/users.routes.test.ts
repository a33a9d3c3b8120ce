import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';

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
