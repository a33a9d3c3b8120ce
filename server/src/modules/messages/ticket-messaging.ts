import type { Jobs } from '../../infra/jobs';
import type { TicketMessaging } from '../tickets';
import { queueOutbound } from './outbound';
import { queueReadReceipts } from './read-receipts';

/**
 * The tickets module's port to this one (app.ts hands it over; tickets cannot import messages):
 * a transition's automated text is stored and sent like any outbound message, and accepting a
 * ticket marks the customer's messages read.
 */
export const ticketMessaging = (jobs: Jobs): TicketMessaging => ({
  sendAutomated: async (unit, ticket, body) => {
    await queueOutbound(unit, jobs, ticket, body, { automated: true, ticketAnnounced: true });
  },
  markRead: (unit, ticket) => queueReadReceipts(unit, jobs, ticket),
});
