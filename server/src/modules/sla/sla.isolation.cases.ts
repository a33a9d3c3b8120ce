import { expect } from 'vitest';
import { get, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the sla module's routes with company A's ids: rows of the tenant
// isolation suite (server/test/integration/tenant-isolation.*.test.ts).

export const isolationCases: IsolationCases = ({ app, A, notFound }) => ({
  'GET /sla': [
    {
      name: "B's policy only",
      req: () => get('/sla'),
      expect: async (r) => {
        expect(r.status).toBe(200);
        expect((r.body as { queues: { queueId: number }[] }).queues.map((q) => q.queueId)).not.toContain(A.queueId);
      },
    },
  ],
  'PUT /sla': [
    {
      name: "sets B's default, never A's",
      req: () => ({ method: 'PUT', url: '/sla', body: { company: { firstResponseMinutes: 7, nextResponseMinutes: null, resolutionMinutes: null }, hours: { periods: [], holidays: ['2026-12-25'] } } }),
      expect: async (r) => {
        expect(r.status).toBe(200);
        expect(await app.owner`select id from sla_policies where company_id = ${A.c.companyId}`).toEqual([]);
        expect(await app.owner`select id from business_hours where company_id = ${A.c.companyId}`).toEqual([]);
      },
    },
  ],
  'PUT /sla/queues/:id': [
    {
      name: "A's queue",
      req: () => ({ method: 'PUT', url: `/sla/queues/${A.queueId}`, body: { firstResponseMinutes: 5, nextResponseMinutes: null, resolutionMinutes: null } }),
      expect: notFound('ERR_NO_QUEUE_FOUND', async () => {
        expect(await app.owner`select id from sla_policies where queue_id = ${A.queueId}`).toEqual([]);
      }),
    },
  ],
});
