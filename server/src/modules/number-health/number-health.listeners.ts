import { optOutKeyword, type DomainEvent } from '@balcao/shared';
import type { DataAccess } from '../../db/tenant';
import * as repo from './number-health.repository';
import { ticketsQueries } from '../tickets';

type MessageCreated = Extract<DomainEvent, { type: 'message.created' }>;

/**
 * A customer's "SAIR" / "PARAR" / "STOP" / "CANCELAR" (decision 0242): the number joins the
 * opt-out ledger and the ticket's timeline says so. Runs after ingest committed the message,
 * as the bot's turn does; both writes are idempotent (the ledger's key, a new row only), so a
 * redelivered message changes nothing. Returns whether it recorded an opt-out.
 */
export const recordKeywordOptOut = async (data: DataAccess, e: MessageCreated): Promise<boolean> => {
  const m = e.message;
  if (m.fromMe || e.ticket.isGroup || !m.body) return false;
  const keyword = optOutKeyword(m.body);
  if (!keyword || !e.ticket.contact.number) return false;
  return data.withTenant({ companyId: e.companyId }, async ({ tx }) => {
    const added = await repo.addOptOut(tx, { companyId: e.companyId, number: e.ticket.contact.number, source: 'keyword', keyword });
    if (!added) return false;
    await ticketsQueries.recordEvents(tx, e.companyId, e.ticket.id, [{ kind: 'opt-out', detail: { keyword, messageId: m.id, number: added.number } }]);
    return true;
  });
};
