import type { BotReply, BotTurn, ExternalResponder } from '../bot';
import { systemCtx } from '../../db/tenant';
import { callDialogflow, parseServiceAccount } from './clients/dialogflow';
import { callTypebot } from './clients/typebot';
import { callWebhook } from './clients/webhook';
import * as repo from './queue-integrations.repository';
import { openField, type IntegrationDeps } from './queue-integrations.service';

const failed = (integrationId: number | undefined, error: string, extra: Record<string, unknown> = {}): BotReply => ({
  messages: [],
  stop: true,
  timeline: [{ kind: 'integration', detail: { integrationId: integrationId ?? null, error, ...extra } }],
});

/**
 * The bot engine's responder for queue integrations (bot.port.ts). It reads the integration of
 * the turn's company, opens its secrets and calls the right client. Nothing throws past here: a
 * missing or broken integration, a timeout, a 500 or bad JSON is `stop: true` with a timeline
 * entry, so the ticket goes to a person.
 */
export const createIntegrationResponder = (deps: IntegrationDeps): ExternalResponder => ({
  async respond(turn: BotTurn, ref: { integrationId?: number }): Promise<BotReply> {
    const id = ref.integrationId;
    if (!id) return failed(id, 'no-integration');
    try {
      const row = await deps.data.withTenant(systemCtx(turn.companyId), ({ tx }) => repo.get(tx, turn.companyId, id));
      if (!row) return failed(id, 'not-found');
      switch (row.type) {
        case 'typebot':
          if (!row.urlN8N || !row.typebotSlug) return failed(id, 'not-configured', { type: row.type });
          return await callTypebot(
            {
              id,
              url: row.urlN8N,
              slug: row.typebotSlug,
              expires: row.typebotExpires,
              delayMs: row.typebotDelayMessage,
              keywordFinish: row.typebotKeywordFinish,
              keywordRestart: row.typebotKeywordRestart,
              restartMessage: row.typebotRestartMessage,
              unknownMessage: row.typebotUnknownMessage,
            },
            turn,
            deps.http,
            deps.now,
          );
        case 'n8n':
        case 'webhook':
          if (!row.urlN8N) return failed(id, 'not-configured', { type: row.type });
          return await callWebhook({ id, name: row.name, type: row.type, url: row.urlN8N, secret: openField(deps.key, turn.companyId, 'secret', row.secret) }, turn, deps.http);
        case 'dialogflow': {
          const account = parseServiceAccount(openField(deps.key, turn.companyId, 'jsonContent', row.jsonContent));
          if (!account) return failed(id, 'not-configured', { type: row.type });
          return await callDialogflow({ id, baseUrl: deps.dialogflowBaseUrl, projectName: row.projectName, language: row.language, account }, turn, deps.tokens, deps.http, deps.now);
        }
        default:
          return failed(id, 'unknown-type', { type: row.type });
      }
    } catch (err) {
      return failed(id, 'internal', { message: err instanceof Error ? err.message : String(err) });
    }
  },
});
