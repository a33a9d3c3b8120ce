import { COPILOT_DEFAULTS, type CopilotFeature } from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import { companiesQueries } from '../companies';
import type { Breaker } from './copilot.breaker';
import { complete, transcribe, type Endpoint } from './copilot.model';
import type { ChatMessage } from './copilot.prompts';
import * as repo from './copilot.repository';
import type { CopilotSecrets } from './copilot.secrets';

export interface ModelAccessDeps {
  data: DataAccess;
  secrets: CopilotSecrets;
  breaker: Breaker;
  /** One model call, connection to last byte. */
  timeoutMs: number;
  allowPrivateHosts: boolean;
  now: () => Date;
}

export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

/**
 * The company's model, and what every call pays (decisions 0402–0403, 0442): the endpoint is read
 * inside the caller's transaction with the month's tokens checked against the plan's cap and then
 * the company's own; the call itself runs outside any transaction; its tokens are metered in a
 * short one of their own, whatever is then made of the answer (they were spent).
 */
export const modelAccess = (deps: ModelAccessDeps) => {
  const { data, secrets } = deps;
  const callOpts = (companyId: number) => ({ breaker: deps.breaker, breakerKey: String(companyId), timeoutMs: deps.timeoutMs, allowPrivateHosts: deps.allowPrivateHosts });
  const meter = (ctx: Pick<Ctx, 'companyId'>, feature: CopilotFeature, tokens: number) =>
    data.withTenant(ctx, ({ tx }) => repo.addUsage(tx, ctx.companyId, monthOf(deps.now()), feature, tokens));

  /** The endpoint to call, or the reason there is none; the caps checked against this month's tokens. */
  const endpointFor = async (tx: Tx, companyId: number, settings?: repo.SettingsRow): Promise<Endpoint> => {
    const [s, spent, planCap] = await Promise.all([settings ?? repo.getSettings(tx, companyId), repo.monthTokens(tx, companyId, monthOf(deps.now())), companiesQueries.copilotTokenCap(tx, companyId)]);
    if (!s?.enabled || !s.apiKey) throw new AppError('ERR_COPILOT_NOT_CONFIGURED');
    // The plan's cap first: the company cannot raise it with its own setting.
    if (planCap > 0 && spent >= planCap) throw new AppError('ERR_COPILOT_PLAN_CAP');
    if (s.monthlyTokenCap > 0 && spent >= s.monthlyTokenCap) throw new AppError('ERR_COPILOT_TOKEN_CAP');
    let apiKey: string;
    try {
      apiKey = secrets.open(companyId, s.apiKey);
    } catch {
      throw new AppError('ERR_COPILOT_NOT_CONFIGURED', 'the stored key cannot be read: type it again');
    }
    return { baseUrl: s.baseUrl || COPILOT_DEFAULTS.baseUrl, model: s.model || COPILOT_DEFAULTS.model, apiKey };
  };

  return {
    endpointFor,
    /** The model's answer to a chat, metered. */
    ask: async (ctx: Pick<Ctx, 'companyId'>, ep: Endpoint, feature: CopilotFeature, messages: ChatMessage[], maxTokens: number, temperature = 0.4): Promise<string> => {
      const answer = await complete(ep, messages, { ...callOpts(ctx.companyId), maxTokens, temperature });
      await meter(ctx, feature, answer.tokens);
      return answer.content;
    },
    /** A voice note's words, metered as 'transcription'. */
    transcribe: async (ctx: Pick<Ctx, 'companyId'>, ep: Endpoint, audio: Buffer, fileName: string, model: string): Promise<string> => {
      const answer = await transcribe(ep, audio, fileName, model, callOpts(ctx.companyId));
      await meter(ctx, 'transcription', answer.tokens);
      return answer.content;
    },
  };
};

export type ModelAccess = ReturnType<typeof modelAccess>;
