/**
 * The thin runner around `decide` (bot.decide.ts): one `bot.turn` job per stored customer
 * message. In one transaction it locks the ticket, skips a turn already taken for that message
 * (a redelivered job sends nothing twice: every timeline row carries the message id), builds the
 * config, decides, queues the messages (stored `automated`, sent by the messages module's send
 * job), saves the ticket's bot fields and the timeline. A responder (integration, AI prompt) is
 * called after that commit, outside any transaction, and its reply applied in a second one.
 */
import type { DataAccess, Unit } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { MediaStore } from '../../infra/media-store';
import type { Jobs, JobPayloads } from '../../infra/jobs';
import { LANGUAGE_SETTING, textsOf } from '../../infra/texts';
import { companiesQueries } from '../companies';
import { contactsQueries } from '../contacts';
import { ticketsQueries, type TicketRow } from '../tickets';
import { whatsappQueries } from '../whatsapp';
import { applyReply, decide, type BotConfig, type BotState, type OutMessage, type ResponderCall } from './bot.decide';
import type { BotReply, ExternalResponder } from './bot.port';
import * as repo from './bot.repository';
import { catchRating } from './bot.rating';
import { sendAutomated } from './bot.send';

export interface Responders {
  integration?: ExternalResponder;
  prompt?: ExternalResponder;
}

export interface BotRunnerDeps {
  data: DataAccess;
  jobs: Jobs;
  clock: Clock;
  responders?: Responders;
  /** Where a responder's generated audio (a voice note) is stored before it is sent. */
  media?: Pick<MediaStore, 'save'>;
}

type Turn = JobPayloads['bot.turn'];

/** A turn waits at most this many times (about a second each) for an earlier one: a stuck job never blocks a ticket for good. */
export const MAX_DEFERRALS = 30;

export const stateOf = (t: TicketRow): BotState => ({
  status: t.status as BotState['status'],
  userId: t.userId,
  queueId: t.queueId,
  chatbot: t.chatbot,
  botOptionId: t.botOptionId,
  botUses: t.botUses,
  botAt: t.botAt,
  outOfHoursAt: t.outOfHoursAt,
  isGroup: t.isGroup,
});

export const configOf = async (tx: Unit['tx'], t: TicketRow, now: Date): Promise<BotConfig | undefined> => {
  const w = await whatsappQueries.get(tx, t.companyId, t.whatsappId);
  const company = await companiesQueries.get(tx, t.companyId);
  if (!w || !company) return undefined;
  const setting = (k: string) => companiesQueries.getSetting(tx, t.companyId, k);
  const scheduleType = await setting('scheduleType');
  const texts = textsOf(await setting(LANGUAGE_SETTING));
  return {
    now,
    timezone: company.timezone,
    scheduleType: scheduleType === 'company' || scheduleType === 'queue' ? scheduleType : 'disabled',
    companySchedules: company.schedules,
    connection: {
      greetingMessage: w.greetingMessage,
      outOfHoursMessage: w.outOfHoursMessage,
      maxUseBotQueues: w.maxUseBotQueues,
      timeUseBotQueues: w.timeUseBotQueues,
      sendGreetingMessageOneQueues: (await setting('sendGreetingMessageOneQueues')) === 'enabled',
      integrationId: w.integrationId,
      promptId: w.promptId,
    },
    queues: await repo.connectionQueues(tx, t.companyId, t.whatsappId),
    texts: texts.bot,
  };
};

/** The ticket's bot fields from a new state: the tickets module's verb, checked against the transition table. */
const saveState = (unit: Unit, t: TicketRow, s: BotState, now: Date): Promise<TicketRow> => ticketsQueries.applyBotState(unit, t, s, now);

const changed = (t: TicketRow, s: BotState) => {
  const before = stateOf(t);
  return (Object.keys(s) as (keyof BotState)[]).some((k) => String(before[k]) !== String(s[k]));
};

const announce = async (unit: Unit, t: TicketRow) => {
  const dto = await ticketsQueries.loadDto(unit.tx, t.companyId, t.id);
  if (dto) unit.stage({ type: 'ticket.updated', companyId: t.companyId, ticket: dto });
};

export const createBotRunner = (deps: BotRunnerDeps) => {
  const { data, jobs, clock } = deps;

  const callResponder = async (call: ResponderCall, t: TicketRow, turn: Turn): Promise<BotReply> => {
    const responder = call.kind === 'integration' ? deps.responders?.integration : deps.responders?.prompt;
    const started = Date.now();
    if (!responder) return { messages: [], stop: true, timeline: [{ kind: call.kind === 'prompt' ? 'ai' : 'integration', detail: { error: 'not-available', id: call.id } }] };
    const contact = await data.withTenant({ companyId: t.companyId }, ({ tx }) => contactsQueries.get(tx, t.companyId, t.contactId));
    try {
      const reply = await responder.respond(
        {
          companyId: t.companyId,
          ticketId: t.id,
          ticketUuid: t.uuid,
          queueId: t.queueId,
          contact: { id: t.contactId, name: contact?.name ?? '', number: contact?.number ?? '' },
          text: turn.body,
          mediaType: turn.mediaType,
          mediaPath: turn.mediaUrl,
          session: t.integrationSession,
        },
        call.kind === 'integration' ? { integrationId: call.id } : { promptId: call.id },
      );
      return { ...reply, timeline: [...reply.timeline, { kind: 'responder-done', detail: { ...call, ms: Date.now() - started, messages: reply.messages.length } }] };
    } catch (err) {
      // The port says a responder never throws; if one does, a person takes over, on the record.
      return { messages: [], stop: true, timeline: [{ kind: call.kind === 'prompt' ? 'ai' : 'integration', detail: { error: String((err as Error).message ?? err).slice(0, 200), ms: Date.now() - started } }] };
    }
  };

  /** One turn: returns what was decided (tests read it). */
  const run = async (turn: Turn): Promise<{ skipped?: 'duplicate' | 'gone' | 'deferred'; sent: number }> => {
    const ctx = { companyId: turn.companyId };
    const first = await data.withTenant(ctx, async (unit) => {
      const t = await repo.lockTicket(unit.tx, turn.companyId, turn.ticketId);
      if (!t) return { skipped: 'gone' as const, sent: 0 };
      if (await repo.turnDone(unit.tx, turn.companyId, t.id, turn.messageId)) return { skipped: 'duplicate' as const, sent: 0 };
      // Turns apply in message order, across processes: an earlier message's turn goes first (decision 0199).
      if ((turn.deferrals ?? 0) < MAX_DEFERRALS && (await repo.earlierTurnPending(unit.tx, turn.companyId, t.id, turn.messageId))) return { skipped: 'deferred' as const, sent: 0 };
      // A 1–3 answering a rating question: the earlier ticket's rating, not a new conversation.
      const rated = await catchRating(unit, { jobs, clock }, t, turn);
      if (rated) return { sent: rated.sent };
      const now = clock.now();
      const config = await configOf(unit.tx, t, now);
      if (!config) return { skipped: 'gone' as const, sent: 0 };
      const d = decide(stateOf(t), { text: turn.body }, config);
      await ticketsQueries.recordEvents(unit.tx, t.companyId, t.id, d.timeline, { messageId: turn.messageId });
      if (!changed(t, d.newState) && d.messages.length === 0) return d.call ? { sent: 0, call: d.call, ticket: t } : { sent: 0 };
      const saved = await saveState(unit, t, d.newState, now);
      await sendAutomated(unit, jobs, clock, saved, d.messages);
      await announce(unit, saved);
      return { sent: d.messages.length, call: d.call, ticket: saved };
    });
    if (first.skipped === 'deferred') {
      const deferrals = (turn.deferrals ?? 0) + 1;
      await jobs.enqueueNow('bot.turn', { ...turn, deferrals }, { singletonKey: `bot:${turn.messageId}:${deferrals}`, startAfterSeconds: 1 });
      return first;
    }
    if (!('call' in first) || !first.call) return first;
    const reply = await callResponder(first.call, first.ticket, turn);
    // Generated audio is stored first (files are not transactional); a failed store drops only that audio.
    const outs: OutMessage[] = [];
    for (const m of reply.messages) {
      const delay = m.delayMs && m.delayMs > 0 ? { delayMs: m.delayMs } : {};
      if (m.audio && deps.media) {
        try {
          const name = await deps.media.save(turn.companyId, m.audio.data, { mimetype: m.audio.mimetype, fileName: 'voice.ogg' });
          outs.push({ body: m.body, media: { path: name, name: null, type: 'ptt' }, ...delay });
          continue;
        } catch (err) {
          reply.timeline.push({ kind: 'discarded', detail: { reason: 'audio-store', error: String((err as Error).message ?? err).slice(0, 200) } });
        }
      }
      if (m.mediaPath) outs.push({ body: m.body, media: { path: m.mediaPath, name: null }, ...delay });
      else if (m.body.trim()) outs.push({ body: m.body, ...delay });
    }
    return data.withTenant(ctx, async (unit) => {
      const t = await repo.lockTicket(unit.tx, turn.companyId, turn.ticketId);
      // Accepted (or closed) while the responder answered: the person wins, nothing is sent.
      if (!t || t.userId !== null || t.status === 'closed' || t.status === 'open') {
        if (t) await ticketsQueries.recordEvents(unit.tx, t.companyId, t.id, [...reply.timeline, { kind: 'discarded', detail: { reason: 'taken' } }], { messageId: turn.messageId });
        return { sent: first.sent };
      }
      const now = clock.now();
      // Handed to a queue: like a menu choice of it (its greeting, then pending there; decision 0196).
      const moving = reply.queueId && !reply.userId ? reply.queueId : null;
      const cfg = moving ? await configOf(unit.tx, t, now) : undefined;
      const ctx = moving && cfg ? { cfg, target: cfg.queues.find((q) => q.id === moving) ?? (await repo.queueConf(unit.tx, t.companyId, moving)) } : undefined;
      const { newState, timeline, messages } = applyReply(stateOf(t), reply, ctx);
      await ticketsQueries.recordEvents(unit.tx, t.companyId, t.id, timeline, { messageId: turn.messageId });
      let saved = await saveState(unit, t, newState, now);
      if (reply.session !== undefined) saved = (await ticketsQueries.setFacts(unit.tx, t.companyId, t.id, { integrationSession: reply.session })) ?? saved;
      const all = [...outs, ...messages];
      await sendAutomated(unit, jobs, clock, saved, all);
      await announce(unit, saved);
      return { sent: first.sent + all.length };
    });
  };

  return { run };
};

export type BotRunner = ReturnType<typeof createBotRunner>;
