import { normalizeChannelPhone, normalizePhone } from '@balcao/shared';
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

/** What the one-form backfill did in one company (decision 0361). */
export interface BackfillResult {
  rewritten: number;
  merged: number;
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

/**
 * The one form of a stored number (decision 0361): digits WhatsApp delivered are international
 * (`normalizeChannelPhone`: only the 9th digit may change); anything else was typed or imported
 * and reads as a person writes it (`normalizePhone`: national = Brazil). '' when it has no digits.
 */
export const oneForm = (number: string, delivered: boolean): string => (delivered ? normalizeChannelPhone(number) : normalizePhone(number));

export const createContactMerge = (data: DataAccess) => {
  const merge = (actor: MergeActor, pair: { keep: number; drop: number }): Promise<MergeResult> => data.withTenant(actor, (unit) => mergeIn(unit, actor.companyId, pair, actor));

  /**
   * Rewrites one company's numbers to the one form (decision 0361), one contact per transaction:
   * a number nobody holds in that form is rewritten; one another contact already holds is merged
   * into that contact (the one WhatsApp writes to). A second run finds nothing to do.
   */
  const backfillCompany = async (companyId: number): Promise<BackfillResult> => {
    const done: BackfillResult = { rewritten: 0, merged: 0 };
    const candidates = await data.withTenant({ companyId }, ({ tx }) => contactsWrites.phoneCandidates(tx, companyId));
    for (const c of candidates) {
      const canonical = oneForm(c.number, c.delivered);
      if (!canonical || canonical === c.number) continue;
      await data.withTenant({ companyId }, async (unit) => {
        const found = await contactsQueries.getByNumber(unit.tx, companyId, canonical);
        // Both locked in id order (as a merge locks them), then looked at again: a concurrent merge or edit wins.
        const locked = await contactsWrites.lockMany(unit.tx, companyId, found ? [c.id, found.id] : [c.id]);
        const row = locked.find((r) => r.id === c.id);
        const holder = found && locked.find((r) => r.id === found.id && r.number === canonical);
        if (!row || row.number !== c.number || (found && !holder)) return;
        if (holder) {
          await mergeIn(unit, companyId, { keep: holder.id, drop: row.id }, systemCtx(companyId));
          done.merged++;
          return;
        }
        const changed = (await contactsWrites.setNumber(unit.tx, companyId, row.id, canonical))!;
        await auditQueries.record(unit.tx, systemCtx(companyId), { entity: 'contact', entityId: row.id, action: 'update', before: { number: row.number }, after: { number: changed.number } });
        unit.stage({ type: 'contact.updated', companyId, contact: (await contactsQueries.getDto(unit.tx, companyId, row.id))! });
        done.rewritten++;
      });
    }
    return done;
  };

  /** Every company's numbers (at boot, after the migrations; decision 0361): a no-op once done. */
  const backfillPhones = async (): Promise<BackfillResult> => {
    const companies = await data.withSystem('contacts:backfill', async ({ tx }) => contactsWrites.companiesWithCandidates(tx));
    const total: BackfillResult = { rewritten: 0, merged: 0 };
    for (const companyId of companies) {
      const r = await backfillCompany(companyId);
      total.rewritten += r.rewritten;
      total.merged += r.merged;
    }
    return total;
  };

  return { merge, backfillCompany, backfillPhones };
};

export type ContactMerge = ReturnType<typeof createContactMerge>;
