import { systemCtx, type DataAccess, type Unit } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { Jobs } from '../../infra/jobs';
import { LANGUAGE_SETTING, textsOf, type ServerTexts } from '../../infra/texts';
import { companiesQueries } from '../companies';
import { contactsQueries } from '../contacts';
import { queueOutboundMany, type OutboundItem } from '../messages';
import { renderVariables } from '../../infra/variables';
import { queuesQueries } from '../queues';
import { ticketsQueries, type TicketRow } from '../tickets';
import * as repo from './timers.repository';
import type { TimerKind } from './timers.repository';

export type { TimerKind } from './timers.repository';

export interface TimersDeps {
  data: DataAccess;
  jobs: Jobs;
  clock: Clock;
}

/**
 * How much one run may do (decision 0170): each batch is one short transaction per company, and a
 * run stops after `maxPerRun` tickets per timer; what is left waits for the next minute.
 */
export interface TimerLimits {
  batch: number;
  maxPerRun: number;
  /**
   * After each batch the run rests this many times as long as the batch took: timers need not be
   * fast, but on a small machine a run working flat out takes the CPU requests need (bench:timers
   * measured GET /tickets p99 ×2.2 without the rest, ×2.03 resting 1×, ×1.69 resting 2×). Once a
   * batch's messages were queued in one go (decisions 0315–0317) a batch took a quarter of the
   * time, and resting 2× measured ×2.09 and ×2.02 (quiet 2-core VM; runs of 2000 tickets in ~4.5 s);
   * resting 4×: ×1.66, ×1.63, ×1.95, ×1.86, ×2.06 (runs in ~6–7 s, ~350 tickets/s, against
   * ~50–110/s before the batching). Most of what was left was not CPU: the list's count visited a
   * heap page per ticket the timers had updated; with the kept counts (decision 0322): ×1.32,
   * ×1.50, ×1.57, ×1.49. Tests leave it out.
   */
  restRatio?: number;
}

export const DEFAULT_TIMER_LIMITS: TimerLimits = { batch: 100, maxPerRun: 1000, restRatio: 4 };

const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type TimersRun = Record<TimerKind, number>;

const KINDS: TimerKind[] = ['autoClose', 'autoTransfer', 'botTimeout'];

export const createTimersService = (deps: TimersDeps, limits: TimerLimits = DEFAULT_TIMER_LIMITS) => {
  const { data } = deps;

  /**
   * The text of a message the server writes into the conversation (variables rendered like the
   * transitions' greetings), or undefined when blank; the company's language and zone are read
   * once per batch.
   */
  const automatedText = (unit: Unit, companyId: number) => {
    let facts: Promise<{ language: string | undefined; timeZone: string }> | undefined;
    return async (ticket: TicketRow, template: string | ((texts: ServerTexts) => string)): Promise<string | undefined> => {
      facts ??= (async () => ({
        language: await companiesQueries.getSetting(unit.tx, companyId, LANGUAGE_SETTING),
        timeZone: (await companiesQueries.get(unit.tx, companyId))?.timezone ?? 'America/Sao_Paulo',
      }))();
      const { language, timeZone } = await facts;
      const text = typeof template === 'string' ? template : template(textsOf(language));
      if (!text.trim()) return undefined;
      // Most inactivity texts have no variables: then neither the contact nor a date formatter is needed.
      return text.includes('{{')
        ? renderVariables(text, { language, contactName: (await contactsQueries.get(unit.tx, companyId, ticket.contactId))?.name ?? '', ticketId: ticket.id, now: deps.clock.now(), timeZone })
        : text;
    };
  };

  /** One company's share of a batch, in its own tenant transaction: fire, record, tell, send. */
  const fireFor = (companyId: number, kind: TimerKind, ids: number[], now: Date): Promise<number> =>
    data.withTenant(systemCtx(companyId), async (unit) => {
      const fired = await ticketsQueries.fireTimer(unit, companyId, kind, ids, now, repo.conditions(now)[kind]);
      if (fired.length === 0) return 0;
      await ticketsQueries.recordEventsMany(
        unit.tx,
        companyId,
        'timer',
        fired.map((f) => ({
          ticketId: f.ticketId,
          detail: { timer: kind, minutes: f.minutes, from: f.previousStatus, ...(kind === 'autoTransfer' ? { queueId: f.transferQueueId } : {}) },
        })),
      );
      const textOf = automatedText(unit, companyId);
      const transferNotices = kind === 'autoTransfer' && (await companiesQueries.getSetting(unit.tx, companyId, 'sendMsgTransfTicket')) === 'enabled';
      // The batch's rows, queues and DTOs are read once each, not per ticket: a run moves
      // thousands of tickets and its round trips are CPU that requests wait for (bench:timers).
      const firedIds = fired.map((f) => f.ticketId);
      const rows = new Map((await ticketsQueries.getMany(unit.tx, companyId, firedIds)).map((t) => [t.id, t]));
      const queueNames = new Map<number, Promise<string | undefined>>();
      const queueName = (id: number) => {
        if (!queueNames.has(id)) queueNames.set(id, queuesQueries.get(unit.tx, companyId, id).then((q) => q?.name));
        return queueNames.get(id)!;
      };
      // The batch's messages are written and queued together (a few statements, not a few per ticket).
      const sends: OutboundItem[] = [];
      const send = (ticket: TicketRow, body: string | undefined) => {
        if (body !== undefined) sends.push({ ticket, body, opts: { automated: true, ticketAnnounced: true, background: true } });
      };
      for (const f of fired) {
        const t = rows.get(f.ticketId)!;
        if (kind === 'autoClose' && !t.isGroup && f.expiresInactiveMessage.trim()) send(t, await textOf(t, f.expiresInactiveMessage));
        if (kind === 'autoTransfer' && transferNotices && !t.isGroup && t.queueId) {
          const name = await queueName(t.queueId);
          if (name !== undefined) send(t, await textOf(t, (texts) => texts.transferNotice(name, null)));
        }
      }
      await queueOutboundMany(unit, deps.jobs, sends);
      // The same event a person's transition stages: lists move the ticket, rooms follow it.
      // Loaded after the messages, so each DTO carries its last message.
      for (const dto of await ticketsQueries.loadDtos(unit.tx, companyId, firedIds)) {
        const f = fired.find((x) => x.ticketId === dto.id)!;
        unit.stage({ type: 'ticket.updated', companyId, ticket: dto, previous: { status: f.previousStatus, queueId: f.previousQueueId, userId: rows.get(dto.id)!.userId } });
      }
      return fired.length;
    });

  /** One timer, bounded: batches of due tickets until none are left or the run's share is spent. */
  const runOne = async (kind: TimerKind, now: Date): Promise<number> => {
    let done = 0;
    for (let examined = 0; examined < limits.maxPerRun; ) {
      const started = performance.now();
      const size = Math.min(limits.batch, limits.maxPerRun - examined);
      const due = await data.withSystem('timers:sweep', ({ tx }) => repo.candidates(tx, kind, now, size));
      if (due.length === 0) break;
      examined += due.length;
      const byCompany = new Map<number, number[]>();
      for (const c of due) byCompany.set(c.companyId, [...(byCompany.get(c.companyId) ?? []), c.ticketId]);
      let fired = 0;
      for (const [companyId, ids] of byCompany) fired += await fireFor(companyId, kind, ids, now);
      done += fired;
      // Nothing fired (all busy with agents right now, or a short batch): the rest waits for the next run.
      if (fired === 0 || due.length < size) break;
      if (limits.restRatio) await rest((performance.now() - started) * limits.restRatio);
    }
    return done;
  };

  return {
    /** Every timer once, at `now` (the clock's by default); how many tickets each moved. */
    run: async (now: Date = deps.clock.now()): Promise<TimersRun> => {
      const result = { autoClose: 0, autoTransfer: 0, botTimeout: 0 } satisfies TimersRun;
      for (const kind of KINDS) result[kind] = await runOne(kind, now);
      return result;
    },
    runOne,
  };
};

export type TimersService = ReturnType<typeof createTimersService>;
