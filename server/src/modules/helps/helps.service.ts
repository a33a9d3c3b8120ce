import { can, HelpBody, type HelpDto } from '@balcao/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError, found } from '../../infra/errors';
import { auditQueries } from '../audit';
import { companiesQueries } from '../companies';
import * as repo from './helps.repository';

type HelpInput = z.output<typeof HelpBody>;

/** Helps live under the platform company (decision 0272); without one (a bare test database) there are none. */
const platformId = async (tx: Tx): Promise<number | undefined> => (await companiesQueries.platform(tx))?.id;

const audited = (h: repo.HelpRow) => ({ title: h.title, description: h.description, video: h.video });

/**
 * Help videos (administration.md /helps): one list for the whole platform, read by every logged
 * user, written by the super user only. Rows belong to the platform company and are reached
 * through the system reason 'helps:platform'; each change is in the platform's audit trail.
 */
export const createHelpsService = (data: DataAccess) => {
  const write = <T>(ctx: Ctx, fn: (tx: Tx, platform: number) => Promise<T>): Promise<T> => {
    if (!can(ctx, 'helps:manage')) throw new AppError('ERR_NO_PERMISSION');
    return data.withSystem('helps:platform', async ({ tx }) => {
      const platform = found(await platformId(tx), 'ERR_NO_COMPANY_FOUND');
      return fn(tx, platform);
    });
  };
  return {
    list: (_ctx: Ctx, search?: string): Promise<HelpDto[]> =>
      data.withSystem('helps:platform', async ({ tx }) => {
        const platform = await platformId(tx);
        return platform ? (await repo.list(tx, platform, search?.trim() || undefined)).map(repo.toHelpDto) : [];
      }),

    /**
     * The help texts that answer a retrieval query (issue 32 §1: help texts count as knowledge),
     * for the copilot of any company. Only the platform's rows are read: a help is the platform's
     * own text, never another company's, so it can ground any company's drafts.
     */
    passages: (query: string, limit: number): Promise<{ id: number; title: string; text: string }[]> =>
      query === ''
        ? Promise.resolve([])
        : data.withSystem('helps:platform', async ({ tx }) => {
            const platform = await platformId(tx);
            return platform ? (await repo.bestMatches(tx, platform, query, limit)).map((h) => ({ id: h.id, title: h.title, text: h.description })) : [];
          }),

    create: (ctx: Ctx, body: HelpInput): Promise<HelpDto> =>
      write(ctx, async (tx, platform) => {
        const row = await repo.insert(tx, platform, body);
        await auditQueries.record(tx, ctx, { entity: 'help', entityId: row.id, action: 'create', before: null, after: audited(row), companyId: platform });
        return repo.toHelpDto(row);
      }),

    update: (ctx: Ctx, id: number, body: HelpInput): Promise<HelpDto> =>
      write(ctx, async (tx, platform) => {
        const before = found(await repo.get(tx, platform, id), 'ERR_NO_HELP_FOUND');
        const row = (await repo.update(tx, platform, id, body))!;
        await auditQueries.record(tx, ctx, { entity: 'help', entityId: id, action: 'update', before: audited(before), after: audited(row), companyId: platform });
        return repo.toHelpDto(row);
      }),

    remove: (ctx: Ctx, id: number): Promise<{ message: string }> =>
      write(ctx, async (tx, platform) => {
        const before = found(await repo.get(tx, platform, id), 'ERR_NO_HELP_FOUND');
        await repo.remove(tx, platform, id);
        await auditQueries.record(tx, ctx, { entity: 'help', entityId: id, action: 'delete', before: audited(before), after: null, companyId: platform });
        return { message: 'Help deleted' };
      }),
  };
};

export type HelpsService = ReturnType<typeof createHelpsService>;
