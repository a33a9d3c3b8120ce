import { expect } from 'vitest';
import { api } from '../../../test/helpers/world';
import { get, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the audit module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B }) => ({
  'GET /audit-logs': [
    {
      name: "B's trail only, whatever companyId it is given",
      req: async () => {
        await api(app, A.c.adminToken).put('/settings/chatBotType', { value: 'text' });
        await api(app, A.c.adminToken).put('/settings/userRating', { value: 'enabled' });
        return get(`/audit-logs?companyId=${A.c.companyId}`);
      },
      expect: async (r) => {
        expect(r.status).toBe(200);
        const logs = r.body.logs as { companyId: number }[];
        expect(logs.length).toBeGreaterThan(0);
        expect(logs.filter((l) => l.companyId !== B.c.companyId)).toEqual([]);
        await api(app, A.c.adminToken).put('/settings/userRating', { value: 'disabled' });
      },
    },
  ],
});
