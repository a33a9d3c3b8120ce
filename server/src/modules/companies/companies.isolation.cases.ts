import { expect } from 'vitest';
import { NO_DUE_DATE } from '@balcao/shared';
import { multipart } from '../../../test/helpers/form-parts';
import { get, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the companies module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B, answered, notFound }) => {
  /** A's company row as it was: a refused edit or delete leaves it so. */
  const aCompanyUnchanged = async () => {
    const [now] = await app.owner`select due_date::text as due, status from companies where id = ${A.c.companyId}`;
    expect(now).toEqual({ due: NO_DUE_DATE, status: true });
  };
  /** The plan A is on, as the database has it. */
  const aPlanId = async () => (await app.owner`select plan_id from companies where id = ${A.c.companyId}`)[0]!.plan_id as number;
  const aPlanUnchanged = async () => {
    const [p] = await app.owner`select name from plans where id = ${await aPlanId()}`;
    expect(p).toEqual({ name: 'Plano Padrão' });
  };
  return {
    'GET /settings': [
      {
        name: "B's settings only",
        req: async () => {
          await app.owner`update settings set value = ${A.marker} where company_id = ${A.c.companyId} and key = 'chatBotType'`;
          return get('/settings');
        },
        expect: (r) => {
          expect(r.status).toBe(200);
          expect(r.text).not.toContain(A.marker);
          expect(r.body).toEqual(expect.arrayContaining([{ key: 'chatBotType', value: 'text' }]));
        },
      },
    ],
    'PUT /settings/:key': [
      {
        name: "changes B's setting only",
        req: () => ({ method: 'PUT', url: '/settings/sendMsgTransfTicket', body: { value: 'enabled' } }),
        expect: async (r) => {
          expect(r.status).toBe(200);
          const rows = await app.owner`select company_id, value from settings where key = 'sendMsgTransfTicket' and company_id in (${A.c.companyId}, ${B.c.companyId}) order by company_id`;
          expect(rows.map((row) => [row.company_id, row.value])).toEqual([
            [A.c.companyId, 'disabled'],
            [B.c.companyId, 'enabled'],
          ]);
        },
      },
    ],
    'GET /companies': [{ name: 'super user only', req: () => get('/companies'), expect: answered(403, 'ERR_NO_PERMISSION') }],
    'POST /companies': [
      {
        name: 'super user only',
        req: () => ({ method: 'POST', url: '/companies', body: { name: 'Empresa Nova', admin: { name: 'Admin', email: 'nova@example.com', password: 'Secret123' } } }),
        expect: answered(403, 'ERR_NO_PERMISSION'),
      },
    ],
    'GET /companies/listPlan/:id': [{ name: "A's company", req: () => get(`/companies/listPlan/${A.c.companyId}`), expect: notFound('ERR_NO_COMPANY_FOUND') }],
    // Issue 14 §4–5: companies, helps and logos are the super user's; B's admin changes nothing of A's.
    'GET /companies/list': [{ name: 'super user only', req: () => get('/companies/list'), expect: answered(403, 'ERR_NO_PERMISSION') }],
    'PUT /companies/:id': [
      { name: "A's company", req: () => ({ method: 'PUT', url: `/companies/${A.c.companyId}`, body: { dueDate: '2099-12-31', status: false } }), expect: answered(403, 'ERR_NO_PERMISSION', aCompanyUnchanged) },
      { name: 'its own company (its due date is the platform\'s to set)', req: () => ({ method: 'PUT', url: `/companies/${B.c.companyId}`, body: { dueDate: '2099-12-31' } }), expect: answered(403, 'ERR_NO_PERMISSION') },
    ],
    'DELETE /companies/:id': [{ name: "A's company", req: () => ({ method: 'DELETE', url: `/companies/${A.c.companyId}` }), expect: answered(403, 'ERR_NO_PERMISSION', aCompanyUnchanged) }],
    'POST /settings/media-upload': [
      {
        name: "the platform's login logo",
        req: () => {
          const f = multipart([{ name: 'file', value: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'a.svg', contentType: 'image/svg+xml' }]);
          return { method: 'POST', url: '/settings/media-upload?ref=login', raw: f.payload.toString('latin1'), contentType: f.contentType };
        },
        expect: answered(403, 'ERR_NO_PERMISSION', async () => expect(await app.owner`select id from audit_logs where entity = 'logo'`).toEqual([])),
      },
    ],
    // Plans are the platform's, not a company's: anyone reads one, only the super user changes them.
    'GET /plans/all': [{ name: 'super user only', req: () => get('/plans/all'), expect: answered(403, 'ERR_NO_PERMISSION') }],
    'GET /plans/:id': [{ name: "A's plan is the catalogue's", req: async () => get(`/plans/${await aPlanId()}`), expect: async (r) => {
        expect({ status: r.status, id: r.body.id }).toEqual({ status: 200, id: await aPlanId() });
        expect(r.text).not.toContain(A.marker);
      } }],
    'POST /plans': [{ name: 'super user only', req: () => ({ method: 'POST', url: '/plans', body: { name: 'Plano de B', users: 1, connections: 1, queues: 1, value: 0 } }), expect: answered(403, 'ERR_NO_PERMISSION', async () => {
        expect(await app.owner`select id from plans where name = 'Plano de B'`).toEqual([]);
      }) }],
    'PUT /plans/:id': [{ name: "A's plan", req: async () => ({ method: 'PUT', url: `/plans/${await aPlanId()}`, body: { name: 'Grátis', users: 100000, connections: 1, queues: 1, value: 0 } }), expect: answered(403, 'ERR_NO_PERMISSION', aPlanUnchanged) }],
    'DELETE /plans/:id': [{ name: "A's plan", req: async () => ({ method: 'DELETE', url: `/plans/${await aPlanId()}` }), expect: answered(403, 'ERR_NO_PERMISSION', aPlanUnchanged) }],
    'GET /companies/:id': [{ name: "A's company", req: () => get(`/companies/${A.c.companyId}`), expect: notFound('ERR_NO_COMPANY_FOUND') }],
    'PUT /companies/:id/schedules': [
      {
        name: "A's company",
        req: () => ({ method: 'PUT', url: `/companies/${A.c.companyId}/schedules`, body: { schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '00:00', endTime: '00:01' }] } }),
        expect: notFound('ERR_NO_COMPANY_FOUND', async () => {
          const [c] = await app.owner`select schedules from companies where id = ${A.c.companyId}`;
          expect(c?.schedules).toEqual([]);
        }),
      },
    ],
  };
};
