import type { DataAccess, Unit } from '../../db/tenant';
import type { JobPayloads, Jobs } from '../../infra/jobs';
import { ChannelError, type JobRouting, type SessionManager } from '../whatsapp';
import { contactsQueries } from '../contacts';
import { ticketsQueries } from '../tickets';
import * as repo from './messages.repository';

type ReadJob = JobPayloads['message.read'];

/** WhatsApp's read receipts go in batches; a long unread history takes a few jobs' worth. */
const BATCH = 200;

/**
 * Blue ticks only when an agent opens the conversation (server-behaviour §7): queued in the
 * transaction that clears the unread badge, sent by the process holding the socket.
 */
export const queueReadReceipts = (unit: Unit, jobs: Pick<Jobs, 'enqueue'>, ticket: { companyId: number; id: number }): Promise<void> =>
  jobs.enqueue(unit.tx, 'message.read', { companyId: ticket.companyId, ticketId: ticket.id });

const createReadWorker = (deps: { data: DataAccess; sessions: Pick<SessionManager, 'sender'>; forwardToOwner?: (job: ReadJob, whatsappId: number) => Promise<boolean> }) => async (job: ReadJob) => {
  const found = await deps.data.withTenant({ companyId: job.companyId }, async ({ tx }) => {
    const ticket = await ticketsQueries.get(tx, job.companyId, job.ticketId);
    const contact = ticket ? await contactsQueries.get(tx, job.companyId, ticket.contactId) : undefined;
    const unread = ticket && contact && !ticket.isGroup ? await repo.unreadInbound(tx, job.companyId, ticket.id, BATCH) : [];
    return ticket && contact && unread.length ? { whatsappId: ticket.whatsappId, number: contact.number, unread } : undefined;
  });
  if (!found) return;
  const channel = deps.sessions.sender(found.whatsappId);
  if (!channel && deps.forwardToOwner && (await deps.forwardToOwner(job, found.whatsappId))) return;
  if (!channel) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', true);
  await channel.markRead(found.number, found.unread.map((m) => m.waMessageId));
  await deps.data.withTenant({ companyId: job.companyId }, ({ tx }) =>
    repo.setReadOnNetwork(
      tx,
      job.companyId,
      found.unread.map((m) => m.id),
    ),
  );
};

/** The shared queue hands jobs to the socket's process; the connection queue sends them. */
export const registerReadReceiptJobs = async (deps: { data: DataAccess; jobs: Jobs; sessions: Pick<SessionManager, 'sender'>; routing: JobRouting }) => {
  await deps.jobs.work('message.read', createReadWorker({ ...deps, forwardToOwner: (job, id) => deps.routing.forwardToOwner('message.read', job, id) }));
  deps.routing.setWorker('message.read', createReadWorker(deps));
};
