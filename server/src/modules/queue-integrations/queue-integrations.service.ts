import {
  can,
  type CreateQueueIntegrationBody,
  type ListQueueIntegrationsQuery,
  type ListQueueIntegrationsResponse,
  type QueueIntegrationDto,
  type SavedQueueIntegration,
  type TestQueueIntegrationBody,
  type TestQueueIntegrationResponse,
  type UpdateQueueIntegrationBody,
} from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Ctx, DataAccess } from '../../db/tenant';
import { pgCode, UNIQUE_VIOLATION } from '../../db/errors';
import { AppError } from '../../infra/errors';
import { checkOutboundUrl } from '../../lib/outbound';
import { newSecret } from '../../lib/signature';
import { open, seal } from '../../lib/sealed-value';
import { auditQueries } from '../audit';
import { queuesQueries } from '../queues';
import { whatsappQueries } from '../whatsapp';
import { detectIntent, parseServiceAccount, type TokenCache } from './clients/dialogflow';
import type { HttpOptions } from './clients/http';
import * as repo from './queue-integrations.repository';

export interface IntegrationDeps {
  data: DataAccess;
  /** Seals jsonContent and secret at rest (config.waEncryptionKey). */
  key: Buffer;
  /** Dialogflow's REST base (tests: a local fake). */
  dialogflowBaseUrl: string;
  http: HttpOptions;
  tokens: TokenCache;
  now: () => number;
  /** Whether an integration's URL may name this machine or a private network (decisions 0195, 0343). */
  allowPrivateHosts: boolean;
}

/** The kinds whose calls carry X-Balcao-Signature, so they always have a secret (issue 28 §3). */
const signs = (type: string) => type === 'webhook' || type === 'n8n';

/** Where a sealed value belongs: a row copied to another company or field does not open. */
export const aad = (companyId: number, field: 'jsonContent' | 'secret') => `queue_integrations:${companyId}:${field}`;
export const sealField = (key: Buffer, companyId: number, field: 'jsonContent' | 'secret', plain: string) => (plain === '' ? '' : seal(key, plain, aad(companyId, field)));
export const openField = (key: Buffer, companyId: number, field: 'jsonContent' | 'secret', stored: string) => (stored === '' ? '' : open(key, stored, aad(companyId, field)));

/** What the audit trail keeps (secrets as whether they are set; the trail masks `secret`/`jsonContent` anyway). */
const auditView = (d: QueueIntegrationDto) => {
  const { updatedAt: _u, jsonContent: _j, secret: _s, ...rest } = d;
  return rest;
};

const taken = () => new AppError('ERR_DUPLICATED_RECORD', 'an integration with this name exists');

export const createQueueIntegrationsService = (deps: IntegrationDeps) => {
  const { data, key } = deps;
  const manager = (ctx: Ctx) => {
    if (!can(ctx, 'queueIntegrations:manage')) throw new AppError('ERR_NO_PERMISSION');
  };
  const of = async (tx: Tx, ctx: Ctx, id: number, lock = false) => {
    const row = lock ? await repo.lock(tx, ctx.companyId, id) : await repo.get(tx, ctx.companyId, id);
    if (!row) throw new AppError('ERR_NO_INTEGRATION_FOUND');
    return row;
  };
  /**
   * Before the transaction (a name is looked up): the URL and a Dialogflow key's token_uri may not
   * be this machine or a private network (issue 28 §6). A call is guarded again when it is made.
   */
  const checkUrls = async (ctx: Ctx, body: UpdateQueueIntegrationBody) => {
    manager(ctx);
    const urls = [body.urlN8N, body.jsonContent ? parseServiceAccount(body.jsonContent)?.token_uri : undefined];
    for (const url of urls) {
      if (!url) continue;
      const refused = await checkOutboundUrl(url, deps.allowPrivateHosts);
      if (refused?.refusal === 'blocked-host') throw new AppError('ERR_OUTBOUND_URL_REFUSED', refused.message);
    }
  };
  /** Body → columns: secrets sealed ('' = keep on update), projectName = name for non-Dialogflow kinds (administration.md §5). */
  const columns = (ctx: Ctx, body: UpdateQueueIntegrationBody, type: string, name: string) => {
    const { jsonContent, secret, ...rest } = body;
    const cols: Partial<repo.QueueIntegrationInsert> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
    if (type !== 'dialogflow') cols.projectName = name;
    if (jsonContent) {
      if (type === 'dialogflow' && !parseServiceAccount(jsonContent)) throw new AppError('ERR_VALIDATION', 'jsonContent is not a service-account key');
      cols.jsonContent = sealField(key, ctx.companyId, 'jsonContent', jsonContent);
    }
    if (secret) cols.secret = sealField(key, ctx.companyId, 'secret', secret);
    return cols;
  };

  return {
    page: (ctx: Ctx, q: ListQueueIntegrationsQuery): Promise<ListQueueIntegrationsResponse> =>
      data.withTenant(ctx, async ({ tx }) => {
        manager(ctx);
        const p = await repo.page(tx, ctx.companyId, q);
        return { queueIntegrations: p.rows.map(repo.toDto), count: p.count, hasMore: p.hasMore };
      }),

    show: (ctx: Ctx, id: number): Promise<QueueIntegrationDto> =>
      data.withTenant(ctx, async ({ tx }) => {
        manager(ctx);
        return repo.toDto(await of(tx, ctx, id));
      }),

    create: async (ctx: Ctx, body: CreateQueueIntegrationBody): Promise<SavedQueueIntegration> => {
      await checkUrls(ctx, body);
      const generatedSecret = signs(body.type) && !body.secret ? newSecret() : undefined;
      return data.withTenant(ctx, async ({ tx, stage }) => {
        manager(ctx);
        if (await repo.nameTaken(tx, ctx.companyId, body.name)) throw taken();
        const row = await repo.insert(tx, { ...columns(ctx, { ...body, secret: generatedSecret ?? body.secret }, body.type, body.name), companyId: ctx.companyId, name: body.name, type: body.type });
        if (!row) throw taken();
        const dto = repo.toDto(row);
        await auditQueries.record(tx, ctx, { entity: 'queue-integration', entityId: dto.id, action: 'create', after: auditView(dto) });
        stage({ type: 'queueIntegration.saved', companyId: ctx.companyId, queueIntegration: dto, created: true });
        return generatedSecret ? { ...dto, generatedSecret } : dto;
      });
    },

    update: async (ctx: Ctx, id: number, body: UpdateQueueIntegrationBody): Promise<SavedQueueIntegration> => {
      await checkUrls(ctx, body);
      return data.withTenant(ctx, async ({ tx, stage }) => {
        manager(ctx);
        const before = await of(tx, ctx, id, true);
        const name = body.name ?? before.name;
        if (body.name !== undefined && (await repo.nameTaken(tx, ctx.companyId, body.name, id))) throw taken();
        // One saved before every signing integration had a secret gets one now (decision 0344).
        const generatedSecret = signs(body.type ?? before.type) && !body.secret && before.secret === '' ? newSecret() : undefined;
        const row = await repo.update(tx, ctx.companyId, id, columns(ctx, { ...body, secret: generatedSecret ?? body.secret }, body.type ?? before.type, name)).catch((err: unknown) => {
          if (pgCode(err) === UNIQUE_VIOLATION) throw taken();
          throw err;
        });
        const dto = repo.toDto(row!);
        const old = repo.toDto(before);
        // A replaced secret shows as changed even though both read '': compare the ciphertexts.
        await auditQueries.record(tx, ctx, {
          entity: 'queue-integration',
          entityId: id,
          action: 'update',
          before: { ...auditView(old), ...(body.jsonContent ? { jsonContent: 'old' } : {}), ...(body.secret || generatedSecret ? { secret: 'old' } : {}) },
          after: { ...auditView(dto), ...(body.jsonContent ? { jsonContent: 'new' } : {}), ...(body.secret || generatedSecret ? { secret: 'new' } : {}) },
        });
        stage({ type: 'queueIntegration.saved', companyId: ctx.companyId, queueIntegration: dto, created: false });
        return generatedSecret ? { ...dto, generatedSecret } : dto;
      });
    },

    /** Deleting unlinks it from the queues and connections that used it (the spec's confirmation says so; decision 0181). */
    remove: (ctx: Ctx, id: number): Promise<void> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        manager(ctx);
        const before = await of(tx, ctx, id, true);
        await queuesQueries.clearIntegration(tx, ctx.companyId, id);
        await whatsappQueries.clearIntegration(tx, ctx.companyId, id);
        await repo.remove(tx, ctx.companyId, id);
        await auditQueries.record(tx, ctx, { entity: 'queue-integration', entityId: id, action: 'delete', before: auditView(repo.toDto(before)) });
        stage({ type: 'queueIntegration.deleted', companyId: ctx.companyId, integrationId: id });
      }),

    /**
     * `POST /queueIntegration/testSession`: one detectIntent ("Olá") with the given service account,
     * or the stored one of `id` when the dialog left the field empty (it is never sent back).
     */
    test: async (ctx: Ctx, body: TestQueueIntegrationBody): Promise<TestQueueIntegrationResponse> => {
      const json = await data.withTenant(ctx, async ({ tx }) => {
        manager(ctx);
        if (body.jsonContent || !body.id) return body.jsonContent;
        return openField(key, ctx.companyId, 'jsonContent', (await of(tx, ctx, body.id)).jsonContent);
      });
      const account = parseServiceAccount(json);
      if (!account) throw new AppError('ERR_INTEGRATION_TEST_FAILED', 'jsonContent is not a service-account key', { reason: 'bad-key' });
      const cfg = { id: body.id ?? 0, baseUrl: deps.dialogflowBaseUrl, projectName: body.projectName, language: body.language, account };
      const r = await detectIntent(cfg, `test-${ctx.companyId}-${ctx.userId}`, 'Olá', deps.tokens, deps.http, deps.now);
      if (!r.ok) throw new AppError('ERR_INTEGRATION_TEST_FAILED', `dialogflow: ${r.error}`, { reason: r.error, status: r.status });
      return { ok: true, reply: r.replies.join('\n') };
    },
  };
};

export type QueueIntegrationsService = ReturnType<typeof createQueueIntegrationsService>;
