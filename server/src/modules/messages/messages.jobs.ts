import { ACK } from '@balcao/shared';
import type { DataAccess } from '../../db/tenant';
import type { Jobs } from '../../infra/jobs';
import type { SessionManager } from '../whatsapp/session-manager';
import * as contactsRepo from '../contacts/contacts.repository';
import * as ticketsRepo from '../tickets/tickets.repository';
import * as repo from './messages.repository';

/**
 * The send worker: delivers a stored outgoing message through its connection's channel.
 * Idempotent: a message already past ack 0 is not sent again, and the channel receives our own
 * id, so a retry after a crash between send and ack cannot show twice on the customer's phone.
 */
export const registerMessageJobs = async (deps: { data: DataAccess; jobs: Jobs; sessions: SessionManager }) => {
  const record = (companyId: number, whatsappId: number, waMessageId: string, ack: number, errorCode?: string) =>
    deps.data.withTenant({ companyId }, async ({ tx, stage }) => {
      const row = await repo.applyAck(tx, whatsappId, waMessageId, ack, errorCode);
      if (!row) return;
      const ticket = await ticketsRepo.loadDto(tx, companyId, row.ticketId);
      if (ticket) stage({ type: 'message.updated', companyId, message: repo.toMessageDto(row), ticket });
    });

  await deps.jobs.work('message.send', async ({ companyId, messageId }, meta) => {
    const job = await deps.data.withTenant({ companyId }, async ({ tx }) => {
      const m = await repo.get(tx, companyId, messageId);
      if (!m || !m.fromMe || m.ack > ACK.PENDING) return null;
      const contact = m.contactId ? await contactsRepo.get(tx, companyId, m.contactId) : undefined;
      const quoted = m.quotedMsgId ? await repo.get(tx, companyId, m.quotedMsgId) : undefined;
      return { m, to: contact?.number ?? '', quotedId: quoted?.waMessageId };
    });
    if (!job) return;
    try {
      // A real connection's socket lives in one process; a job picked up elsewhere is retried.
      const channel = deps.sessions.sender(job.m.whatsappId);
      if (!channel) throw new Error('ERR_WAPP_NOT_INITIALIZED');
      await channel.send(job.to, { kind: 'text', text: job.m.body }, { id: job.m.waMessageId });
      await record(companyId, job.m.whatsappId, job.m.waMessageId, ACK.SERVER);
    } catch (err) {
      if (meta.retryCount >= meta.retryLimit) {
        await record(companyId, job.m.whatsappId, job.m.waMessageId, ACK.FAILED, 'ERR_SENDING_WAPP_MSG');
        return;
      }
      throw err;
    }
  });
};
