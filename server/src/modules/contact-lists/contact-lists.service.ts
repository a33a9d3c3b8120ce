import {
  can,
  contactListItemFields,
  normalizePhone,
  type ContactListBody,
  type ContactListDto,
  type ContactListItemDto,
  type ContactListUploadResponse,
  type CreateContactListItemBody,
  type DomainEvent,
  type ListContactListItemsQuery,
  type ListContactListsQuery,
  type UpdateContactListItemBody,
} from '@balcao/shared';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import type { Ctx, DataAccess } from '../../db/tenant';
import { pgCode, UNIQUE_VIOLATION } from '../../db/errors';
import { AppError } from '../../infra/errors';
import type { Jobs } from '../../infra/jobs';
import { exampleSheet, readSheet, sortSheetRows } from '../../infra/spreadsheet';
import { isLanguage, textsOf } from '../../infra/texts';
import { auditQueries } from '../audit';
import * as repo from './contact-lists.repository';

/** How many rows of a sheet go in one transaction (and one progress event). */
export const UPLOAD_BATCH = 500;

const SheetRowSchema = z.object(contactListItemFields);
const unknownList = () => new AppError('ERR_NOT_FOUND', 'unknown contact list');
const unknownItem = () => new AppError('ERR_NOT_FOUND', 'unknown contact list item');
const numberTaken = () => new AppError('ERR_DUPLICATED_RECORD', 'the list has this number');
/** What the audit trail keeps of an item (issue 28 §5): who it is, not its WhatsApp check. */
const itemView = (i: ContactListItemDto) => ({ id: i.id, name: i.name, number: i.number, email: i.email });

/** Contact lists are campaign audiences: the company's admins manage them (decision 0220). */
const allowed = (ctx: Ctx) => {
  if (!can(ctx, 'contactLists:manage')) throw new AppError('ERR_NO_PERMISSION');
};

export const createContactListsService = (deps: { data: DataAccess; jobs: Pick<Jobs, 'enqueueOnce'> }) => {
  const { data, jobs } = deps;

  const list = async (tx: Tx, ctx: Ctx, id: number): Promise<ContactListDto> => {
    const found = await repo.get(tx, ctx.companyId, id);
    if (!found) throw unknownList();
    return found;
  };

  /** Unchecked numbers of the list get checked on WhatsApp (one unfinished job per list; decision 0223). */
  const check = (tx: Tx, companyId: number, contactListId: number) =>
    jobs.enqueueOnce(tx, 'contact-list.check', `${companyId}:${contactListId}`, { companyId, contactListId }, { retryLimit: 5, expireInSeconds: 300 });

  const saved = async (tx: Tx, ctx: Ctx, id: number, stage: (e: DomainEvent) => void, created: boolean) => {
    const dto = (await repo.get(tx, ctx.companyId, id))!;
    stage({ type: 'contactList.saved', companyId: ctx.companyId, contactList: dto, created });
    return dto;
  };

  return {
    page: (ctx: Ctx, q: ListContactListsQuery) =>
      data.withTenant(ctx, ({ tx }) => {
        allowed(ctx);
        return repo.page(tx, ctx.companyId, q);
      }),

    all: (ctx: Ctx) =>
      data.withTenant(ctx, ({ tx }) => {
        allowed(ctx);
        return repo.all(tx, ctx.companyId);
      }),

    show: (ctx: Ctx, id: number) =>
      data.withTenant(ctx, ({ tx }) => {
        allowed(ctx);
        return list(tx, ctx, id);
      }),

    create: (ctx: Ctx, body: ContactListBody) =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        allowed(ctx);
        const id = await repo.insert(tx, ctx.companyId, body.name);
        await auditQueries.record(tx, ctx, { entity: 'contact-list', entityId: id, action: 'create', after: { name: body.name } });
        return saved(tx, ctx, id, stage, true);
      }),

    update: (ctx: Ctx, id: number, body: ContactListBody) =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        allowed(ctx);
        const before = await list(tx, ctx, id);
        if (!(await repo.rename(tx, ctx.companyId, id, body.name))) throw unknownList();
        await auditQueries.record(tx, ctx, { entity: 'contact-list', entityId: id, action: 'update', before: { name: before.name }, after: { name: body.name } });
        return saved(tx, ctx, id, stage, false);
      }),

    remove: (ctx: Ctx, id: number) =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        allowed(ctx);
        const before = await list(tx, ctx, id);
        if (!(await repo.remove(tx, ctx.companyId, id))) throw unknownList();
        await auditQueries.record(tx, ctx, { entity: 'contact-list', entityId: id, action: 'delete', before: { name: before.name, contactsCount: before.contactsCount } });
        stage({ type: 'contactList.deleted', companyId: ctx.companyId, contactListId: id });
      }),

    /** The example sheet in the asker's language (the header the import recognises, two made-up rows). */
    example: (ctx: Ctx, language: string | undefined): Promise<Buffer> => {
      allowed(ctx);
      const t = textsOf(isLanguage(language) ? language : undefined).exampleSheet;
      return exampleSheet(t.header, t.rows);
    },

    /**
     * `POST /contact-lists/:id/upload`: the sheet's valid rows join the list in batches (a number
     * the list has updates its row), each batch's progress goes out on `company-<id>-contactList`,
     * the refused rows come back with why; the new numbers are then checked on WhatsApp.
     */
    upload: async (ctx: Ctx, id: number, bytes: Buffer): Promise<ContactListUploadResponse> => {
      await data.withTenant(ctx, ({ tx }) => {
        allowed(ctx);
        return list(tx, ctx, id);
      });
      const rows = await readSheet(bytes);
      const { valid, refused } = sortSheetRows(rows, SheetRowSchema, normalizePhone);
      let created = 0;
      let updated = 0;
      const progress = (done: number, state: 'running' | 'done') => ({
        type: 'contactList.importProgress' as const,
        companyId: ctx.companyId,
        progress: { contactListId: id, done, total: rows.length, state },
      });
      for (let i = 0; i < valid.length; i += UPLOAD_BATCH) {
        const batch = valid.slice(i, i + UPLOAD_BATCH);
        const done = Math.min(rows.length, refused.length + i + batch.length);
        await data.withTenant(ctx, async ({ tx, stage }) => {
          // The list may have gone meanwhile: its items' key refuses them then.
          if (!(await repo.get(tx, ctx.companyId, id))) throw unknownList();
          const saved = await repo.upsertItems(tx, ctx.companyId, id, batch);
          for (const r of saved) {
            if (r.inserted) created++;
            else updated++;
          }
          // Item by item while small; after a big batch the open page reloads when the import is done.
          if (saved.length <= 50) for (const r of saved) stage({ type: 'contactListItem.saved', companyId: ctx.companyId, item: repo.toItemDto(r), created: r.inserted });
          stage(progress(done, 'running'));
        });
      }
      await data.withTenant(ctx, async ({ tx, stage }) => {
        const dto = await repo.get(tx, ctx.companyId, id);
        if (!dto) return;
        // One row for the whole import (issue 28 §5): what it added and changed, not each number.
        await auditQueries.record(tx, ctx, { entity: 'contact-list', entityId: id, action: 'update', after: { import: { rows: rows.length, created, updated, refused: refused.length } } });
        if (created > 0) await check(tx, ctx.companyId, id);
        stage({ type: 'contactList.saved', companyId: ctx.companyId, contactList: dto, created: false });
        stage(progress(rows.length, 'done'));
      });
      refused.sort((a, b) => a.row - b.row);
      return { total: rows.length, created, updated, refused };
    },

    items: (ctx: Ctx, q: ListContactListItemsQuery) =>
      data.withTenant(ctx, async ({ tx }) => {
        allowed(ctx);
        await list(tx, ctx, q.contactListId);
        return repo.itemsPage(tx, ctx.companyId, q);
      }),

    showItem: (ctx: Ctx, id: number): Promise<ContactListItemDto> =>
      data.withTenant(ctx, async ({ tx }) => {
        allowed(ctx);
        const row = await repo.getItem(tx, ctx.companyId, id);
        if (!row) throw unknownItem();
        return repo.toItemDto(row);
      }),

    /** `POST /contact-list-items`: a number the list has is a 409 (the form edits that row instead). */
    createItem: (ctx: Ctx, body: CreateContactListItemBody): Promise<ContactListItemDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        allowed(ctx);
        const parent = await list(tx, ctx, body.contactListId);
        const row = await repo.insertItem(tx, { companyId: ctx.companyId, contactListId: parent.id, name: body.name, number: normalizePhone(body.number), email: body.email });
        if (!row) throw numberTaken();
        const item = repo.toItemDto(row);
        await auditQueries.record(tx, ctx, { entity: 'contact-list', entityId: parent.id, action: 'update', after: { itemAdded: itemView(item) } });
        stage({ type: 'contactListItem.saved', companyId: ctx.companyId, item, created: true });
        stage({ type: 'contactList.saved', companyId: ctx.companyId, contactList: (await repo.get(tx, ctx.companyId, parent.id))!, created: false });
        await check(tx, ctx.companyId, parent.id);
        return item;
      }),

    /** `PUT /contact-list-items/:id`: a changed number is unknown on WhatsApp again, and checked. */
    updateItem: (ctx: Ctx, id: number, body: UpdateContactListItemBody): Promise<ContactListItemDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        allowed(ctx);
        const current = await repo.getItem(tx, ctx.companyId, id);
        if (!current) throw unknownItem();
        const number = normalizePhone(body.number);
        const numberChanged = number !== current.number;
        const row = await repo.updateItem(tx, ctx.companyId, id, { name: body.name, number, email: body.email, numberChanged }).catch((err: unknown) => {
          if (pgCode(err) === UNIQUE_VIOLATION) throw numberTaken();
          throw err;
        });
        if (!row) throw unknownItem();
        const item = repo.toItemDto(row);
        await auditQueries.record(tx, ctx, { entity: 'contact-list', entityId: row.contactListId, action: 'update', before: { item: itemView(repo.toItemDto(current)) }, after: { item: itemView(item) } });
        stage({ type: 'contactListItem.saved', companyId: ctx.companyId, item, created: false });
        if (numberChanged) await check(tx, ctx.companyId, row.contactListId);
        return item;
      }),

    removeItem: (ctx: Ctx, id: number): Promise<void> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        allowed(ctx);
        const row = await repo.removeItem(tx, ctx.companyId, id);
        if (!row) throw unknownItem();
        await auditQueries.record(tx, ctx, { entity: 'contact-list', entityId: row.contactListId, action: 'update', before: { itemRemoved: itemView(repo.toItemDto(row)) } });
        stage({ type: 'contactListItem.deleted', companyId: ctx.companyId, contactListId: row.contactListId, itemId: id });
        const parent = await repo.get(tx, ctx.companyId, row.contactListId);
        if (parent) stage({ type: 'contactList.saved', companyId: ctx.companyId, contactList: parent, created: false });
      }),
  };
};

export type ContactListsService = ReturnType<typeof createContactListsService>;
