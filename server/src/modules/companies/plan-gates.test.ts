import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planFlagForRoute, type PlanDto } from '@balcao/shared';
import { createTestApp, testConfig, type TestApp } from '../../../test/helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { allRouteKeys, send } from '../../../test/helpers/routes';
import { api, createCompany, login, type TestCompany } from '../../../test/helpers/world';
import { registerAuth, sessionVersionFrom } from '../../infra/auth';
import { registerErrorHandlers } from '../../infra/error-handler';
import { planGates, requirePlanFeature } from './plan-gates';

let app: TestApp;
let su: ReturnType<typeof api>;
let c: TestCompany;
let plan: PlanDto;
const allOff = { useCampaigns: false, useSchedules: false, useInternalChat: false, useExternalApi: false, useKanban: false, useOpenAi: false, useIntegrations: false, useCopilot: false };
const planBody = (flags: Partial<typeof allOff>) => ({ name: 'Sem recursos', users: 10, connections: 10, queues: 10, value: 0, ...allOff, ...flags });

beforeAll(async () => {
  app = await createTestApp();
  su = api(app, (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token);
  plan = (await su.post<PlanDto>('/plans', planBody({}))).body;
  c = await createCompany(app);
  await app.owner`update companies set plan_id = ${plan.id} where id = ${c.companyId}`;
});
afterAll(() => app.close());

/** A small app with the real session check and data, and two routes a feature would have. */
const miniApp = async (mount: (f: FastifyInstance) => void): Promise<FastifyInstance> => {
  const f = Fastify();
  registerErrorHandlers(f);
  await registerAuth(f, testConfig().jwtSecret, sessionVersionFrom(app.data));
  mount(f);
  await f.ready();
  return f;
};

describe('requirePlanFeature', () => {
  it('answers 403 ERR_PLAN_FEATURE_DISABLED while the plan lacks the flag, and lets the call through at once when it gets it', async () => {
    const f = await miniApp((f) => {
      f.addHook('preHandler', async (req) => {
        req.ctx = { companyId: c.companyId, userId: c.admin.id, profile: 'admin', super: false };
      });
      f.addHook('preHandler', requirePlanFeature(app.data, 'useKanban'));
      f.get('/kanban-thing', async () => ({ ok: true }));
    });
    const off = await f.inject({ method: 'GET', url: '/kanban-thing' });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    await su.put(`/plans/${plan.id}`, planBody({ useKanban: true }));
    expect((await f.inject({ method: 'GET', url: '/kanban-thing' })).statusCode).toBe(200);
    await su.put(`/plans/${plan.id}`, planBody({}));
    expect((await f.inject({ method: 'GET', url: '/kanban-thing' })).statusCode).toBe(403);
    await f.close();
  });

  it("lets campaigns through with the company's campaignsEnabled setting (administration.md §6)", async () => {
    const f = await miniApp((f) => {
      f.addHook('preHandler', async (req) => {
        req.ctx = { companyId: c.companyId, userId: c.admin.id, profile: 'admin', super: false };
      });
      f.addHook('preHandler', requirePlanFeature(app.data, 'useCampaigns'));
      f.get('/x', async () => ({ ok: true }));
    });
    expect((await f.inject({ method: 'GET', url: '/x' })).statusCode).toBe(403);
    await app.owner`insert into settings (company_id, key, value) values (${c.companyId}, 'campaignsEnabled', 'true')`;
    expect((await f.inject({ method: 'GET', url: '/x' })).statusCode).toBe(200);
    await app.owner`delete from settings where company_id = ${c.companyId} and key = 'campaignsEnabled'`;
    await f.close();
  });
});

describe('planGates (mounted for every private route)', () => {
  it('gates routes under a gated prefix before their input is validated, and nothing else', async () => {
    const f = await miniApp((f) => {
      f.addHook('preValidation', planGates(f, app.data));
      const strict = { schema: { body: { type: 'object', required: ['x'] } } };
      f.post('/schedules', strict, async () => ({ ok: true }));
      f.post('/schedules/:id/media-upload', strict, async () => ({ ok: true }));
      f.post('/schedulesX', strict, async () => ({ ok: true }));
    });
    const call = (url: string, token?: string) =>
      f.inject({ method: 'POST', url, payload: {}, headers: token ? { authorization: `Bearer ${token}` } : {} });
    for (const url of ['/schedules', '/schedules/1/media-upload']) {
      expect((await call(url, c.adminToken)).json()).toMatchObject({ error: 'ERR_PLAN_FEATURE_DISABLED' });
      // No session: the gate cannot know the company, so the session check answers.
      expect((await call(url)).statusCode).toBe(401);
    }
    expect((await call('/schedulesX', c.adminToken)).statusCode).toBe(400);
    await f.close();
  });

  it('every route of the app under a gated prefix answers 403 for a company without the feature (completeness)', async () => {
    const gated = allRouteKeys(app).filter((k) => planFlagForRoute(k.split(' ')[1]!));
    // The external API (/api/*) takes the company's connection token, not a session (issue 15 §3).
    const connectionToken = (await api(app, c.adminToken).post<{ token: string }>(`/whatsapp/${c.whatsapp.id}/token`)).body.token;
    for (const key of gated) {
      const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      const headers = url.startsWith('/api/') ? { authorization: `Bearer ${connectionToken}` } : undefined;
      const r = await send(app, c.adminToken, { method, url: url.replace(/:[a-zA-Z]+\??/g, '1'), body: method === 'GET' || method === 'DELETE' ? undefined : {}, ...(headers ? { headers } : {}) });
      expect({ key, status: r.status, error: r.body.error }).toEqual({ key, status: 403, error: 'ERR_PLAN_FEATURE_DISABLED' });
    }
  });

  it('leaves the routes of features no plan gates alone for that company', async () => {
    const a = api(app, c.adminToken);
    expect((await a.get('/tickets?status=pending')).status).toBe(200);
    expect((await a.get('/quick-messages/list')).status).toBe(200);
    expect((await a.get(`/companies/listPlan/${c.companyId}`)).status).toBe(200);
  });
});
