import { systemCtx, type Ctx, type DataAccess, type Unit } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import { auditQueries } from '../audit';
import { campaignsWrites } from '../campaigns';
import { contactsQueries, contactsWrites } from '../contacts';
import { messagesWrites } from '../messages';
import { schedulesWrites } from '../schedules';
import { tagsWrites } from '../tags';
import { ticketNotesWrites } from '../ticket-notes';
import { ticketsQueries } from '../tickets';

/** What a merge did: the contact kept, the tickets that changed contact and those it closed (a second live one on a connection). */
export interface MergeResult {
  keep: number;
  drop: number;
  tickets: number[];
  closedTickets: number[];
  messages: number;
}

/** Who a merge is audited as: a person (their ctx) or the system (the backfill: `userId` 0, the trail says "system"). */
export type MergeActor = Pick<Ctx, 'companyId' | 'userId'> & Partial<Ctx>;

/**
 * The merge in the caller's unit of work (decision 0360): both contacts locked in id order, then
 * each owner moves its own rows from `drop` to `keep` — tickets (a second live ticket on one
 * connection closed as history), messages, notes, schedules, tags, campaign sends — and the
 * contacts module folds `drop` into `keep` and deletes it; `number` (the backfill) is then the
 * kept contact's number. One audit row names both; open screens hear `ticket.updated` for every
 * moved ticket, `contact.deleted` and `contact.updated`. Either contact missing (another
 * company's, or already merged by a concurrent call): ERR_NO_CONTACT_FOUND, nothing written.
 */
export const mergeIn = async ({ tx, stage }: Unit, companyId: number, pair: { keep: number; drop: number }, actor: MergeActor, number?: string): Promise<MergeResult> => {
  if (pair.keep === pair.drop) throw new AppError('ERR_VALIDATION', 'a contact is not merged with itself');
  const rows = await contactsWrites.lockMany(tx, companyId, [pair.keep, pair.drop]);
  const keep = rows.find((r) => r.id === pair.keep);
  const drop = rows.find((r) => r.id === pair.drop);
  if (!keep || !drop) throw new AppError('ERR_NO_CONTACT_FOUND');
  const t = await ticketsQueries.moveContact(tx, companyId, drop.id, keep.id, new Date());
  const messages = await messagesWrites.moveContact(tx, companyId, drop.id, keep.id);
  await ticketNotesWrites.moveContact(tx, companyId, drop.id, keep.id);
  await schedulesWrites.moveContact(tx, companyId, drop.id, keep.id);
  await tagsWrites.moveContact(tx, companyId, drop.id, keep.id);
  await campaignsWrites.moveContact(tx, companyId, drop.id, keep.id);
  const kept = await contactsWrites.absorb(tx, companyId, keep, drop, number);
  const closedTickets = t.closed.map((c) => c.id);
  await auditQueries.record(tx, { ...systemCtx(companyId), ...actor }, {
    entity: 'contact',
    entityId: keep.id,
    action: 'update',
    before: { name: keep.name, number: keep.number, merged: { id: drop.id, name: drop.name, number: drop.number } },
    after: { name: kept.name, number: kept.number, merged: { id: drop.id, tickets: t.moved.length, closedTickets, messages } },
  });
  const previous = new Map(t.closed.map((c) => [c.id, c.previous]));
  for (const ticket of await ticketsQueries.loadDtos(tx, companyId, [...new Set([...t.moved, ...closedTickets])])) {
    stage({ type: 'ticket.updated', companyId, ticket, ...(previous.has(ticket.id) ? { previous: previous.get(ticket.id) } : {}) });
  }
  stage({ type: 'contact.deleted', companyId, contactId: drop.id });
  stage({ type: 'contact.updated', companyId, contact: (await contactsQueries.getDto(tx, companyId, keep.id))! });
  return { keep: keep.id, drop: drop.id, tickets: t.moved, closedTickets, messages };
};

export const createContactMerge = (data: DataAccess) => {
  const merge = (actor: MergeActor, pair: { keep: number; drop: number }): Promise<MergeResult> => data.withTenant(actor, (unit) => mergeIn(unit, actor.companyId, pair, actor));
  return { merge };
};

export type ContactMerge = ReturnType<typeof createContactMerge>;
