import {
  can,
  CreateContactBody,
  normalizePhone,
  type ContactDto,
  type ContactUploadResponse,
  type ListContactsQuery,
  type UpdateContactBody,
} from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import * as repo from './contacts.repository';
import { readSheet, sortSheetRows } from '../../infra/spreadsheet';

/** The spec's duplicate answer: 409 with `alreadyExists` and the contact that holds the number. */
const duplicated = async (tx: Tx, companyId: number, number: string): Promise<never> => {
  const existing = await repo.getByNumber(tx, companyId, number);
  throw new AppError('ERR_DUPLICATED_CONTACT', undefined, { alreadyExists: true, existingContact: existing ? repo.toContactDto(existing) : null });
};

/** How many rows of a sheet go in one transaction. */
const UPLOAD_BATCH = 500;

export const createContactsService = (data: DataAccess) => ({
  list: (ctx: Ctx, q: ListContactsQuery) => data.withTenant(ctx, ({ tx }) => repo.list(tx, ctx.companyId, q)),

  /** `GET /contacts/list`: every contact of the caller's company (a `companyId` sent is ignored). */
  all: (ctx: Ctx): Promise<ContactDto[]> => data.withTenant(ctx, ({ tx }) => repo.all(tx, ctx.companyId)),

  show: (ctx: Ctx, id: number): Promise<ContactDto> =>
    data.withTenant(ctx, async ({ tx }) => {
      const c = await repo.getDto(tx, ctx.companyId, id);
      if (!c) throw new AppError('ERR_NO_CONTACT_FOUND');
      return c;
    }),

  create: (ctx: Ctx, body: CreateContactBody): Promise<ContactDto> =>
    data.withTenant(ctx, async ({ tx, stage }) => {
      // The same form the channels deliver: a typed contact and the customer writing in are one row.
      const number = normalizePhone(body.number);
      const row = await repo.insert(tx, ctx.companyId, { ...body, number });
      if (!row) return duplicated(tx, ctx.companyId, number);
      const dto = (await repo.getDto(tx, ctx.companyId, row.id))!;
      stage({ type: 'contact.created', companyId: ctx.companyId, contact: dto });
      return dto;
    }),

  update: (ctx: Ctx, id: number, body: UpdateContactBody): Promise<ContactDto> =>
    data.withTenant(ctx, async ({ tx, stage }) => {
      const current = await repo.get(tx, ctx.companyId, id);
      if (!current) throw new AppError('ERR_NO_CONTACT_FOUND');
      const number = body.number === undefined ? undefined : normalizePhone(body.number);
      if (number !== undefined && number !== current.number && (await repo.getByNumber(tx, ctx.companyId, number))) await duplicated(tx, ctx.companyId, number);
      // An unchanged name is not an edit: the push name keeps following WhatsApp until a person renames.
      const name = body.name !== undefined && body.name !== current.name ? body.name : undefined;
      await repo.update(tx, ctx.companyId, id, { ...body, name, number });
      const dto = (await repo.getDto(tx, ctx.companyId, id))!;
      stage({ type: 'contact.updated', companyId: ctx.companyId, contact: dto });
      return dto;
    }),

  remove: (ctx: Ctx, id: number): Promise<void> =>
    data.withTenant(ctx, async ({ tx, stage }) => {
      if (!(await repo.get(tx, ctx.companyId, id))) throw new AppError('ERR_NO_CONTACT_FOUND');
      if (!can(ctx, 'contacts-page:deleteContact')) throw new AppError('ERR_NO_PERMISSION');
      const tickets = await repo.remove(tx, ctx.companyId, id);
      if (!tickets) throw new AppError('ERR_NO_CONTACT_FOUND');
      // Its tickets went with it: open lists and conversations drop each (decision 0153).
      for (const t of tickets) stage({ type: 'ticket.deleted', companyId: ctx.companyId, ticketId: t.id, ticketUuid: t.uuid, queueId: t.queueId, userId: t.userId });
      stage({ type: 'contact.deleted', companyId: ctx.companyId, contactId: id });
    }),

  /**
   * `POST /contacts/upload`: every valid row whose number is new becomes a contact; the others
   * are reported with why (the spec's validations, a number repeated in the file, a number
   * the company already has). Numbers are normalised like any other (decision 0076).
   */
  upload: async (ctx: Ctx, bytes: Buffer): Promise<ContactUploadResponse> => {
    const rows = await readSheet(bytes);
    const { valid, refused: invalid } = sortSheetRows(rows, CreateContactBody, normalizePhone);
    const refused: ContactUploadResponse['refused'] = invalid;
    let created = 0;
    for (let i = 0; i < valid.length; i += UPLOAD_BATCH) {
      const batch = valid.slice(i, i + UPLOAD_BATCH);
      const inserted = await data.withTenant(ctx, async ({ tx, stage }) => {
        const made = await repo.insertMany(tx, ctx.companyId, batch);
        for (const c of made) stage({ type: 'contact.created', companyId: ctx.companyId, contact: repo.toContactDto(c) });
        return new Set(made.map((c) => c.number));
      });
      created += inserted.size;
      for (const r of batch) if (!inserted.has(r.number)) refused.push({ row: r.row, name: r.name, number: r.number, reason: 'alreadyExists' });
    }
    refused.sort((a, b) => a.row - b.row);
    return { total: rows.length, created, refused };
  },
});

export type ContactsService = ReturnType<typeof createContactsService>;
