import { can, COPILOT_DEFAULTS, COPILOT_FEATURES, isMaskedSecret, maskSecret, type CopilotRoutingDto, type CopilotSettingsDto, type CopilotStatusDto, type CopilotSuggestionsDto, type CopilotSummaryDto, type CopilotUsageDto, type UpdateCopilotSettingsBody } from '@balcao/shared';
import { systemCtx, type Ctx, type DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import type { Jobs } from '../../infra/jobs';
import { checkOutboundUrl } from '../../lib/outbound';
import { auditQueries } from '../audit';
import { companiesQueries } from '../companies';
import { createHelpsService } from '../helps';
import { anyWordsQuery, knowledgeQueries } from '../knowledge';
import { latestOfTicket } from '../messages';
import { queuesQueries } from '../queues';
import { tagsQueries } from '../tags';
import { visibleTicket } from '../tickets';
import type { Breaker } from './copilot.breaker';
import { modelAccess, monthOf } from './copilot.access';
import { readDrafts, readRouting, readSummary, routingMessages, suggestionMessages, summaryMessages, type HistoryLine, type Passage } from './copilot.prompts';
import { quickPassages } from './copilot.quick';
import * as repo from './copilot.repository';
import type { CopilotSecrets } from './copilot.secrets';

export interface CopilotDeps {
  data: DataAccess;
  secrets: CopilotSecrets;
  breaker: Breaker;
  /** One model call, connection to last byte. */
  timeoutMs: number;
  allowPrivateHosts: boolean;
  now: () => Date;
  /** Where an automatic summary is queued (decision 0405). */
  jobs?: Pick<Jobs, 'enqueue'>;
  /** A company's settings were saved (the translation listener's cache forgets them). */
  onSettingsSaved?: (companyId: number) => void;
}

/** How much of the conversation the model reads, and how many passages. */
export const HISTORY_MESSAGES = 20;
export const ARTICLE_PASSAGES = 4;
export const QUICK_PASSAGES = 2;
export const HELP_PASSAGES = 2;

const admin = (ctx: Ctx) => {
  if (!can(ctx, 'copilot:manage')) throw new AppError('ERR_NO_PERMISSION');
};
/** What a PUT's key means: left out or sent back masked = keep the stored one; anything else replaces it ('' clears). */
const keptOrNew = (sent: string | undefined) => (sent === undefined || isMaskedSecret(sent) ? undefined : sent);

/**
 * The agent's copilot (issue 32; decisions 0402–0405). Every call: the ticket must be visible to
 * the caller, the company's copilot on with a key, the month's tokens under its cap; then the
 * model is called OUTSIDE any transaction (no connection held while it thinks), and its tokens
 * are metered in a second, short one.
 */
export const createCopilotService = (deps: CopilotDeps) => {
  const { data, secrets } = deps;
  // Help texts are the platform's, read through the helps door's own system reason, not the tenant's transaction.
  const helps = createHelpsService(data);

  const toDto = (companyId: number, r: repo.SettingsRow | undefined, planTokenCap: number): CopilotSettingsDto => {
    let key: string;
    try {
      key = r ? secrets.open(companyId, r.apiKey) : '';
    } catch {
      // A key sealed under another WA_ENCRYPTION_KEY: shown as set, must be typed again.
      key = '…';
    }
    return {
      enabled: r?.enabled ?? false,
      baseUrl: r?.baseUrl || COPILOT_DEFAULTS.baseUrl,
      model: r?.model || COPILOT_DEFAULTS.model,
      apiKey: key === '…' ? key : maskSecret(key),
      apiKeyConfigured: (r?.apiKey ?? '') !== '',
      monthlyTokenCap: r?.monthlyTokenCap ?? 0,
      autoSummary: r?.autoSummary ?? false,
      translate: r?.translate ?? false,
      agentLanguage: r?.agentLanguage ?? 'pt',
      transcribe: r?.transcribe ?? false,
      transcriptionModel: r?.transcriptionModel ?? '',
      planTokenCap,
    };
  };

  const { endpointFor, ask } = modelAccess(deps);

  const customerLines = (history: HistoryLine[]) => history.filter((m) => !m.fromMe && m.body.trim() !== '');

  const summaryDto = (r: repo.SummaryRow): CopilotSummaryDto => ({
    id: r.id,
    ticketId: r.ticketId,
    reason: r.reason as CopilotSummaryDto['reason'],
    summary: r.summary,
    userId: r.userId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  });

  /** A summary of the ticket's latest messages, stored; `userId` null for an automatic one. */
  const summarizeTicket = async (ctx: Ctx, ticketId: number, reason: CopilotSummaryDto['reason'], userId: number | null): Promise<CopilotSummaryDto> => {
    const { ep, history } = await data.withTenant(ctx, async ({ tx }) => {
      const ticket = userId === null ? { id: ticketId } : await visibleTicket(tx, ctx, ticketId);
      const ep = await endpointFor(tx, ctx.companyId);
      return { ep, history: await latestOfTicket(tx, ctx.companyId, ticket.id, 60) };
    });
    if (customerLines(history).length === 0) throw new AppError('ERR_COPILOT_NO_MESSAGES');
    const summary = readSummary(await ask(ctx, ep, 'summary', summaryMessages(history), 300));
    if (!summary) throw new AppError('ERR_COPILOT_BAD_ANSWER', 'an empty summary');
    return data.withTenant(ctx, async ({ tx }) => summaryDto(await repo.insertSummary(tx, { companyId: ctx.companyId, ticketId, userId, reason, summary, model: ep.model })));
  };

  return {
    settings: (ctx: Ctx): Promise<CopilotSettingsDto> =>
      data.withTenant(ctx, async ({ tx }) => {
        admin(ctx);
        const [row, planCap] = await Promise.all([repo.getSettings(tx, ctx.companyId), companiesQueries.copilotTokenCap(tx, ctx.companyId)]);
        return toDto(ctx.companyId, row, planCap);
      }),

    saveSettings: async (ctx: Ctx, body: UpdateCopilotSettingsBody): Promise<CopilotSettingsDto> => {
      admin(ctx);
      if (body.baseUrl) {
        const refused = await checkOutboundUrl(body.baseUrl, deps.allowPrivateHosts);
        if (refused?.refusal === 'blocked-host') throw new AppError('ERR_OUTBOUND_URL_REFUSED', refused.message);
      }
      return data.withTenant(ctx, async ({ tx }) => {
        const before = await repo.getSettings(tx, ctx.companyId);
        const { apiKey, ...rest } = body;
        const patch: Parameters<typeof repo.saveSettings>[2] = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
        const newKey = keptOrNew(apiKey);
        if (newKey !== undefined) patch.apiKey = secrets.seal(ctx.companyId, newKey);
        const row = await repo.saveSettings(tx, ctx.companyId, patch);
        const audited = (r: repo.SettingsRow | undefined) => (r ? { enabled: r.enabled, baseUrl: r.baseUrl, model: r.model, apiKey: r.apiKey, monthlyTokenCap: r.monthlyTokenCap, autoSummary: r.autoSummary, translate: r.translate, agentLanguage: r.agentLanguage, transcribe: r.transcribe, transcriptionModel: r.transcriptionModel } : null);
        await auditQueries.record(tx, ctx, { entity: 'copilot', entityId: row.id, action: before ? 'update' : 'create', before: audited(before), after: audited(row) });
        deps.onSettingsSaved?.(ctx.companyId);
        return toDto(ctx.companyId, row, await companiesQueries.copilotTokenCap(tx, ctx.companyId));
      });
    },

    /** Whether the copilot answers: the composer and the drawer offer it only then (any user of the company). */
    status: (ctx: Ctx): Promise<CopilotStatusDto> =>
      data.withTenant(ctx, async ({ tx }) => {
        const s = await repo.getSettings(tx, ctx.companyId);
        const enabled = !!s?.enabled && s.apiKey !== '';
        return { enabled, translate: enabled && !!s?.translate, agentLanguage: s?.agentLanguage ?? 'pt' };
      }),

    usage: (ctx: Ctx, month?: string): Promise<CopilotUsageDto> =>
      data.withTenant(ctx, async ({ tx }) => {
        admin(ctx);
        const m = month ?? monthOf(deps.now());
        const rows = await repo.monthUsage(tx, ctx.companyId, m);
        const features = COPILOT_FEATURES.map((feature) => {
          const r = rows.find((x) => x.feature === feature);
          return { feature, tokens: Number(r?.tokens ?? 0), calls: r?.calls ?? 0 };
        });
        const [s, planTokenCap] = await Promise.all([repo.getSettings(tx, ctx.companyId), companiesQueries.copilotTokenCap(tx, ctx.companyId)]);
        return { month: m, features, tokens: features.reduce((n, f) => n + f.tokens, 0), calls: features.reduce((n, f) => n + f.calls, 0), monthlyTokenCap: s?.monthlyTokenCap ?? 0, planTokenCap };
      }),

    /** Up to three drafts for the customer's last message, each citing the passages it used. Never sends anything. */
    suggestions: async (ctx: Ctx, ticketId: number): Promise<CopilotSuggestionsDto> => {
      const { ep, history, asked, own } = await data.withTenant(ctx, async ({ tx }) => {
        const ticket = await visibleTicket(tx, ctx, ticketId);
        const ep = await endpointFor(tx, ctx.companyId);
        const history = await latestOfTicket(tx, ctx.companyId, ticket.id, HISTORY_MESSAGES);
        const asked = customerLines(history).slice(-3).map((m) => m.body).join('\n');
        if (!asked) throw new AppError('ERR_COPILOT_NO_MESSAGES');
        const articles = await knowledgeQueries.passages(tx, ctx.companyId, asked, ticket.queueId, ARTICLE_PASSAGES);
        const quick = await quickPassages(tx, ctx, asked, QUICK_PASSAGES);
        return { ep, history, asked, own: [...articles.map((a) => ({ kind: 'article' as const, id: a.id, title: a.title, text: a.body })), ...quick] };
      });
      // After the company's own passages, so their numbers do not move.
      const helpTexts = await helps.passages(anyWordsQuery(asked), HELP_PASSAGES);
      const passages: Passage[] = [...own, ...helpTexts.map((h) => ({ kind: 'help' as const, ...h }))];
      const content = await ask(ctx, ep, 'suggestions', suggestionMessages(history, passages), 700);
      const drafts = readDrafts(content, passages);
      if (!drafts) throw new AppError('ERR_COPILOT_BAD_ANSWER', 'no drafts in the answer');
      return { drafts, passages: passages.map(({ kind, id, title }) => ({ kind, id, title })) };
    },

    /** The queue and tags the conversation calls for (issue 32 §6); the agent applies them with one click. Changes nothing. */
    routing: async (ctx: Ctx, ticketId: number): Promise<CopilotRoutingDto> => {
      const { ep, history, queues, tags } = await data.withTenant(ctx, async ({ tx }) => {
        const ticket = await visibleTicket(tx, ctx, ticketId);
        const ep = await endpointFor(tx, ctx.companyId);
        const history = await latestOfTicket(tx, ctx.companyId, ticket.id, HISTORY_MESSAGES);
        if (customerLines(history).length === 0) throw new AppError('ERR_COPILOT_NO_MESSAGES');
        const queues = (await queuesQueries.list(tx, ctx.companyId)).map((q) => ({ id: q.id, name: q.name }));
        const tags = (await tagsQueries.list(tx, ctx.companyId)).map((t) => ({ id: t.id, name: t.name }));
        return { ep, history, queues, tags };
      });
      const read = readRouting(await ask(ctx, ep, 'routing', routingMessages(history, queues, tags), 200), queues, tags);
      if (!read) throw new AppError('ERR_COPILOT_BAD_ANSWER', 'no routing in the answer');
      return read;
    },

    summarize: (ctx: Ctx, ticketId: number): Promise<CopilotSummaryDto> => summarizeTicket(ctx, ticketId, 'manual', ctx.userId),

    /**
     * A ticket was transferred or closed (the listener decided from the event): when the company
     * summarises then, one `copilot.summary` job, so the transition's request never waits for a model.
     */
    queueAutoSummary: (companyId: number, ticketId: number, reason: 'transfer' | 'close'): Promise<boolean> =>
      data.withTenant(systemCtx(companyId), async ({ tx }) => {
        const s = await repo.getSettings(tx, companyId);
        if (!s?.enabled || !s.autoSummary || !s.apiKey || !deps.jobs) return false;
        await deps.jobs.enqueue(tx, 'copilot.summary', { companyId, ticketId, reason });
        return true;
      }),

    /**
     * The job: the summary, or why there is none (off since, nothing to sum up, the cap, the model
     * down). Never thrown: a failed automatic summary is not retried (no retry storm; an agent can
     * still ask for one).
     */
    autoSummary: async (p: { companyId: number; ticketId: number; reason: 'transfer' | 'close' }): Promise<CopilotSummaryDto | string> => {
      const on = await data.withTenant(systemCtx(p.companyId), async ({ tx }) => (await repo.getSettings(tx, p.companyId))?.autoSummary === true);
      if (!on) return 'off';
      try {
        return await summarizeTicket(systemCtx(p.companyId), p.ticketId, p.reason, null);
      } catch (err) {
        if (err instanceof AppError) return err.code;
        throw err;
      }
    },

    summaries: (ctx: Ctx, ticketId: number): Promise<CopilotSummaryDto[]> =>
      data.withTenant(ctx, async ({ tx }) => {
        const ticket = await visibleTicket(tx, ctx, ticketId);
        return (await repo.summariesOf(tx, ctx.companyId, ticket.id)).map(summaryDto);
      }),
  };
};

export type CopilotService = ReturnType<typeof createCopilotService>;
