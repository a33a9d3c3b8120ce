import { can, maskSecret, PROMPT_DEFAULTS, type CreatePromptBody, type ListPromptsResponse, type PromptDto, type UpdatePromptBody } from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import { checkOutboundUrl } from '../../lib/outbound';
import { auditQueries } from '../audit';
import { queuesQueries } from '../queues';
import { ticketsQueries } from '../tickets';
import { whatsappQueries } from '../whatsapp';
import * as repo from './prompts.repository';
import { keptOrNew, type PromptSecrets } from './prompts.secrets';

const admin = (ctx: Ctx) => {
  if (!can(ctx, 'prompts:manage')) throw new AppError('ERR_NO_PERMISSION');
};

/** The record as the API shows it: keys only as a masked tail. */
const toDto = (r: repo.PromptWithQueue, secrets: PromptSecrets): PromptDto => {
  const masked = (field: 'apiKey' | 'voiceKey') => {
    try {
      return maskSecret(secrets.open(r.companyId, field, r[field]));
    } catch {
      // A key sealed under another WA_ENCRYPTION_KEY: shown as set, must be typed again.
      return '…';
    }
  };
  return {
    id: r.id,
    name: r.name,
    prompt: r.prompt,
    apiKey: masked('apiKey'),
    apiKeyConfigured: r.apiKey !== '',
    baseUrl: r.baseUrl,
    model: r.model,
    voice: r.voice,
    voiceKey: masked('voiceKey'),
    voiceKeyConfigured: r.voiceKey !== '',
    voiceRegion: r.voiceRegion,
    maxTokens: r.maxTokens,
    temperature: Number(r.temperature),
    maxMessages: r.maxMessages,
    queueId: r.queueId,
    queue: r.queueId != null && r.queueName != null ? { id: r.queueId, name: r.queueName } : null,
    redactPii: r.redactPii,
    companyId: r.companyId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
};

/** What the audit trail keeps: the settings, keys as '•••' (the trail masks `*key*` fields). */
const audited = (r: repo.PromptRow) => ({
  name: r.name,
  prompt: r.prompt,
  apiKey: r.apiKey,
  baseUrl: r.baseUrl,
  model: r.model,
  voice: r.voice,
  voiceKey: r.voiceKey,
  voiceRegion: r.voiceRegion,
  maxTokens: r.maxTokens,
  temperature: Number(r.temperature),
  maxMessages: r.maxMessages,
  queueId: r.queueId,
  redactPii: r.redactPii,
});

export const createPromptsService = (deps: { data: DataAccess; secrets: PromptSecrets; allowPrivateHosts: boolean }) => {
  const { data, secrets } = deps;
  /** Before the transaction (a name is looked up): the base URL may not be this machine or a private network (issue 28 §6). */
  const assertBaseUrl = async (ctx: Ctx, baseUrl: string | undefined) => {
    admin(ctx);
    if (!baseUrl) return;
    const refused = await checkOutboundUrl(baseUrl, deps.allowPrivateHosts);
    if (refused?.refusal === 'blocked-host') throw new AppError('ERR_OUTBOUND_URL_REFUSED', refused.message);
  };
  const mustGet = async (tx: Tx, ctx: Ctx, id: number) => {
    const row = await repo.get(tx, ctx.companyId, id);
    if (!row) throw new AppError('ERR_NOT_FOUND', 'prompt not found');
    return row;
  };
  const assertQueue = async (tx: Tx, ctx: Ctx, queueId: number) => {
    if (!(await queuesQueries.get(tx, ctx.companyId, queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
  };
  const assertNameFree = async (tx: Tx, ctx: Ctx, name: string, exceptId?: number) => {
    if (await repo.nameTaken(tx, ctx.companyId, name, exceptId)) throw new AppError('ERR_DUPLICATED_RECORD', 'prompt name already in use');
  };

  return {
    page: (ctx: Ctx, q: { searchParam?: string; pageNumber: number }): Promise<ListPromptsResponse> =>
      data.withTenant(ctx, async ({ tx }) => {
        admin(ctx);
        const { rows, count, hasMore } = await repo.page(tx, ctx.companyId, q);
        return { prompts: rows.map((r) => toDto(r, secrets)), count, hasMore };
      }),

    show: (ctx: Ctx, id: number): Promise<PromptDto> =>
      data.withTenant(ctx, async ({ tx }) => {
        admin(ctx);
        return toDto(await mustGet(tx, ctx, id), secrets);
      }),

    create: async (ctx: Ctx, body: CreatePromptBody): Promise<PromptDto> => {
      await assertBaseUrl(ctx, body.baseUrl);
      return data.withTenant(ctx, async ({ tx, stage }) => {
        admin(ctx);
        await assertQueue(tx, ctx, body.queueId);
        await assertNameFree(tx, ctx, body.name);
        const row = await repo.insert(tx, {
          ...body,
          companyId: ctx.companyId,
          apiKey: secrets.seal(ctx.companyId, 'apiKey', body.apiKey),
          voiceKey: secrets.seal(ctx.companyId, 'voiceKey', body.voiceKey),
          baseUrl: body.baseUrl || PROMPT_DEFAULTS.baseUrl,
          model: body.model || PROMPT_DEFAULTS.model,
          temperature: String(body.temperature),
        });
        await auditQueries.record(tx, ctx, { entity: 'prompt', entityId: row.id, action: 'create', after: audited(row) });
        const dto = toDto((await repo.get(tx, ctx.companyId, row.id))!, secrets);
        stage({ type: 'prompt.saved', companyId: ctx.companyId, prompt: dto, created: true });
        return dto;
      });
    },

    update: async (ctx: Ctx, id: number, body: UpdatePromptBody): Promise<PromptDto> => {
      await assertBaseUrl(ctx, body.baseUrl);
      return data.withTenant(ctx, async ({ tx, stage }) => {
        admin(ctx);
        const before = await mustGet(tx, ctx, id);
        if (body.queueId !== undefined) await assertQueue(tx, ctx, body.queueId);
        if (body.name !== undefined) await assertNameFree(tx, ctx, body.name, id);
        const { apiKey, voiceKey, temperature, baseUrl, model, ...rest } = body;
        const patch: Parameters<typeof repo.update>[3] = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
        const newApi = keptOrNew(apiKey);
        const newVoice = keptOrNew(voiceKey);
        if (newApi !== undefined) patch.apiKey = secrets.seal(ctx.companyId, 'apiKey', newApi);
        if (newVoice !== undefined) patch.voiceKey = secrets.seal(ctx.companyId, 'voiceKey', newVoice);
        if (temperature !== undefined) patch.temperature = String(temperature);
        if (baseUrl !== undefined) patch.baseUrl = baseUrl || PROMPT_DEFAULTS.baseUrl;
        if (model !== undefined) patch.model = model || PROMPT_DEFAULTS.model;
        const row = (await repo.update(tx, ctx.companyId, id, patch))!;
        await auditQueries.record(tx, ctx, { entity: 'prompt', entityId: id, action: 'update', before: audited(before), after: audited(row) });
        const dto = toDto((await repo.get(tx, ctx.companyId, id))!, secrets);
        stage({ type: 'prompt.saved', companyId: ctx.companyId, prompt: dto, created: false });
        return dto;
      });
    },

    remove: (ctx: Ctx, id: number): Promise<void> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        admin(ctx);
        const before = await mustGet(tx, ctx, id);
        // Queues, connections and tickets using it go on without it (they carry no foreign key to prompts).
        await queuesQueries.clearPrompt(tx, ctx.companyId, id);
        await whatsappQueries.clearPrompt(tx, ctx.companyId, id);
        await ticketsQueries.clearPrompt(tx, ctx.companyId, id);
        await repo.remove(tx, ctx.companyId, id);
        await auditQueries.record(tx, ctx, { entity: 'prompt', entityId: id, action: 'delete', before: audited(before) });
        stage({ type: 'prompt.deleted', companyId: ctx.companyId, promptId: id });
      }),
  };
};

export type PromptsService = ReturnType<typeof createPromptsService>;
