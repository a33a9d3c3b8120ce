import { expect } from 'vitest';
import { get, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin reads the csat module's route naming company A's agent and queue: rows of the
// tenant isolation suite (server/test/integration/tenant-isolation.*.test.ts).

export const isolationCases: IsolationCases = ({ app, A }) => ({
  'GET /csat/ratings': [
    {
      name: "A's rating, by A's agent in A's queue, is not B's",
      req: async () => {
        // A's ticket carries a rating (written as the owner), so an answer that leaked would count it.
        await app.owner`insert into csat_ratings (company_id, ticket_id, contact_id, whatsapp_id, user_id, queue_id, asked_at, score, rated_at)
          select company_id, id, contact_id, whatsapp_id, ${A.user.id}, ${A.queueId}, now(), 5, now() from tickets where id = ${A.ticket.id}
          on conflict do nothing`;
        return get(`/csat/ratings?userId=${A.user.id}&queueId=${A.queueId}`);
      },
      expect: async (r) => {
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ count: 0, byAgent: [], byQueue: [], comments: [] });
      },
    },
  ],
});
