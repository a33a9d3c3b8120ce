/**
 * SLA (issue 30 §3): policies per queue or company default, counted in business hours; each
 * ticket's clocks start, are met, stop and breach through the tickets module's `setSla`.
 */
import { can, type DomainEvent, type SlaSettingsDto, type SlaState, type SlaTargetsDto, type UpdateQueueSlaBody, type UpdateSlaBody } from '@balcao/shared';
import { systemCtx, type Ctx, type DataAccess } from '../../db/tenant';
import type { Tx } from '../../db/client';
import type { Clock } from '../../infra/clock';
import { AppError } from '../../infra/errors';
import { queuesQueries } from '../queues';
import { ticketsQueries } from '../tickets';
import type { BusinessCalendar } from './business-time';
import { calendar } from './sla.calendar';
import { nextCheck, onAgentReply, onClose, onCustomerMessage, onRetarget, sweepClocks } from './sla.clock';
import * as repo from './sla.repository';

/** How long a process trusts its copy of a company's policy (another process's edit shows within it). */
export const SLA_CONFIG_TTL_MS = 60_000;
/** Tickets one sweep looks at; the rest wait for the next minute. */
export const SLA_SWEEP_BATCH = 500;

interface Config {
  cal: BusinessCalendar;
  fallback: SlaTargetsDto;
  queues: Map<number, SlaTargetsDto>;
  any: boolean;
  loadedAt: number;
}

const hasTarget = (t: SlaTargetsDto) => !!t.firstResponseMinutes || !!t.nextResponseMinutes || !!t.resolutionMinutes;

/** One target: the queue's own, none when the queue set 0, else the company's default (decision 0432). */
const pick = (own: number | null | undefined, fallback: number | null): number | null => (own === 0 ? null : (own ?? fallback));
/** A queue's targets over the company's default, target by target: an empty one inherits, only 0 switches it off. */
const merge = (own: SlaTargetsDto | undefined, fallback: SlaTargetsDto): SlaTargetsDto => ({
  firstResponseMinutes: pick(own?.firstResponseMinutes, fallback.firstResponseMinutes),
  nextResponseMinutes: pick(own?.nextResponseMinutes, fallback.nextResponseMinutes),
  resolutionMinutes: pick(own?.resolutionMinutes, fallback.resolutionMinutes),
});

export const createSlaService = (deps: { data: DataAccess; clock: Clock }) => {
  const { data, clock } = deps;
  const configs = new Map<number, Promise<Config>>();

  const loadConfig = async (tx: Tx, companyId: number): Promise<Config> => {
    const [fallback, queues, cal] = [await repo.defaultTargets(tx, companyId), await repo.queueTargets(tx, companyId), await calendar(tx, companyId)];
    return {
      cal,
      fallback,
      queues: new Map(queues.map((q) => [q.queueId, q])),
      any: hasTarget(fallback) || queues.some(hasTarget),
      loadedAt: clock.now().getTime(),
    };
  };

  /** The company's policy from this process's copy (one read per company per TTL, not per message). */
  const config = async (companyId: number): Promise<Config> => {
    const cached = configs.get(companyId);
    if (cached) {
      const c = await cached.catch(() => undefined);
      if (c && clock.now().getTime() - c.loadedAt < SLA_CONFIG_TTL_MS) return c;
    }
    const loading = data.withTenant(systemCtx(companyId), ({ tx }) => loadConfig(tx, companyId));
    configs.set(companyId, loading);
    return loading;
  };
  const targetsFor = (c: Config, queueId: number | null) => merge(queueId === null ? undefined : c.queues.get(queueId), c.fallback);

  /** One ticket's clocks changed by `step` under its row lock; the lists hear the new DTO. */
  const change = (companyId: number, ticketId: number, step: (s: SlaState | null, t: { status: string; queueId: number | null }) => SlaState | null): Promise<boolean> =>
    data.withTenant(systemCtx(companyId), async (unit) => {
      const t = await ticketsQueries.lockSla(unit.tx, companyId, ticketId);
      if (!t || t.isGroup) return false;
      const next = step(t.sla, t);
      if (!next) return false;
      await ticketsQueries.setSla(unit.tx, companyId, ticketId, next, nextCheck(next));
      const ticket = await ticketsQueries.loadDto(unit.tx, companyId, ticketId);
      if (ticket) unit.stage({ type: 'ticket.updated', companyId, ticket });
      return true;
    });

  const read = (ctx: Ctx): Promise<SlaSettingsDto> =>
    data.withTenant(ctx, async ({ tx }) => ({
      company: await repo.defaultTargets(tx, ctx.companyId),
      hours: await repo.hours(tx, ctx.companyId),
      queues: await repo.queueTargets(tx, ctx.companyId),
    }));
  const settings = async (ctx: Ctx): Promise<SlaSettingsDto> => {
    if (!can(ctx, 'settings:update')) throw new AppError('ERR_NO_PERMISSION');
    return read(ctx);
  };

  return {
    settings,

    update: async (ctx: Ctx, body: UpdateSlaBody): Promise<SlaSettingsDto> => {
      if (!can(ctx, 'settings:update')) throw new AppError('ERR_NO_PERMISSION');
      await data.withTenant(ctx, async ({ tx }) => {
        if (body.company) await repo.putDefault(tx, ctx.companyId, body.company);
        if (body.hours) await repo.putHours(tx, ctx.companyId, body.hours);
      });
      configs.delete(ctx.companyId);
      return settings(ctx);
    },

    updateQueue: async (ctx: Ctx, queueId: number, body: UpdateQueueSlaBody): Promise<SlaSettingsDto> => {
      if (!can(ctx, 'queues:manage')) throw new AppError('ERR_NO_PERMISSION');
      await data.withTenant(ctx, async ({ tx }) => {
        if (!(await queuesQueries.get(tx, ctx.companyId, queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
        await repo.putQueue(tx, ctx.companyId, queueId, body);
      });
      configs.delete(ctx.companyId);
      return read(ctx);
    },

    /**
     * What a message or a ticket change means for the clocks, decided from the event first (the
     * ticket DTO carries its SLA), so a message that changes nothing costs nothing (issue 26): a
     * customer's message while a reply is already owed, an agent's while none is.
     */
    onEvent: async (e: DomainEvent): Promise<boolean> => {
      if (e.type === 'message.created') {
        const t = e.ticket;
        if (t.isGroup || t.status === 'closed' || e.message.isDeleted) return false;
        if (e.message.fromMe) {
          if (e.message.automated || !t.sla?.awaitingReply) return false;
          const at = clock.now();
          return change(e.companyId, t.id, (s) => onAgentReply(s, at));
        }
        if (t.sla?.awaitingReply) return false;
        const c = await config(e.companyId);
        if (!t.sla && !c.any) return false;
        const at = clock.now();
        return change(e.companyId, t.id, (s, row) => (row.status === 'closed' ? null : onCustomerMessage(s, c.cal, targetsFor(c, row.queueId), at)));
      }
      if (e.type === 'ticket.updated' && e.previous && e.ticket.sla) {
        if (e.ticket.status === 'closed' && e.previous.status !== 'closed') {
          const at = clock.now();
          return change(e.companyId, e.ticket.id, (s, row) => (row.status === 'closed' ? onClose(s, at) : null));
        }
        if (e.ticket.queueId !== e.previous.queueId && e.ticket.status !== 'closed') {
          const c = await config(e.companyId);
          return change(e.companyId, e.ticket.id, (s, row) => onRetarget(s, c.cal, targetsFor(c, row.queueId)));
        }
      }
      return false;
    },

    /** Warnings and breaches due by now, each stamped once on its ticket; how many alerts went out. */
    sweep: async (): Promise<number> => {
      const now = clock.now();
      const due = await data.withSystem('sla:sweep', ({ tx }) => ticketsQueries.slaDue(tx, now, SLA_SWEEP_BATCH));
      const byCompany = new Map<number, number[]>();
      for (const d of due) byCompany.set(d.companyId, [...(byCompany.get(d.companyId) ?? []), d.id]);
      let alerts = 0;
      for (const [companyId, ids] of byCompany) {
        alerts += await data.withTenant(systemCtx(companyId), async (unit) => {
          let n = 0;
          for (const id of ids) {
            const t = await ticketsQueries.lockSla(unit.tx, companyId, id);
            if (!t?.sla) continue;
            const swept = sweepClocks(t.sla, now);
            await ticketsQueries.setSla(unit.tx, companyId, id, swept.state, nextCheck(swept.state));
            if (swept.alerts.length === 0) continue;
            const ticket = await ticketsQueries.loadDto(unit.tx, companyId, id);
            if (!ticket) continue;
            unit.stage({ type: 'ticket.updated', companyId, ticket });
            for (const a of swept.alerts) {
              const alert = { ticketId: id, ticketUuid: t.uuid, queueId: t.queueId, userId: t.userId, contactName: ticket.contact.name, target: a.target, dueAt: a.dueAt };
              unit.stage({ type: 'sla.alert', companyId, kind: a.kind, alert });
              n++;
            }
          }
          return n;
        });
      }
      return alerts;
    },
  };
};

export type SlaService = ReturnType<typeof createSlaService>;
