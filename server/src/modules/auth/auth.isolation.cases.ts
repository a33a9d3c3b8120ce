import { expect } from 'vitest';
import { get, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the auth module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ A, B }) => ({
  'GET /auth/me': [
    {
      name: "answers with B's own user",
      req: () => get('/auth/me'),
      expect: (r) => {
        expect({ status: r.status, id: r.body.id, companyId: r.body.companyId }).toEqual({ status: 200, id: B.c.admin.id, companyId: B.c.companyId });
        expect(r.text).not.toContain(A.marker);
      },
    },
  ],
});
