import { can, gateReasons, type ContactOptOutDto, type WhatsappHealthDto } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import type { Tx } from '../../db/client';
import type { Clock } from '../../infra/clock';
import { AppError, found } from '../../infra/errors';
import { auditQueries } from '../audit';
import { contactsQueries } from '../contacts';
import { warmupCap, warmupDayOf } from './number-health.gate';
import * as repo from './number-health.repository';

const toDto = (contactId: number, number: string, row: repo.OptOutRow | undefined): ContactOptOutDto => ({
  contactId,
  number,
  optedOut: !!row,
  source: row?.source ?? null,
  keyword: row ? row.keyword || null : null,
  userId: row?.userId ?? null,
  createdAt: row?.createdAt.toISOString() ?? null,
});

const contactOf = async (tx: Tx, ctx: Ctx, contactId: number) => {
  const contact = found(await contactsQueries.get(tx, ctx.companyId, contactId), 'ERR_NO_CONTACT_FOUND');
  return contact;
};

/** What the audit trail keeps of an opt-out. */
const audited = (row: repo.OptOutRow) => ({ number: row.number, source: row.source, keyword: row.keyword });

/** The routes' side of number health: the opt-out ledger per contact, a connection's day. */
export const createNumberHealthService = (deps: { data: DataAccess; clock: Clock }) => ({
  /** `GET /contacts/:id/opt-out`: any agent (the drawer's badge). */
  optOutOf: (ctx: Ctx, contactId: number): Promise<ContactOptOutDto> =>
    deps.data.withTenant(ctx, async ({ tx }) => {
      const c = await contactOf(tx, ctx, contactId);
      return toDto(c.id, c.number, await repo.getOptOut(tx, ctx.companyId, c.number));
    }),

  /** `PUT /contacts/:id/opt-out`: any agent honours a customer who asked them (decision 0243); idempotent. */
  optOut: (ctx: Ctx, contactId: number): Promise<ContactOptOutDto> =>
    deps.data.withTenant(ctx, async ({ tx }) => {
      const c = await contactOf(tx, ctx, contactId);
      const added = await repo.addOptOut(tx, { companyId: ctx.companyId, number: c.number, source: 'agent', userId: ctx.userId });
      if (added) await auditQueries.record(tx, ctx, { entity: 'opt-out', entityId: c.id, action: 'create', after: audited(added) });
      return toDto(c.id, c.number, added ?? (await repo.getOptOut(tx, ctx.companyId, c.number)));
    }),

  /** `DELETE /contacts/:id/opt-out`: opting back in is a consent decision: admins and supervisors (decision 0243). */
  optIn: (ctx: Ctx, contactId: number): Promise<ContactOptOutDto> =>
    deps.data.withTenant(ctx, async ({ tx }) => {
      const c = await contactOf(tx, ctx, contactId);
      if (!can(ctx, 'contacts:optIn')) throw new AppError('ERR_NO_PERMISSION');
      const removed = await repo.removeOptOut(tx, ctx.companyId, c.number);
      if (removed) await auditQueries.record(tx, ctx, { entity: 'opt-out', entityId: c.id, action: 'delete', before: audited(removed) });
      return toDto(c.id, c.number, undefined);
    }),

  /** `GET /whatsapp/:id/health`: admins (connections' page) see today's sent count and holds by reason. */
  health: (ctx: Ctx, whatsappId: number): Promise<WhatsappHealthDto> =>
    deps.data.withTenant(ctx, async ({ tx }) => {
      if (!can(ctx, 'connections:manage')) throw new AppError('ERR_NO_PERMISSION');
      const facts = found(await repo.gateFacts(tx, ctx.companyId, whatsappId, deps.clock.now()), 'ERR_NO_WAPP_FOUND');
      const day = await repo.dayOf(tx, ctx.companyId, whatsappId, facts.day);
      const warmupDay = warmupDayOf(facts.daysSincePaired);
      const ramp = warmupCap(facts.cap, facts.warmup, warmupDay);
      const held = Object.fromEntries(gateReasons.map((r) => [r, day?.held[r] ?? 0])) as WhatsappHealthDto['held'];
      return {
        whatsappId,
        day: facts.day,
        sent: day?.sent ?? 0,
        held,
        lastSentAt: day?.lastSentAt?.toISOString() ?? null,
        ratePerMinute: facts.rate,
        dailyCap: facts.cap,
        jitterMs: facts.jitter,
        warmupDays: facts.warmup,
        pairedAt: facts.pairedAt?.toISOString() ?? null,
        warmupDay: ramp.warming ? warmupDay : null,
        effectiveCap: ramp.cap,
      };
    }),
});

export type NumberHealthService = ReturnType<typeof createNumberHealthService>;
