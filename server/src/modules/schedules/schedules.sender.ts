import { systemCtx, type DataAccess, type Unit } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { Jobs } from '../../infra/jobs';
import { LANGUAGE_SETTING, textsOf } from '../../infra/texts';
import { companiesQueries } from '../companies';
import { contactsQueries } from '../contacts';
import { queueOutbound } from '../messages';
import { renderVariables } from '../../infra/variables';
import type { NumberHealth } from '../number-health';
import { ticketsQueries } from '../tickets';
import { whatsappQueries } from '../whatsapp';
import * as repo from './schedules.repository';

/** Tries before ERRO (server-behaviour §8), and the pauses between them (tests shorten them). */
export const SCHEDULE_MAX_TRIES = 3;
export interface SenderLimits {
  /** Seconds before the 2nd and the 3rd try. */
  retryDelays: [number, number];
  /** Sent this long after its time, a schedule is `late` (the server was down; decision 0214). */
  lateAfterSeconds: number;
  /** The gate's jitter is waited at most this long. */
  maxWaitMs: number;
}
export const DEFAULT_SENDER_LIMITS: SenderLimits = { retryDelays: [10, 30], lateAfterSeconds: 60, maxWaitMs: 30_000 };

/** What one try came to: `retryInSeconds` plans the next try (the job's caller does it). */
export type SendOutcome =
  | { kind: 'skipped' }
  /** The job came before the row's time (clocks apart): planned again for then. */
  | { kind: 'early'; inSeconds: number }
  | { kind: 'sent'; late: boolean; messageId: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; final: boolean; reason: string; retryInSeconds?: number }
  | { kind: 'held'; retryAt: Date | null };

/** A try that could not happen, with the reason shown on the calendar. */
class TryFailed extends Error {
  constructor(
    readonly reason: string,
    readonly final = false,
  ) {
    super(reason);
  }
}

export const createScheduleSender = (deps: { data: DataAccess; jobs: Jobs; clock: Clock; health: NumberHealth; limits?: SenderLimits; log?: { error(obj: object, msg: string): void } }) => {
  const { data, jobs, clock, health } = deps;
  const limits = deps.limits ?? DEFAULT_SENDER_LIMITS;

  const announce = async (unit: Unit, companyId: number, id: number) => {
    const dto = await repo.getDto(unit.tx, companyId, id);
    if (dto) unit.stage({ type: 'schedule.saved', companyId, schedule: dto, created: false });
  };

  /** Cancels a follow-up the customer answered (the reply came first). */
  const cancelAnswered = async (unit: Unit, s: repo.ScheduleRow, messageId?: number) => {
    const now = clock.now();
    await repo.update(unit.tx, s.companyId, s.id, { status: 'CANCELADA', cancelledAt: now });
    if (s.ticketId) await ticketsQueries.recordEvents(unit.tx, s.companyId, s.ticketId, [{ kind: 'schedule', detail: { scheduleId: s.id, outcome: 'cancelled', by: 'reply', ...(messageId ? { messageId } : {}) } }]);
    await announce(unit, s.companyId, s.id);
  };

  /**
   * One try of one schedule, exactly once: the row is locked for the whole try, so two jobs (the
   * planned one and the sweep's) never both send; a row no longer PENDENTE, or planned for
   * another time than `plannedFor`, is left alone.
   */
  const attempt = async (companyId: number, scheduleId: number, o: { plannedFor?: string } = {}): Promise<SendOutcome> => {
    let tried: repo.ScheduleRow | undefined;
    try {
      return await data.withTenant(systemCtx(companyId), async (unit) => {
        const { tx } = unit;
        const s = await repo.lock(tx, companyId, scheduleId);
        const now = clock.now();
        if (!s || s.status !== 'PENDENTE') return { kind: 'skipped' as const };
        if (o.plannedFor !== undefined && o.plannedFor !== s.sendAt.toISOString()) return { kind: 'skipped' as const };
        if (s.sendAt.getTime() > now.getTime() + 1000) return { kind: 'early' as const, inSeconds: (s.sendAt.getTime() - now.getTime()) / 1000 };
        tried = s;
        // The reply may have come while this process was down, or its listener never ran: the
        // messages table is the truth, read under the row's lock.
        if (s.cancelOnReply && (await repo.customerWroteSince(tx, companyId, s.contactId, s.createdAt))) {
          await cancelAnswered(unit, s);
          return { kind: 'cancelled' as const };
        }
        const texts = textsOf(await companiesQueries.getSetting(tx, companyId, LANGUAGE_SETTING));
        const contact = await contactsQueries.get(tx, companyId, s.contactId);
        if (!contact) throw new TryFailed(texts.schedule.contactGone, true);
        // A follow-up goes where the conversation is; otherwise the contact's last connection, or the default one.
        const followed = s.ticketId ? await ticketsQueries.get(tx, companyId, s.ticketId) : undefined;
        const whatsappId = followed?.whatsappId ?? s.whatsappId ?? (await repo.lastConnectionOf(tx, companyId, s.contactId));
        const whatsapp = (whatsappId ? await whatsappQueries.get(tx, companyId, whatsappId) : undefined) ?? (await whatsappQueries.getDefault(tx, companyId));
        if (!whatsapp) throw new TryFailed(texts.schedule.noConnection);
        if (whatsapp.status !== 'CONNECTED') throw new TryFailed(texts.schedule.disconnected(whatsapp.name));
        const gate = await health.admit({ companyId, whatsappId: whatsapp.id, number: contact.number, kind: 'schedule' });
        if (!gate.ok) {
          if (gate.reason === 'opt-out') throw new TryFailed(texts.schedule.optedOut, true);
          // A Cloud number outside the customer's window (decision 0452): retrying cannot help.
          if (gate.reason === 'window') throw new TryFailed(texts.schedule.windowClosed, true);
          await repo.update(tx, companyId, s.id, {});
          return { kind: 'held' as const, retryAt: gate.retryAt };
        }
        if (gate.waitMs > 0) await new Promise((r) => setTimeout(r, Math.min(gate.waitMs, limits.maxWaitMs)));
        const { ticket, created } = await ticketsQueries.liveOrOpen(tx, companyId, { contactId: contact.id, whatsappId: whatsapp.id, userId: s.userId, queueId: followed?.queueId ?? null, at: now });
        if (created) unit.stage({ type: 'ticket.created', companyId, ticket: (await ticketsQueries.loadDto(tx, companyId, ticket.id))! });
        const company = await companiesQueries.get(tx, companyId);
        const language = await companiesQueries.getSetting(tx, companyId, LANGUAGE_SETTING);
        const body = renderVariables(s.body, { language, contactName: contact.name, ticketId: ticket.id, now, timeZone: company?.timezone ?? 'America/Sao_Paulo' });
        const message = await queueOutbound(unit, jobs, ticket, body, { userId: s.userId, media: s.mediaPath ? { type: 'image', name: s.mediaPath } : null });
        const late = now.getTime() - s.sendAt.getTime() > limits.lateAfterSeconds * 1000;
        await repo.update(tx, companyId, s.id, { status: 'ENVIADA', sentAt: now, late, ticketId: ticket.id, whatsappId: whatsapp.id, messageId: message.id, attempts: s.attempts + 1, error: '' });
        await ticketsQueries.recordEvents(tx, companyId, ticket.id, [{ kind: 'schedule', detail: { scheduleId: s.id, outcome: 'sent', followUp: s.cancelOnReply, late, messageId: message.id } }]);
        await announce(unit, companyId, s.id);
        return { kind: 'sent' as const, late, messageId: message.id };
      });
    } catch (err) {
      if (!tried) throw err;
      if (!(err instanceof TryFailed)) deps.log?.error({ err, scheduleId }, 'a schedule’s try failed');
      const reason = err instanceof TryFailed ? err.reason : textsOf(undefined).schedule.failed;
      return failed(companyId, scheduleId, reason, err instanceof TryFailed && err.final);
    }
  };

  /** Counts a failed try: ERRO with the reason after the third (or at once when retrying cannot help). */
  const failed = (companyId: number, scheduleId: number, reason: string, final: boolean): Promise<SendOutcome> =>
    data.withTenant(systemCtx(companyId), async (unit) => {
      const s = await repo.lock(unit.tx, companyId, scheduleId);
      if (!s || s.status !== 'PENDENTE') return { kind: 'skipped' as const };
      const attempts = s.attempts + 1;
      const last = final || attempts >= SCHEDULE_MAX_TRIES;
      await repo.update(unit.tx, companyId, s.id, { attempts, error: reason, ...(last ? { status: 'ERRO' } : {}) });
      if (last && s.cancelOnReply && s.ticketId) await ticketsQueries.recordEvents(unit.tx, companyId, s.ticketId, [{ kind: 'schedule', detail: { scheduleId: s.id, outcome: 'error', reason } }]);
      await announce(unit, companyId, s.id);
      return last ? { kind: 'failed' as const, final: true, reason } : { kind: 'failed' as const, final: false, reason, retryInSeconds: limits.retryDelays[attempts - 1] ?? limits.retryDelays[1] };
    });

  return {
    attempt,

    /** The `schedule.send` job: one try, and the next one planned as a job when it failed or was held. */
    runJob: async (job: { companyId: number; scheduleId: number; sendAt?: string }): Promise<SendOutcome> => {
      const outcome = await attempt(job.companyId, job.scheduleId, { plannedFor: job.sendAt });
      const again =
        outcome.kind === 'failed' && outcome.retryInSeconds
          ? outcome.retryInSeconds
          : outcome.kind === 'held' && outcome.retryAt
            ? Math.max(1, (outcome.retryAt.getTime() - clock.now().getTime()) / 1000)
            : outcome.kind === 'early'
              ? outcome.inSeconds
              : 0;
      if (again > 0) {
        // The retry is planned for the row's own time, so only it (not an older job) acts.
        await data.withTenant(systemCtx(job.companyId), async ({ tx }) => {
          const s = await repo.get(tx, job.companyId, job.scheduleId);
          if (s?.status === 'PENDENTE') await jobs.enqueue(tx, 'schedule.send', { companyId: s.companyId, scheduleId: s.id, sendAt: s.sendAt.toISOString() }, { startAfterSeconds: again });
        });
      }
      return outcome;
    },

    /**
     * Past-due schedules the planned jobs missed (the server was down, a job was lost): tried now,
     * at most `limit` per run; the next minute's run takes the rest.
     */
    sweep: async (limit = 200): Promise<{ tried: number; sent: number }> => {
      const due = await data.withSystem('schedules:sweep', ({ tx }) => repo.overdue(tx, clock.now(), { graceSeconds: 15, quietSeconds: 90, limit }));
      let sent = 0;
      for (const d of due) if ((await attempt(d.companyId, d.id)).kind === 'sent') sent++;
      return { tried: due.length, sent };
    },

    /** The customer wrote on a ticket: its pending follow-ups are cancelled. */
    cancelFollowUps: (companyId: number, ticketId: number, messageId: number): Promise<number> =>
      data.withTenant(systemCtx(companyId), async (unit) => {
        const pending = await repo.pendingFollowUps(unit.tx, companyId, ticketId);
        for (const s of pending) await cancelAnswered(unit, s, messageId);
        return pending.length;
      }),
  };
};

export type ScheduleSender = ReturnType<typeof createScheduleSender>;
