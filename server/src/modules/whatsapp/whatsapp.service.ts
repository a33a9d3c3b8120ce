import type { CreateWhatsappBody, WhatsappDto } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import { assertBelowLimit } from '../companies/plan-limits';
import * as queuesRepo from '../queues/queues.repository';
import type { SessionManager } from './session-manager';
import * as repo from './whatsapp.repository';

export const createWhatsappService = (deps: { data: DataAccess; sessions: SessionManager; sandboxEnabled: boolean }) => ({
  list: (ctx: Ctx): Promise<WhatsappDto[]> => deps.data.withTenant(ctx, ({ tx }) => repo.list(tx, ctx.companyId)),

  create: async (ctx: Ctx, body: CreateWhatsappBody): Promise<WhatsappDto> => {
    if (ctx.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION');
    if (body.provider === 'sandbox' && !deps.sandboxEnabled) throw new AppError('ERR_SANDBOX_DISABLED');
    const { row, queueIds } = await deps.data.withTenant(ctx, async ({ tx, stage }) => {
      await assertBelowLimit(tx, ctx.companyId, 'connections', (t) => repo.count(t, ctx.companyId));
      const queueIds = await queuesRepo.existingIds(tx, ctx.companyId, body.queueIds);
      if (queueIds.length !== new Set(body.queueIds).size) throw new AppError('ERR_NO_QUEUE_FOUND');
      if (queueIds.length > 1 && !body.greetingMessage.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED');
      if (body.transferQueueId && !(await queuesRepo.get(tx, ctx.companyId, body.transferQueueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
      // AI prompts arrive with their own issue; until then no id can name one of ours.
      if (body.promptId) throw new AppError('ERR_NOT_FOUND', 'prompt not found');
      // The first connection is the default one: at least one default must exist.
      const isDefault = body.isDefault || (await repo.count(tx, ctx.companyId)) === 0;
      if (isDefault) await repo.clearDefault(tx, ctx.companyId);
      const { queueIds: _q, ...fields } = body;
      const row = await repo.insert(tx, { ...fields, isDefault, companyId: ctx.companyId, status: 'DISCONNECTED', transferQueueId: body.transferQueueId ?? null, promptId: body.promptId ?? null });
      await repo.setQueues(tx, ctx.companyId, row.id, queueIds);
      const dto = repo.toWhatsappDto(row, (await repo.queueIdsOf(tx, ctx.companyId, [row.id])).get(row.id) ?? []);
      stage({ type: 'whatsapp.updated', companyId: ctx.companyId, whatsapp: dto });
      return { row, queueIds };
    });
    // A sandbox phone is "scanned" at once; real connections wait for POST /whatsappsession/:id.
    if (row.provider === 'sandbox') await deps.sessions.start(row, queueIds);
    return deps.data.withTenant(ctx, async ({ tx }) => (await repo.list(tx, ctx.companyId)).find((w) => w.id === row.id)!);
  },
});

export type WhatsappService = ReturnType<typeof createWhatsappService>;
