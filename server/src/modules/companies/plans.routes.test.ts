import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanDto, PlanWithUsageDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { api, createCompany, login, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let superToken: string;
let c: TestCompany;

beforeAll(async () => {
  app = await createTestApp();
  superToken = (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token;
  c = await createCompany(app);
});
afterAll(() => app.close());

const body = (name: string, over: Partial<Omit<PlanDto, 'id'>> = {}) => ({
  name,
  users: 3,
  connections: 2,
  queues: 4,
  value: 149.9,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: false,
  useExternalApi: true,
  useKanban: false,
  useOpenAi: true,
  useIntegrations: true,
  useInternal: true,
  ...over,
});
const auditOf = (planId: number) => app.owner`select action, before, after from audit_logs where entity = 'plan' and entity_id = ${String(planId)} order by id`;

describe('plans (super user)', () => {
  it('creates, lists with usage, updates and deletes a plan, each change in the audit trail', async () => {
    const su = api(app, superToken);
    const created = await su.post<PlanDto>('/plans', body('Bronze'));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Bronze', users: 3, connections: 2, queues: 4, value: 149.9, useKanban: false, useInternalChat: false, useInternal: true });
    const id = created.body.id;

    const all = await su.get<PlanWithUsageDto[]>('/plans/all');
    expect(all.status).toBe(200);
    expect(all.body.find((p) => p.id === id)).toMatchObject({ name: 'Bronze', companies: 0 });
    // The default plan carries every company made so far.
    expect(all.body.find((p) => p.name === 'Plano Padrão')!.companies).toBeGreaterThanOrEqual(2);

    const updated = await su.put<PlanDto>(`/plans/${id}`, body('Bronze Plus', { users: 5, useKanban: true }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, name: 'Bronze Plus', users: 5, useKanban: true });
    expect((await su.get<PlanDto>(`/plans/${id}`)).body.name).toBe('Bronze Plus');

    expect(await su.del(`/plans/${id}`)).toMatchObject({ status: 200 });
    expect((await su.get(`/plans/${id}`)).status).toBe(404);

    const trail = await auditOf(id);
    expect(trail.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(trail[0]!.after).toMatchObject({ name: 'Bronze', users: 3 });
    // An update row is a diff: only what changed.
    expect(trail[1]!.before).toEqual({ name: 'Bronze', users: 3, useKanban: false });
    expect(trail[1]!.after).toEqual({ name: 'Bronze Plus', users: 5, useKanban: true });
    expect(trail[2]!.before).toMatchObject({ name: 'Bronze Plus' });
  });

  it("keeps the monthly template cap (issue 29 §7): none for a new plan, set, kept when left out, cleared by null", async () => {
    const su = api(app, superToken);
    const created = await su.post<PlanDto>('/plans', body('Cota de modelos'));
    expect(created.body.templateSendsPerMonth).toBeNull();
    const id = created.body.id;
    expect((await su.put<PlanDto>(`/plans/${id}`, body('Cota de modelos', { templateSendsPerMonth: 500 }))).body.templateSendsPerMonth).toBe(500);
    expect((await su.put<PlanDto>(`/plans/${id}`, body('Cota de modelos', { users: 4 }))).body).toMatchObject({ users: 4, templateSendsPerMonth: 500 });
    expect((await su.put<PlanDto>(`/plans/${id}`, body('Cota de modelos', { templateSendsPerMonth: null }))).body.templateSendsPerMonth).toBeNull();
    const withCap = await su.post<PlanDto>('/plans', body('Cota zero', { templateSendsPerMonth: 0 }));
    expect([withCap.status, withCap.body.templateSendsPerMonth]).toEqual([200, 0]);
  });

  it('keeps a plan a company is on (409 ERR_PLAN_IN_USE) and deletes it once nobody is', async () => {
    const su = api(app, superToken);
    const plan = (await su.post<PlanDto>('/plans', body('Ocupado'))).body;
    await app.owner`update companies set plan_id = ${plan.id} where id = ${c.companyId}`;
    const refused = await su.del(`/plans/${plan.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'ERR_PLAN_IN_USE', details: { companies: 1 } });
    expect(await app.owner`select id from plans where id = ${plan.id}`).toHaveLength(1);
    expect((await auditOf(plan.id)).map((r) => r.action)).toEqual(['create']);
    const [def] = await app.owner`select id from plans where name = 'Plano Padrão'`;
    await app.owner`update companies set plan_id = ${def!.id} where id = ${c.companyId}`;
    expect((await su.del(`/plans/${plan.id}`)).status).toBe(200);
  });

  it("refuses a second plan with a taken name and ids that aren't there", async () => {
    const su = api(app, superToken);
    expect((await su.post('/plans', body('Único'))).status).toBe(200);
    expect((await su.post('/plans', body('Único'))).body).toMatchObject({ error: 'ERR_DUPLICATED_RECORD' });
    expect((await su.put('/plans/999999', body('Nenhum'))).body).toMatchObject({ error: 'ERR_NO_PLAN_FOUND' });
    expect((await su.del('/plans/999999')).body).toMatchObject({ error: 'ERR_NO_PLAN_FOUND' });
  });

  it('applies a plan change at once: lower limits refuse the next creation', async () => {
    const su = api(app, superToken);
    const plan = (await su.post<PlanDto>('/plans', body('Pequeno', { queues: 1 }))).body;
    const own = await createCompany(app);
    await app.owner`update companies set plan_id = ${plan.id} where id = ${own.companyId}`;
    expect((await api(app, own.adminToken).post('/queue', { name: 'Primeira', color: '#112233' })).status).toBe(200);
    const over = await api(app, own.adminToken).post('/queue', { name: 'Segunda', color: '#332211' });
    expect(over.body).toMatchObject({ error: 'ERR_PLAN_LIMIT_QUEUES', message: 'Número máximo de filas já alcançado: 1' });
    await su.put(`/plans/${plan.id}`, body('Pequeno', { queues: 2 }));
    expect((await api(app, own.adminToken).post('/queue', { name: 'Segunda', color: '#332211' })).status).toBe(200);
  });
});

describe('plans (everyone else)', () => {
  it('lists the catalogue without a login, cheapest first (the signup page)', async () => {
    await api(app, superToken).post('/plans', body('Caro', { value: 999 }));
    await api(app, superToken).post('/plans', body('Barato', { value: 10 }));
    const r = await api(app).get<PlanDto[]>('/plans/list');
    expect(r.status).toBe(200);
    const values = r.body.map((p) => p.value);
    expect(values).toEqual([...values].sort((x, y) => x - y));
    expect(r.body.map((p) => p.name)).toEqual(expect.arrayContaining(['Caro', 'Barato', 'Plano Padrão']));
  });

  it("lets an admin read a plan but not change it, nor read every plan's usage", async () => {
    const admin = api(app, c.adminToken);
    const [def] = await app.owner`select id from plans where name = 'Plano Padrão'`;
    expect((await admin.get<PlanDto>(`/plans/${def!.id}`)).body.name).toBe('Plano Padrão');
    for (const r of [await admin.get('/plans/all'), await admin.post('/plans', body('Meu')), await admin.put(`/plans/${def!.id}`, body('Meu')), await admin.del(`/plans/${def!.id}`)]) {
      expect(r).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    expect((await app.owner`select name, users from plans where id = ${def!.id}`)[0]).toMatchObject({ name: 'Plano Padrão' });
  });

  it('keeps listPlan as it was: the company with its plan nested, now with useInternal', async () => {
    const r = await api(app, c.adminToken).get<{ plan: PlanDto }>(`/companies/listPlan/${c.companyId}`);
    expect(r.status).toBe(200);
    expect(r.body.plan).toMatchObject({ name: 'Plano Padrão', useKanban: true, useInternal: true });
  });
});
