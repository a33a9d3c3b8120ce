/**
 * What a Cloud API connection's WhatsApp Business Account says, read through the Graph API with the
 * connection's token (decision 0390): its message templates, kept for a few minutes per connection
 * in this process (Meta's list is the truth: reviews approve, pause and reject templates there), and
 * the admin's "test" of the token against the number.
 */
import { can, type CloudTestResponse, type ListTemplatesResponse, type WhatsappTemplateDto } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../../db/tenant';
import type { Clock } from '../../../infra/clock';
import { AppError } from '../../../infra/errors';
import { BoundedCache } from '../../../lib/bounded-cache';
import { ChannelError } from '../whatsapp.port';
import * as repo from '../whatsapp.repository';
import { CloudCallError, graphJson, type GraphApi } from './graph-client';
import { toTemplateDto, type GraphTemplate } from './cloud-templates';

/** How long a connection's list is reused: a template approved in Meta's console shows within this, or at once with `refresh`. */
export const TEMPLATES_TTL_MS = 5 * 60_000;
/** Meta pages the list; a WABA has at most a few hundred templates (250 by default). */
const PAGE_SIZE = 100;
const MAX_PAGES = 10;
const FIELDS = 'name,language,status,category,components,parameter_format';
const NUMBER_FIELDS = 'display_phone_number,verified_name,quality_rating,whatsapp_business_manager_messaging_limit,messaging_limit_tier';

interface NumberFacts {
  display_phone_number?: string;
  verified_name?: string;
  quality_rating?: string;
  whatsapp_business_manager_messaging_limit?: string;
  messaging_limit_tier?: string;
}

type Synced = ListTemplatesResponse;

export interface CloudAccountDeps {
  data: DataAccess;
  /** The connection's Graph API (SessionManager.cloudApi); none: the server has no Cloud config. */
  api: (row: repo.WhatsappRow) => GraphApi | undefined;
  clock: Clock;
}

export const createCloudAccount = (deps: CloudAccountDeps) => {
  const cache = new BoundedCache(1_000, TEMPLATES_TTL_MS, () => deps.clock.now().getTime());

  /** The company's Cloud connection `id`: 404 when not the company's, 400 when another provider. */
  const cloudRow = async (ctx: Ctx, id: number) => {
    const row = await deps.data.withTenant(ctx, ({ tx }) => repo.get(tx, ctx.companyId, id));
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
    if (row.provider !== 'cloud' || !row.cloudWabaId) throw new AppError('ERR_VALIDATION', 'not a Cloud API connection');
    return row;
  };

  const apiOf = (row: repo.WhatsappRow) => {
    const api = deps.api(row);
    if (!api) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', true, 'this server has no Cloud API configuration');
    return api;
  };

  /** Meta's list, every page (by the `after` cursor: a `next` URL is never followed with our token). */
  const sync = async (row: repo.WhatsappRow): Promise<Synced> => {
    const api = apiOf(row);
    const templates: WhatsappTemplateDto[] = [];
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const path = `${row.cloudWabaId}/message_templates?fields=${FIELDS}&limit=${PAGE_SIZE}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const answer = await graphJson<{ data?: GraphTemplate[]; paging?: { cursors?: { after?: string }; next?: string } }>(api, { method: 'GET', path }, 'ERR_WAPP_NOT_INITIALIZED');
      for (const t of answer.data ?? []) {
        const dto = toTemplateDto(t);
        if (dto) templates.push(dto);
      }
      after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
      if (!after) break;
    }
    templates.sort((x, y) => x.name.localeCompare(y.name) || x.language.localeCompare(y.language));
    const synced = { templates, syncedAt: deps.clock.now().toISOString() };
    cache.set(String(row.id), synced);
    return synced;
  };

  /**
   * The number as Meta shows it (decision 0450), its quality rating and messaging limit stored on
   * the row and announced to the admins. The limit is the portfolio's since October 2025
   * (`whatsapp_business_manager_messaging_limit`); `messaging_limit_tier`, deprecated, is the fallback.
   */
  const readNumber = async (row: repo.WhatsappRow): Promise<NumberFacts> => {
    const info = await graphJson<NumberFacts>(apiOf(row), { method: 'GET', path: `${row.cloudPhoneNumberId}?fields=${NUMBER_FIELDS}` }, 'ERR_WAPP_NOT_INITIALIZED');
    const facts = { cloudQualityRating: (info.quality_rating ?? '').slice(0, 20), cloudMessagingLimit: (info.whatsapp_business_manager_messaging_limit ?? info.messaging_limit_tier ?? '').slice(0, 30) };
    await deps.data.withTenant({ companyId: row.companyId }, async ({ tx, stage }) => {
      await repo.update(tx, row.companyId, row.id, { ...facts, cloudCheckedAt: deps.clock.now() });
      const dto = await repo.dtoOf(tx, row.companyId, row.id);
      if (dto) stage({ type: 'whatsapp.updated', companyId: row.companyId, whatsapp: dto });
    });
    return info;
  };

  const listOf = async (row: repo.WhatsappRow, refresh = false): Promise<Synced> => (!refresh && cache.get<Synced>(String(row.id))) || sync(row);

  return {
    /** GET /whatsapp/:id/templates: anyone of the company (the composer offers them). */
    templates: async (ctx: Ctx, id: number, refresh = false): Promise<ListTemplatesResponse> => {
      const row = await cloudRow(ctx, id);
      const list = await listOf(row, refresh);
      // A refresh asked by someone also reads the number's quality and limit (decision 0450); never fatal to the list.
      if (refresh) await readNumber(row).catch(() => undefined);
      return list;
    },

    /** The approved template `name` in `language` of the connection (read from Meta once more when not in the copy). */
    approved: async (row: repo.WhatsappRow, name: string, language: string): Promise<WhatsappTemplateDto> => {
      const find = (s: Synced) => s.templates.find((t) => t.name === name && t.language === language && t.status === 'APPROVED');
      const template = find(await listOf(row)) ?? find(await sync(row));
      if (!template) throw new AppError('ERR_NO_TEMPLATE_FOUND');
      return template;
    },

    /** POST /whatsapp/:id/test (admins): does the stored token read the number? Meta's facts, or Meta's refusal. */
    test: async (ctx: Ctx, id: number): Promise<CloudTestResponse> => {
      if (!can(ctx, 'connections:manage')) throw new AppError('ERR_NO_PERMISSION');
      const row = await cloudRow(ctx, id);
      try {
        const info = await readNumber(row);
        return {
          ok: true,
          displayPhoneNumber: info.display_phone_number ?? '',
          verifiedName: info.verified_name ?? '',
          qualityRating: info.quality_rating ?? '',
          messagingLimit: info.whatsapp_business_manager_messaging_limit ?? info.messaging_limit_tier ?? '',
        };
      } catch (err) {
        if (!(err instanceof ChannelError)) throw err;
        return { ok: false, errorCode: err instanceof CloudCallError ? (err.graphCode ?? null) : null, error: err.message };
      }
    },
  };
};

export type CloudAccount = ReturnType<typeof createCloudAccount>;
