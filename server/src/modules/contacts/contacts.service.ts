import { normalizePhone, type CreateContactBody, type ContactDto } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import * as repo from './contacts.repository';

export const createContactsService = (data: DataAccess) => ({
  list: (ctx: Ctx, q: { searchParam?: string; pageNumber: number }) => data.withTenant(ctx, ({ tx }) => repo.list(tx, ctx.companyId, q)),

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
      if (!row) {
        const existing = await repo.getByNumber(tx, ctx.companyId, number);
        throw new AppError('ERR_DUPLICATED_CONTACT', undefined, { existingContact: existing ? repo.toContactDto(existing) : null });
      }
      const dto = (await repo.getDto(tx, ctx.companyId, row.id))!;
      stage({ type: 'contact.created', companyId: ctx.companyId, contact: dto });
      return dto;
    }),
});

export type ContactsService = ReturnType<typeof createContactsService>;
