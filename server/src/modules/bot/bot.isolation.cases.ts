import { get, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the bot module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ A, B, notFound, aTicketUnchanged, aQueueWithOption, aQueueUnchanged, aIntegration, aIntegrationUnchanged, prompts, aPromptUnchanged }) => ({
  'GET /tickets/:id/events': [{ name: "A's ticket's timeline", req: () => get(`/tickets/${A.ticket.id}/events`), expect: notFound('ERR_NO_TICKET_FOUND') }],
  'POST /bot/replay': [
    { name: "A's ticket with B's queue", req: () => ({ method: 'POST', url: '/bot/replay', body: { ticketId: A.ticket.id, queueId: B.queueId } }), expect: notFound('ERR_NO_TICKET_FOUND', aTicketUnchanged) },
    { name: "B's ticket with A's queue", req: async () => (await aQueueWithOption(), { method: 'POST', url: '/bot/replay', body: { ticketId: B.ticket.id, queueId: A.queueId } }), expect: notFound('ERR_NO_QUEUE_FOUND', aQueueUnchanged) },
    {
      name: "B's ticket with A's integration",
      req: async () => ({ method: 'POST', url: '/bot/replay', body: { ticketId: B.ticket.id, integrationId: await aIntegration() } }),
      expect: notFound('ERR_NO_INTEGRATION_FOUND', aIntegrationUnchanged),
    },
    { name: "B's ticket with A's prompt", req: async () => ({ method: 'POST', url: '/bot/replay', body: { ticketId: B.ticket.id, promptId: (await prompts()).a } }), expect: notFound('ERR_NOT_FOUND', aPromptUnchanged) },
  ],
});
