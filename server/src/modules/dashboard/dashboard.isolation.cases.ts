import { expect } from 'vitest';
import { get, tickets, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the dashboard module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B, listed }) => ({
  'GET /dashboard': [
    { name: "B's attendants only", req: () => get('/dashboard?days=7'), expect: listed((b) => b.attendants, () => [A.user.id, A.c.admin.id], () => B.user.id) },
    {
      name: "B's counters only",
      req: () => get('/dashboard?days=7'),
      expect: async (r) => {
        const [n] = await app.owner`select count(*)::int as n from tickets where company_id = ${B.c.companyId} and status = 'pending'`;
        expect((r.body.counters as { supportPending: number }).supportPending).toBe(n!.n);
      },
    },
  ],
  'GET /dashboard/ticketsUsers': [
    {
      name: "with A's companyId: B's users only",
      req: async () => {
        await app.owner`update tickets set user_id = ${A.user.id} where id = ${A.ticket.id}`;
        return get(`/dashboard/ticketsUsers?initialDate=2000-01-01&finalDate=2000-12-31&companyId=${A.c.companyId}`);
      },
      expect: async (r) => {
        await app.owner`update tickets set user_id = null where id = ${A.ticket.id}`;
        expect(r.status).toBe(200);
        expect(r.text).not.toContain(A.marker);
        expect((r.body.data as { userId: number }[]).map((x) => x.userId).filter((id) => [A.user.id, A.c.admin.id].includes(id))).toEqual([]);
      },
    },
  ],
  'GET /dashboard/ticketsDay': [
    {
      name: "with A's companyId: B's tickets only",
      req: () => {
        const today = new Date().toISOString().slice(0, 10);
        const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
        return get(`/dashboard/ticketsDay?initialDate=${from}&finalDate=${today}&companyId=${A.c.companyId}`);
      },
      expect: async (r) => {
        expect(r.status).toBe(200);
        const [n] = await app.owner`select count(*)::int as n from tickets where company_id = ${B.c.companyId}`;
        expect(r.body.count).toBe(n!.n);
      },
    },
  ],
  'GET /dashboard/quality': [
    {
      name: "with A's queue: none of A's tickets",
      req: async () => {
        // A's ticket closed now, so a leak would count it.
        await app.owner`update tickets set status = 'closed', closed_at = now() where id = ${A.ticket.id}`;
        return get(`/dashboard/quality?queueId=${A.queueId}`);
      },
      expect: async (r) => {
        await app.owner`update tickets set status = 'pending', closed_at = null where id = ${A.ticket.id}`;
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ overall: { tickets: 0 }, byAgent: [], byQueue: [] });
      },
    },
  ],
  'GET /dashboard/onboarding': [{ name: "B's checklist", req: () => get('/dashboard/onboarding'), expect: (r) => { expect(r.status).toBe(200); expect((r.body.steps as { queues: boolean }).queues).toBe(true); } }],
  'GET /ticket/reports': [
    { name: 'lists B only', req: () => get('/ticket/reports'), expect: listed(tickets, () => [A.ticket.id], () => B.ticket.id) },
    { name: "filtered by A's contact", req: () => get(`/ticket/reports?contactId=${A.contactId}`), expect: listed(tickets, () => [A.ticket.id]) },
    { name: "filtered by A's connection", req: () => get(`/ticket/reports?whatsappId=[${A.c.whatsapp.id}]`), expect: listed(tickets, () => [A.ticket.id]) },
    { name: "searching A's contact", req: () => get(`/ticket/reports?searchParam=${A.marker}`), expect: listed(tickets, () => [A.ticket.id]) },
  ],
});
