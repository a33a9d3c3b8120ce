/**
 * Replay before publishing (issue 12 item 7; decisions 0200–0204): the CURRENT configuration of a
 * queue (menu, option tree, hours — through `decide`), an integration or an AI prompt (their
 * responders) run over a past ticket's customer messages, in order, from a fresh bot state.
 *
 * Nothing is sent, stored or changed (0202): the ticket and its messages are read in one
 * READ ONLY transaction, the turns run in memory (no `sendAutomated`, no `saveState`, no
 * `ticket_events`, no jobs), responders get `turn.replay` (they read no stored history, mark
 * their outside calls as a dry run and synthesise no audio). Bounded (0203): the first
 * `maxInbound` customer messages, a total time budget; a responder's failure is its row's `error`.
 */
import { randomUUID } from 'node:crypto';
import { can, type ReplayBody, type ReplayMessageDto, type ReplayResponse, type ReplayRowDto, type ReplayTargetKind } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError, found } from '../../infra/errors';
import { LANGUAGE_SETTING, textsOf } from '../../infra/texts';
import { companiesQueries, planHasFeature } from '../companies';
import { contactsQueries } from '../contacts';
import { renderVariables } from '../../infra/variables';
import { ticketsQueries } from '../tickets';
import { applyReply, decide, type BotConfig, type BotState, type OutMessage, type ResponderCall } from './bot.decide';
import type { BotReply, ReplayContext, TimelineEntry } from './bot.port';
import * as repo from './bot.repository';
import { configOf } from './bot.runner';
import type { Responders } from './bot.runner';

export const REPLAY_MAX_INBOUND = 50;
/** Under the renderer's 30 s request timeout, so the answer always arrives (decision 0203). */
export const REPLAY_BUDGET_MS = 25_000;
/** Messages read from the ticket: enough for 50 customer messages and what was sent between them. */
const READ_LIMIT = 1000;

export interface ReplayDeps {
  data: DataAccess;
  responders?: Responders;
  maxInbound?: number;
  budgetMs?: number;
}

const NO_MEDIA = { mediaType: null, mediaName: null, voice: null } as const;

const MEDIA_KIND: [RegExp, string][] = [
  [/\.(png|jpe?g|gif|webp)$/i, 'image'],
  [/\.(mp4|3gp|mov|webm)$/i, 'video'],
  [/\.(mp3|ogg|opus|m4a|aac|wav)$/i, 'audio'],
];
const mediaTypeOfName = (name: string) => MEDIA_KIND.find(([re]) => re.test(name))?.[1] ?? 'document';

const errorOf = (timeline: TimelineEntry[]): string | null => {
  const failed = timeline.filter((e) => typeof e.detail.error === 'string' || typeof e.detail.error === 'number');
  if (failed.length === 0) return null;
  return failed.map((e) => `${e.kind}: ${String(e.detail.error)}${e.detail.status ? ` (${String(e.detail.status)})` : ''}`).join('; ');
};

/** The reason of the hand-off recorded on this turn, if any. */
const handoffOf = (timeline: TimelineEntry[]): string | null => {
  const h = timeline.find((e) => e.kind === 'handoff');
  return h ? String(h.detail.reason ?? 'handoff') : null;
};

/** A fresh ticket as ingest would open it: pending, no one, in the connection's only queue if it has one. */
const freshState = (queueId: number | null, isGroup: boolean): BotState => ({
  status: 'pending',
  userId: null,
  queueId,
  chatbot: false,
  botOptionId: null,
  botUses: 0,
  botAt: null,
  outOfHoursAt: null,
  isGroup,
});

export const createBotReplay = (deps: ReplayDeps) => {
  const maxInbound = deps.maxInbound ?? REPLAY_MAX_INBOUND;
  const budgetMs = deps.budgetMs ?? REPLAY_BUDGET_MS;

  return {
    replay: async (ctx: Ctx, body: ReplayBody): Promise<ReplayResponse> => {
      if (!can(ctx, 'bot:replay')) throw new AppError('ERR_NO_PERMISSION');
      const kind: ReplayTargetKind = body.queueId !== undefined ? 'queue' : body.integrationId !== undefined ? 'integration' : 'prompt';
      const targetId = (body.queueId ?? body.integrationId ?? body.promptId)!;
      // The feature's own plan gate (the route itself is not under a gated prefix).
      if (kind === 'integration' && !(await planHasFeature(deps.data, ctx, 'useIntegrations'))) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
      if (kind === 'prompt' && !(await planHasFeature(deps.data, ctx, 'useOpenAi'))) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
      const started = Date.now();

      // 1. Everything the replay needs, read in one READ ONLY transaction.
      const loaded = await deps.data.withTenant(ctx, async ({ tx }) => {
        await repo.readOnly(tx);
        const t = found(await ticketsQueries.get(tx, ctx.companyId, body.ticketId), 'ERR_NO_TICKET_FOUND');
        let name: string | undefined;
        let cfg: BotConfig | undefined;
        let startQueue: number | null = null;
        const language = await companiesQueries.getSetting(tx, ctx.companyId, LANGUAGE_SETTING);
        const base = await configOf(tx, t, new Date(0));
        const emptyConfig = (): BotConfig => ({ ...EMPTY_CONFIG, texts: textsOf(language).bot });
        if (kind === 'queue') {
          const q = found(await repo.queueConf(tx, ctx.companyId, targetId), 'ERR_NO_QUEUE_FOUND');
          name = q.name;
          if (base && base.queues.some((x) => x.id === q.id)) {
            // The queue is on the ticket's connection: the whole current flow (menu → this queue…).
            cfg = base;
            startQueue = base.queues.length === 1 ? base.queues[0]!.id : null;
          } else {
            // Elsewhere: as if the ticket came to a connection with only this queue (decision 0200).
            cfg = { ...(base ?? emptyConfig()), queues: [q] };
            cfg = { ...cfg, connection: { ...cfg.connection, sendGreetingMessageOneQueues: true, integrationId: null, promptId: null } };
            startQueue = q.id;
          }
        } else {
          name = kind === 'integration' ? await repo.integrationName(tx, ctx.companyId, targetId) : await repo.promptName(tx, ctx.companyId, targetId);
          if (name === undefined) throw new AppError(kind === 'integration' ? 'ERR_NO_INTEGRATION_FOUND' : 'ERR_NOT_FOUND');
          // The responder alone, hours aside (decision 0200): the connection's limits, no queues.
          const c = base ?? emptyConfig();
          cfg = {
            ...c,
            scheduleType: 'disabled',
            queues: [],
            connection: { ...c.connection, integrationId: kind === 'integration' ? targetId : null, promptId: kind === 'prompt' ? targetId : null },
          };
        }
        const contact = await contactsQueries.get(tx, ctx.companyId, t.contactId);
        const company = await companiesQueries.get(tx, ctx.companyId);
        const messages = await repo.conversation(tx, ctx.companyId, t.id, READ_LIMIT);
        const inboundTotal = await repo.inboundCount(tx, ctx.companyId, t.id);
        const queueNames = new Map((await repo.companyQueueNames(tx, ctx.companyId)).map((q) => [q.id, q.name]));
        return { t, name, cfg, startQueue, contact, timezone: company?.timezone ?? 'America/Sao_Paulo', language, messages, inboundTotal, queueNames };
      });
      const { t, cfg, contact, messages } = loaded;

      // 2. The customer's messages and, after each, what was sent automatically before the next one.
      const turns: { m: (typeof messages)[number]; actual: ReplayMessageDto[] }[] = [];
      for (const m of messages) {
        if (!m.fromMe) {
          if (turns.length >= maxInbound) break;
          turns.push({ m, actual: [] });
        } else if (m.automated && turns.length > 0) {
          turns.at(-1)!.actual.push({ body: m.body, mediaType: m.mediaType, mediaName: m.mediaUrl, voice: null });
        }
      }

      const render = (body: string, now: Date) => renderVariables(body, { language: loaded.language, contactName: contact?.name ?? '', ticketId: t.id, now, timeZone: loaded.timezone });
      const out = (m: OutMessage, now: Date): ReplayMessageDto =>
        m.media ? { body: render(m.body, now), mediaType: m.media.type ?? mediaTypeOfName(m.media.path), mediaName: m.media.name ?? m.media.path, voice: null } : { ...NO_MEDIA, body: render(m.body, now) };

      const run: ReplayContext = { runId: randomUUID(), history: [] };
      const deadline = started + budgetMs;
      let state = freshState(loaded.startQueue, t.isGroup);
      let session: string | null = null;
      let budgetExceeded = false;
      const rows: ReplayRowDto[] = [];

      const callResponder = async (call: ResponderCall, m: (typeof messages)[number]): Promise<BotReply> => {
        const responder = call.kind === 'integration' ? deps.responders?.integration : deps.responders?.prompt;
        const errKind = call.kind === 'prompt' ? 'ai' : 'integration';
        if (!responder) return { messages: [], stop: true, timeline: [{ kind: errKind, detail: { error: 'not-available', id: call.id } }] };
        const left = deadline - Date.now();
        let timer: NodeJS.Timeout | undefined;
        const budget = new Promise<BotReply>((resolve) => {
          timer = setTimeout(() => {
            // The budget is spent once its timer fires, whatever Date.now() says (a timer may fire
            // a millisecond before the wall clock reaches the deadline): the next turns are skipped.
            budgetExceeded = true;
            resolve({ messages: [], stop: true, timeline: [{ kind: errKind, detail: { error: 'time-budget', id: call.id } }] });
          }, Math.max(0, left));
        });
        try {
          const turn = {
            companyId: t.companyId,
            ticketId: t.id,
            ticketUuid: t.uuid,
            queueId: state.queueId,
            contact: { id: t.contactId, name: contact?.name ?? '', number: contact?.number ?? '' },
            text: m.body,
            mediaType: m.mediaType,
            mediaPath: m.mediaUrl,
            session,
            replay: { runId: run.runId, history: run.history.slice() },
          };
          const ref = call.kind === 'integration' ? { integrationId: call.id } : { promptId: call.id };
          return await Promise.race([responder.respond(turn, ref), budget]);
        } catch (err) {
          return { messages: [], stop: true, timeline: [{ kind: errKind, detail: { error: String((err as Error).message ?? err).slice(0, 200) } }] };
        } finally {
          clearTimeout(timer);
        }
      };

      // 3. The turns, one after the other, in memory.
      for (const { m, actual } of turns) {
        const inbound = { body: m.body, mediaType: m.mediaType };
        const at = m.createdAt.toISOString();
        // The bot had let go before this message (a person's turn to answer).
        const withPerson = state.userId !== null || state.status === 'open' || state.status === 'closed' || (state.botAt !== null && !state.chatbot && state.status !== 'attending');
        if (budgetExceeded || Date.now() >= deadline) {
          budgetExceeded = true;
          rows.push({ messageId: m.id, at, inbound, actual, replay: [], decision: decisionOf(state, loaded.queueNames, null, false), events: [], error: null, skipped: true });
          continue;
        }
        run.history.push({ fromMe: false, body: m.body, mediaType: m.mediaType });
        // The hours, time limits and the out-of-hours repeat are judged at the message's own time.
        const d = decide(state, { text: m.body }, { ...cfg, now: m.createdAt });
        const timeline = [...d.timeline];
        const replay = d.messages.map((x) => out(x, m.createdAt));
        state = d.newState;
        if (d.call) {
          const reply = await callResponder(d.call, m);
          const applied = applyReply(state, reply);
          state = applied.newState;
          timeline.push(...applied.timeline);
          if (reply.session !== undefined) session = reply.session;
          for (const r of reply.messages) {
            if (r.mediaPath) replay.push({ body: r.body, mediaType: mediaTypeOfName(r.mediaPath), mediaName: r.mediaPath, voice: null });
            else if (r.body.trim()) replay.push({ ...NO_MEDIA, body: r.body });
          }
          const tts = reply.timeline.find((e) => e.kind === 'ai.tts' && e.detail.skipped === 'replay');
          if (tts && replay.length > 0) replay[replay.length - 1] = { ...replay[replay.length - 1]!, voice: String(tts.detail.voice ?? '') };
        }
        for (const r of replay) run.history.push({ fromMe: true, body: r.body, mediaType: r.mediaType });
        rows.push({
          messageId: m.id,
          at,
          inbound,
          actual,
          replay,
          decision: decisionOf(state, loaded.queueNames, handoffOf(timeline), withPerson && timeline.length === 0 && replay.length === 0),
          events: timeline.map((e) => ({ kind: e.kind, detail: e.detail })),
          error: errorOf(timeline),
          skipped: false,
        });
      }

      return {
        ticketId: t.id,
        target: { kind, id: targetId, name: loaded.name ?? '' },
        rows,
        inboundTotal: loaded.inboundTotal,
        limit: maxInbound,
        truncated: loaded.inboundTotal > turns.length,
        budgetExceeded,
        durationMs: Date.now() - started,
      };
    },
  };
};

const decisionOf = (s: BotState, names: Map<number, string>, handoff: string | null, withPerson: boolean) => ({
  status: s.status,
  queueId: s.queueId,
  queueName: s.queueId !== null ? (names.get(s.queueId) ?? null) : null,
  userId: s.userId,
  handoff,
  withPerson,
});

/** A ticket without a connection (deleted since): no greeting, no limits, no hours. */
const EMPTY_CONFIG: BotConfig = {
  now: new Date(0),
  timezone: 'America/Sao_Paulo',
  scheduleType: 'disabled',
  companySchedules: [],
  connection: { greetingMessage: '', outOfHoursMessage: '', maxUseBotQueues: 0, timeUseBotQueues: 0, sendGreetingMessageOneQueues: true, integrationId: null, promptId: null },
  queues: [],
  texts: { invalidOption: '', back: '', mainMenu: '' },
};

export type BotReplayService = ReturnType<typeof createBotReplay>;
