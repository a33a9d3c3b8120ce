// The bot module's one door (issue 12): the automation engine. Responders (queue integrations,
// AI prompts) implement the port below and are handed to it by app.ts.
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { EventBus } from '../../infra/event-bus';
import type { Jobs } from '../../infra/jobs';
import type { MediaStore } from '../../infra/media-store';
import { defineModule } from '../../infra/module';
import { createBotReplay } from './bot.replay';
import { botMayAct } from './bot.gate';
import { botRoutes } from './bot.routes';
import { createBotRunner, type Responders } from './bot.runner';
import { createBotService } from './bot.service';

export type { BotReply, BotReplyMessage, BotTurn, ExternalResponder, ReplayContext, TimelineEntry } from './bot.port';
export { createBotRunner, type BotRunner, type Responders } from './bot.runner';
export { createBotReplay, REPLAY_BUDGET_MS, REPLAY_MAX_INBOUND, type BotReplayService } from './bot.replay';
export { botMayAct } from './bot.gate';
export { decide, applyReply, withinHours, type BotConfig, type BotState, type Decision } from './bot.decide';
export { botJobQueues } from './bot.job-types';

/** `bot.turn` jobs run this many at a time per process. */
export const BOT_WORKERS = 4;

export const botModule = defineModule({
  name: 'bot',
  dependsOn: ['companies', 'contacts', 'tickets', 'whatsapp', 'messages'],
  setup: (k: { app: FastifyInstance; data: DataAccess; bus: EventBus; jobs: Jobs; clock: Clock; media: MediaStore; responders?: Responders; replay?: { maxInbound?: number; budgetMs?: number } }) => {
    const runner = createBotRunner({ data: k.data, jobs: k.jobs, clock: k.clock, responders: k.responders, media: k.media });
    return {
      routes: botRoutes(createBotService({ data: k.data }), createBotReplay({ data: k.data, responders: k.responders, ...k.replay })),
      start: async () => {
        // After the inbound pipeline committed a customer's message: the bot's turn, as a job
        // keyed on the message (never blocking ingest; a redelivery decides nothing twice) — only
        // when it could do something (bot.gate.ts): most messages go to a person and cost nothing here.
        k.bus.on('message.created', (e) => {
          if (!botMayAct(e)) return;
          const m = e.message;
          return k.jobs
            // enqueueNow wakes an idle local worker itself (decision 0362).
            .enqueueNow('bot.turn', { companyId: e.companyId, ticketId: m.ticketId, messageId: m.id, body: m.body, mediaType: m.mediaType, mediaUrl: m.mediaUrl }, { singletonKey: `bot:${m.id}` })
            .catch((err: unknown) => k.app.log.error({ err }, 'queueing the bot’s turn failed'));
        });
        // Several turns at once (new customers arrive together); one ticket's turns still go one
        // at a time and in order (the runner locks the ticket and defers a later message's turn).
        await k.jobs.work(
          'bot.turn',
          async (turn) => {
            await runner.run(turn);
          },
          { workers: BOT_WORKERS },
        );
      },
    };
  },
});
