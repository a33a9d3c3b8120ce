import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoginResponse, PlanDto, SignupResponse } from '@balcao/shared';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/constants';
import { api, login } from '../helpers/world';

// Signup (issue 14 §2): public, only while registration is open, on a plan offered for signup;
// the server — never the client — decides due date, recurrence, status and price.

let app: TestApp;
let superToken: string;
/** Fixed at 2026-03-10 02:30 UTC: still 2026-03-09 in São Paulo (UTC-3), the company's zone. */
const NOW = new Date('2026-03-10T02:30:00Z');
let plan: PlanDto;
let hidden: PlanDto;
let seq = 0;

beforeAll(async () => {
  app = await createTestApp({ clock: { now: () => NOW } });
  superToken = (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token;
  plan = (await api(app, superToken).post<PlanDto>('/plans', { name: 'Plano Aberto', users: 3, connections: 1, queues: 3, value: 99.9 })).body;
  hidden = (await api(app, superToken).post<PlanDto>('/plans', { name: 'Plano Fechado', users: 50, connections: 10, queues: 50, value: 999, signup: false })).body;
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.owner`delete from rate_limits`;
  await setPlatform('allowregister', 'enabled');
});

const setPlatform = async (key: string, value: string) => {
  const r = await api(app, superToken).put(`/settings/${key}`, { value });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
};
const person = () => {
  const n = `${process.pid}x${++seq}`;
  return { name: `Loja ${n}`, email: `loja${n}@example.com`, phone: '(11) 98765-4321', password: 'segredo1', planId: plan.id };
};
const signup = (body: unknown) => api(app).post<SignupResponse & { error?: string; issues?: { path: string; message: string }[] }>('/companies/cadastro', body);

describe('public platform settings', () => {
  it('answers allowregister, viewregister and trial without login, as the super user set them', async () => {
    await setPlatform('trial', '5');
    await setPlatform('viewregister', 'enabled');
    for (const [key, value] of [['allowregister', 'enabled'], ['viewregister', 'enabled'], ['trial', '5']]) {
      const r = await api(app).get<{ value: string }>(`/settings/${key}`);
      expect({ key, status: r.status, body: r.body }).toEqual({ key, status: 200, body: { value } });
    }
    await setPlatform('trial', '3');
    await setPlatform('viewregister', 'disabled');
  });

  it('answers no other setting without login', async () => {
    for (const key of ['userRating', 'asaas', 'timezone', 'language']) {
      const r = await api(app).get<{ value?: string }>(`/settings/${key}`);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.body?.value).toBeUndefined();
    }
    expect((await api(app).get('/settings')).status).toBe(401);
  });

  it("lets the super user choose which plans signup offers; an edit that leaves the flag out keeps it", async () => {
    expect(plan.signup).toBe(true);
    expect(hidden.signup).toBe(false);
    const body = { name: 'Plano Fechado', users: 50, connections: 10, queues: 50, value: 999 };
    const edited = await api(app, superToken).put<PlanDto>(`/plans/${hidden.id}`, { ...body, users: 60 });
    expect(edited.body).toMatchObject({ users: 60, signup: false });
    expect((await api(app, superToken).put<PlanDto>(`/plans/${hidden.id}`, { ...body, signup: true })).body.signup).toBe(true);
    expect((await api(app, superToken).put<PlanDto>(`/plans/${hidden.id}`, { ...body, signup: false })).body.signup).toBe(false);
  });

  it('lists only the plans offered for signup', async () => {
    const r = await api(app).get<PlanDto[]>('/plans/signup');
    expect(r.status).toBe(200);
    expect(r.body.map((p) => p.id)).toContain(plan.id);
    expect(r.body.map((p) => p.id)).not.toContain(hidden.id);
  });
});

describe('signup', () => {
  it("creates the company on the platform's trial: due today + trial days in its zone, MENSAL, active, campaigns on", async () => {
    await setPlatform('trial', '4');
    const body = person();
    const r = await signup(body);
    expect(r.status).toBe(200);
    // 2026-03-09 in São Paulo + 4 days.
    expect(r.body).toMatchObject({ name: body.name, planId: plan.id, dueDate: '2026-03-13', trialExpiration: '2026-03-13', recurrence: 'MENSAL' });
    const [company] = await app.owner`select status, due_date::text, trial_expiration::text, recurrence, phone, email, timezone from companies where id = ${r.body.id}`;
    expect(company).toEqual({ status: true, due_date: '2026-03-13', trial_expiration: '2026-03-13', recurrence: 'MENSAL', phone: '11987654321', email: body.email, timezone: 'America/Sao_Paulo' });
    const settings = await app.owner`select key, value from settings where company_id = ${r.body.id}`;
    expect(settings).toEqual(expect.arrayContaining([{ key: 'campaignsEnabled', value: 'true' }, { key: 'userRating', value: 'disabled' }, { key: 'CheckMsgIsGroup', value: 'enabled' }]));
    const users = await app.owner`select name, email, profile, super from users where company_id = ${r.body.id}`;
    expect(users).toEqual([{ name: body.name, email: body.email, profile: 'admin', super: false }]);
    // The trial's invoice exists from the start, payable the day the trial ends (issue 28 §1).
    expect(await app.owner`select value::text, due_date::text as due, status from invoices where company_id = ${r.body.id}`).toEqual([{ value: '99.90', due: '2026-03-13', status: 'open' }]);
    // The new admin logs in (the trial is not over) and is an admin of that company only.
    const session = (await api(app).post<LoginResponse>('/auth/login', { email: body.email, password: body.password })).body;
    expect(session.user.company.id).toBe(r.body.id);
    expect(session.user.profile).toBe('admin');
    await setPlatform('trial', '3');
  });

  it('ignores a due date, recurrence, status, price or company the client sends', async () => {
    const body = { ...person(), dueDate: '2099-12-31', recurrence: 'ANUAL', status: false, campaignsEnabled: false, value: 0, price: 0, companyId: 1, trialExpiration: '2099-12-31', super: true, profile: 'admin' };
    const r = await signup(body);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ dueDate: '2026-03-12', trialExpiration: '2026-03-12', recurrence: 'MENSAL', planId: plan.id });
    const [company] = await app.owner`select status, due_date::text, recurrence from companies where id = ${r.body.id}`;
    expect(company).toEqual({ status: true, due_date: '2026-03-12', recurrence: 'MENSAL' });
    expect(r.body.id).not.toBe(1);
    const [user] = await app.owner`select super, company_id from users where email = ${body.email}`;
    expect(user).toEqual({ super: false, company_id: r.body.id });
    expect((await app.owner`select value from settings where company_id = ${r.body.id} and key = 'campaignsEnabled'`)[0]!.value).toBe('true');
    // The price is the plan's, which signup cannot change.
    expect(Number((await app.owner`select value from plans where id = ${plan.id}`)[0]!.value)).toBe(99.9);
  });

  it('is refused, and creates nothing, while registration is off', async () => {
    await setPlatform('allowregister', 'disabled');
    const body = person();
    const r = await signup(body);
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 403, error: 'ERR_SIGNUP_DISABLED' });
    expect(await app.owner`select id from companies where name = ${body.name}`).toEqual([]);
    expect(await app.owner`select id from users where email = ${body.email}`).toEqual([]);
  });

  it('refuses a plan not offered for signup, or one that does not exist', async () => {
    for (const planId of [hidden.id, 999_999]) {
      const body = { ...person(), planId };
      const r = await signup(body);
      expect({ status: r.status, error: r.body.error }).toEqual({ status: 400, error: 'ERR_PLAN_NOT_OFFERED' });
      expect(await app.owner`select id from companies where name = ${body.name}`).toEqual([]);
    }
  });

  it('refuses an e-mail already in use (any company), and a company name taken, changing nothing', async () => {
    const first = person();
    expect((await signup(first)).status).toBe(200);
    const again = { ...person(), email: first.email.toUpperCase() };
    const r = await signup(again);
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 409, error: 'ERR_DUPLICATED_EMAIL' });
    expect(await app.owner`select id from companies where name = ${again.name}`).toEqual([]);
    const owner = await signup({ ...person(), email: SUPER_EMAIL });
    expect(owner.body.error).toBe('ERR_DUPLICATED_EMAIL');
    const sameName = await signup({ ...person(), name: first.name });
    expect({ status: sameName.status, error: sameName.body.error }).toEqual({ status: 409, error: 'ERR_DUPLICATED_COMPANY' });
  });

  it("validates with the spec's texts (name 2–50, password 5–50, valid e-mail, phone at most 11 digits, plan required)", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'A' }, 'name', 'Too Short!'],
      [{ name: 'x'.repeat(51) }, 'name', 'Too Long!'],
      [{ name: '' }, 'name', 'Required'],
      [{ email: 'nao-e-email' }, 'email', 'Invalid email'],
      [{ password: '1234' }, 'password', 'Too Short!'],
      [{ password: 'x'.repeat(51) }, 'password', 'Too Long!'],
      [{ phone: '(11) 98765-43210' }, 'phone', 'Too Long!'],
      [{ planId: undefined }, 'planId', 'Required'],
    ];
    for (const [over, path, message] of cases) {
      const r = await signup({ ...person(), ...over });
      expect({ over, status: r.status, error: r.body.error, issue: r.body.issues?.find((i) => i.path === path)?.message }).toEqual({ over, status: 400, error: 'ERR_VALIDATION', issue: message });
    }
  });

  it('limits signups per address (20 an hour)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await signup({ name: 'x' })).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses[20]).toBe(429);
  });
});
