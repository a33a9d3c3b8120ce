/**
 * The 1–5 satisfaction survey (issue 30 §4; decision 0396): asked after an agent's ticket closes
 * when the company enables `csat`; the answer is caught by the ingest function (no ticket opens,
 * the closed one stays closed) and thanked here; ratings per agent, queue and period. On a Cloud
 * API connection it is an interactive list inside the customer's window and the company's
 * template outside it (decision 0430).
 */
import { can, renderTemplate, type CsatRatingsDto, type CsatRatingsQuery, type DomainEvent } from '@balcao/shared';
import { systemCtx, type Ctx, type DataAccess } from '../../db/tenant';
import { addDays, dayIn, type Clock } from '../../infra/clock';
import { AppError } from '../../infra/errors';
import type { Jobs } from '../../infra/jobs';
import { LANGUAGE_SETTING, textsOf, type ServerTexts } from '../../infra/texts';
import { companiesQueries } from '../companies';
import { customerWindow, queueOutbound } from '../messages';
import { ticketsQueries } from '../tickets';
import { templateContent, whatsappQueries, whatsappWrites, type CloudAccount, type ListContent } from '../whatsapp';
import * as repo from './csat.repository';

/** How long a survey waits for its score (a WhatsApp conversation's day). */
export const CSAT_OPEN_MS = 24 * 3_600_000;
/** The default period of GET /csat/ratings: the last 30 days. */
const DEFAULT_DAYS = 30;

type Group = { count: number; average: number | null };
const summary = (scores: number[]): Group => ({ count: scores.length, average: scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100 : null });
const groupBy = <K>(rows: repo.RatingRow[], key: (r: repo.RatingRow) => K, name: (r: repo.RatingRow) => string) => {
  const groups = new Map<K, { name: string; scores: number[] }>();
  for (const r of rows) {
    const g = groups.get(key(r)) ?? { name: name(r), scores: [] };
    g.scores.push(r.score);
    groups.set(key(r), g);
  }
  return [...groups].map(([k, g]) => ({ key: k, name: g.name, ...summary(g.scores) })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
};

/**
 * The Cloud API's interactive list of the five scores (decision 0430): reply buttons allow at most
 * three, a list up to ten rows. The row's id (`csat:N`) comes back with the choice, and the
 * ingest takes the score from it whatever the row's title says.
 */
export const scoreList = (texts: ServerTexts): ListContent => ({
  kind: 'list',
  body: texts.csat.listQuestion,
  button: texts.csat.listButton,
  rows: texts.csat.scores.map((label, i) => ({ id: `csat:${i + 1}`, title: `${i + 1} - ${label}`.slice(0, 24) })),
});

export const createCsatService = (deps: {
  data: DataAccess;
  jobs: Jobs;
  clock: Clock;
  templates?: Pick<CloudAccount, 'approved'>;
  /** Why a survey was not asked when that is worth an admin's look (the plan's template cap). */
  warn?: (details: Record<string, unknown>, message: string) => void;
}) => {
  const { data, jobs, clock } = deps;

  /** Whether an agent's closed ticket gets the survey, and how its channel asks it (decision 0430). */
  const plan = (companyId: number, ticketId: number) =>
    data.withTenant(systemCtx(companyId), async ({ tx }) => {
      if ((await companiesQueries.getSetting(tx, companyId, 'csat')) !== 'enabled') return undefined;
      if ((await companiesQueries.getSetting(tx, companyId, 'userRating')) === 'enabled') return undefined;
      const t = await ticketsQueries.get(tx, companyId, ticketId);
      if (!t || t.status !== 'closed' || t.isGroup || t.userId === null) return undefined;
      const window = await customerWindow(tx, clock, t);
      if (!window) return { t, ask: 'text' as const };
      if (window.open) return { t, ask: 'list' as const };
      // Outside Meta's 24-hour window only a template goes: the one the company chose, if any.
      const name = (await companiesQueries.getSetting(tx, companyId, 'csatTemplate')) ?? 'none';
      if (name === 'none' || !deps.templates) return undefined;
      const language = (await companiesQueries.getSetting(tx, companyId, 'csatTemplateLanguage')) || 'pt_BR';
      return { t, ask: 'template' as const, template: { name, language }, conn: (await whatsappQueries.get(tx, companyId, t.whatsappId))! };
    });

  /** An agent's ticket closed: the survey, when the company asks one (and the spec's own rating does not). */
  const onClosed = async (companyId: number, ticketId: number): Promise<boolean> => {
    const p = await plan(companyId, ticketId);
    if (!p) return false;
    // Meta's template list is read between two transactions (an HTTP call never holds one open).
    const template = p.ask === 'template' ? await deps.templates!.approved(p.conn, p.template.name, p.template.language) : undefined;
    const asking = data.withTenant(systemCtx(companyId), async (unit) => {
      const t = p.t;
      const now = clock.now();
      const asked = await repo.ask(unit.tx, { companyId, ticketId, contactId: t.contactId, whatsappId: t.whatsappId, userId: t.userId, queueId: t.queueId, askedAt: now, openUntil: new Date(now.getTime() + CSAT_OPEN_MS) });
      if (!asked) return false;
      const texts = textsOf(await companiesQueries.getSetting(unit.tx, companyId, LANGUAGE_SETTING));
      const opts = { automated: true, ticketAnnounced: true };
      if (template) {
        // The plan's monthly template cap counts the survey too (decision 0476): at the cap this
        // throws and the transaction, the survey's row included, rolls back.
        await whatsappWrites.countTemplateSend(unit.tx, companyId, now);
        await queueOutbound(unit, jobs, t, renderTemplate(template, []), { ...opts, template: templateContent(template, { name: template.name, language: template.language, variables: [] }) });
      } else if (p.ask === 'list') await queueOutbound(unit, jobs, t, texts.csat.listQuestion, { ...opts, list: scoreList(texts) });
      else await queueOutbound(unit, jobs, t, texts.csat.question, opts);
      return true;
    });
    try {
      return await asking;
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'ERR_TEMPLATE_SEND_CAP') throw err;
      // A survey is not worth failing over: skipped, and said where admins look.
      deps.warn?.({ companyId, ticketId }, "csat skipped: the plan's monthly template sends are spent");
      return false;
    }
  };

  /** The customer's score or comment landed on the closed ticket: thank them there. */
  const onAnswer = (companyId: number, ticketId: number, answer: 'score' | 'comment'): Promise<void> =>
    data.withTenant(systemCtx(companyId), async (unit) => {
      const t = await ticketsQueries.get(unit.tx, companyId, ticketId);
      if (!t) return;
      const texts = textsOf(await companiesQueries.getSetting(unit.tx, companyId, LANGUAGE_SETTING));
      await queueOutbound(unit, jobs, t, answer === 'score' ? texts.csat.thanks : texts.csat.thanksComment, { automated: true, ticketAnnounced: true });
    });

  return {
    /** Decided from the event alone: a close of an agent's ticket, or a survey answer the ingest caught. */
    onEvent: async (e: DomainEvent): Promise<unknown> => {
      if (e.type === 'ticket.updated' && e.previous && e.previous.status !== 'closed' && e.ticket.status === 'closed' && !e.ticket.isGroup && e.ticket.userId !== null) return onClosed(e.companyId, e.ticket.id);
      if (e.type === 'message.created' && e.inbound?.csat) return onAnswer(e.companyId, e.ticket.id, e.inbound.csat);
      return undefined;
    },

    ratings: async (ctx: Ctx, q: CsatRatingsQuery): Promise<CsatRatingsDto> => {
      if (!can(ctx, 'dashboard:view')) throw new AppError('ERR_NO_PERMISSION');
      return data.withTenant(ctx, async ({ tx }) => {
        const tz = (await companiesQueries.get(tx, ctx.companyId))?.timezone ?? 'America/Sao_Paulo';
        const to = q.to ?? dayIn(clock.now(), tz);
        const from = q.from ?? addDays(to, -(DEFAULT_DAYS - 1));
        const rows = await repo.rated(tx, ctx.companyId, { from, to, tz, ...(q.userId ? { userId: q.userId } : {}), ...(q.queueId ? { queueId: q.queueId } : {}) });
        const distribution = [1, 2, 3, 4, 5].map((s) => rows.filter((r) => r.score === s).length);
        return {
          from,
          to,
          ...summary(rows.map((r) => r.score)),
          distribution,
          byAgent: groupBy(rows, (r) => r.userId, (r) => r.userName ?? '').map(({ key, ...g }) => ({ userId: key, ...g })),
          byQueue: groupBy(rows, (r) => r.queueId, (r) => r.queueName ?? '').map(({ key, ...g }) => ({ queueId: key, ...g })),
          comments: rows
            .filter((r) => r.comment)
            .slice(0, 20)
            .map((r) => ({ ticketId: r.ticketId, score: r.score, comment: r.comment!, ratedAt: new Date(r.ratedAt).toISOString() })),
        };
      });
    },
  };
};

export type CsatService = ReturnType<typeof createCsatService>;
