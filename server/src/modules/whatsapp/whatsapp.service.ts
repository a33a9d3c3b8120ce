import { can, type ApiTokenResponse, type CreateWhatsappBody, type StartSessionBody, type UpdateCloudConnectionBody, type UpdateWhatsappBody, type WhatsappDto } from '@balcao/shared';
import { pgCode, pgConstraint, UNIQUE_VIOLATION } from '../../db/errors';
import type { Tx } from '../../db/client';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import { auditQueries } from '../audit';
import { assertBelowLimit } from '../companies';
import { queuesQueries } from '../queues';
import type { SessionManager } from './session-manager';
import * as repo from './whatsapp.repository';
import type { JobRouting } from './job-routing';
import { createSessionCommands, type SessionCommand } from './session-commands';
import { newApiToken, storedToken } from './api-token';
import { verifyTokenHash, type CloudSecrets } from './cloud/cloud-secrets';
import { assertFallback } from './failover';

type Deps = { data: DataAccess; sessions: SessionManager; sandboxEnabled: boolean; routing?: JobRouting; cloudSecrets: CloudSecrets };
type Stage = Parameters<Parameters<DataAccess['withTenant']>[1]>[0]['stage'];

const admin = (ctx: Ctx) => {
  if (!can(ctx, 'connections:manage')) throw new AppError('ERR_NO_PERMISSION');
};
const mustGet = async (tx: Tx, ctx: Ctx, id: number) => {
  const row = await repo.get(tx, ctx.companyId, id);
  if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
  return row;
};
const queueIdsOf = async (tx: Tx, ctx: Ctx, id: number) => ((await repo.queueIdsOf(tx, ctx.companyId, [id])).get(id) ?? []).map((q) => q.id);
const stageUpdated = async (tx: Tx, ctx: Ctx, stage: Stage, id: number) => {
  const dto = await repo.dtoOf(tx, ctx.companyId, id);
  if (dto) stage({ type: 'whatsapp.updated', companyId: ctx.companyId, whatsapp: dto });
  return dto;
};

/**
 * What the audit trail keeps of a connection: the admin's settings (the token masked by the trail),
 * not the session's own churn (status, QR code, retries, timestamps).
 */
const audited = (row: repo.WhatsappRow, queueIds: number[]) => {
  const { status: _s, qrcode: _q, retries: _r, number: _n, createdAt: _c, updatedAt: _u, apiTokenHash, apiTokenTail: _t, ...settings } = row;
  // The API token as its hash under the key `token` (masked by the trail): a rotation shows as '•••' → '•••'.
  return { ...settings, token: apiTokenHash ?? '', queueIds: [...queueIds].sort((a, b) => a - b) };
};

/** The spec client's `token` (decision 0295): a chosen token is stored as a generated one is; '' or absent changes nothing. */
const tokenColumns = (token: string | undefined) => (token ? storedToken(token) : {});

/** A Cloud connection's facts as columns: secrets sealed, the verify token hashed; what is left out stays. */
const cloudColumns = (secrets: CloudSecrets, companyId: number, c: UpdateCloudConnectionBody | undefined): Partial<repo.WhatsappRow> => {
  if (!c) return {};
  return {
    ...(c.phoneNumberId !== undefined ? { cloudPhoneNumberId: c.phoneNumberId } : {}),
    ...(c.wabaId !== undefined ? { cloudWabaId: c.wabaId } : {}),
    ...(c.accessToken !== undefined ? { cloudAccessToken: secrets.seal(companyId, 'accessToken', c.accessToken) } : {}),
    ...(c.appSecret !== undefined ? { cloudAppSecret: secrets.seal(companyId, 'appSecret', c.appSecret) } : {}),
    ...(c.verifyToken !== undefined ? { cloudVerifyTokenHash: verifyTokenHash(c.verifyToken) } : {}),
  };
};

/** A Cloud connection cannot work without every fact: refused before the commit. */
const assertCloudComplete = (row: repo.WhatsappRow) => {
  if (row.provider !== 'cloud') return;
  if (!row.cloudPhoneNumberId || !row.cloudWabaId || !row.cloudAccessToken || !row.cloudAppSecret || !row.cloudVerifyTokenHash) {
    throw new AppError('ERR_VALIDATION', 'a cloud connection needs cloud.phoneNumberId, wabaId, accessToken, appSecret and verifyToken');
  }
};

/** Another connection (of any company) already has this Cloud number: its webhooks could not tell them apart. */
const cloudNumberTaken = (err: unknown) =>
  pgCode(err) === UNIQUE_VIOLATION && pgConstraint(err) === 'whatsapps_cloud_phone_number_id' ? new AppError('ERR_DUPLICATED_RECORD', 'this Cloud API phone number id is already connected') : err;

/** The connection as it is now; 404 when it was deleted while the session work ran. */
const dtoOrGone = async (deps: Deps, ctx: Ctx, id: number): Promise<WhatsappDto> => {
  const dto = await deps.data.withTenant(ctx, ({ tx }) => repo.dtoOf(tx, ctx.companyId, id));
  if (!dto) throw new AppError('ERR_NO_WAPP_FOUND');
  return dto;
};

export const createWhatsappService = (deps: Deps) => ({
  ...sessionActions(deps),

  show: (ctx: Ctx, id: number): Promise<WhatsappDto> =>
    deps.data.withTenant(ctx, async ({ tx }) => {
      admin(ctx);
      await mustGet(tx, ctx, id);
      return (await repo.dtoOf(tx, ctx.companyId, id))!;
    }),

  update: async (ctx: Ctx, id: number, body: UpdateWhatsappBody): Promise<WhatsappDto> => {
    admin(ctx);
    if (body.provider === 'sandbox' && !deps.sandboxEnabled) throw new AppError('ERR_SANDBOX_DISABLED');
    const { row, queueIds, queuesChanged } = await deps.data.withTenant(ctx, async ({ tx, stage }) => {
      const before = await mustGet(tx, ctx, id);
      const queueIdsBefore = await queueIdsOf(tx, ctx, id);
      let queueIds = queueIdsBefore;
      if (body.queueIds) {
        queueIds = await queuesQueries.existingIds(tx, ctx.companyId, body.queueIds);
        if (queueIds.length !== new Set(body.queueIds).size) throw new AppError('ERR_NO_QUEUE_FOUND');
      }
      const greeting = body.greetingMessage ?? before.greetingMessage;
      if (queueIds.length > 1 && !greeting.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED');
      if (body.transferQueueId && !(await queuesQueries.get(tx, ctx.companyId, body.transferQueueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
      if (body.promptId && !(await repo.promptExists(tx, ctx.companyId, body.promptId))) throw new AppError('ERR_NOT_FOUND', 'prompt not found');
      if (body.integrationId && !(await repo.integrationExists(tx, ctx.companyId, body.integrationId))) throw new AppError('ERR_NO_INTEGRATION_FOUND');
      // At least one default connection must exist: the default moves, it is never just dropped.
      if (body.isDefault === false && before.isDefault) throw new AppError('ERR_NO_OTHER_WHATSAPP');
      if (body.fallbackWhatsappId !== undefined || body.provider !== undefined) {
        await assertFallback(tx, ctx.companyId, { id, provider: body.provider ?? before.provider }, body.fallbackWhatsappId !== undefined ? body.fallbackWhatsappId : before.fallbackWhatsappId);
      }
      const { queueIds: _q, token, cloud, ...fields } = body;
      const row = (await repo.update(tx, ctx.companyId, id, { ...fields, ...tokenColumns(token), ...cloudColumns(deps.cloudSecrets, ctx.companyId, cloud) }).catch((err: unknown) => {
        throw cloudNumberTaken(err);
      }))!;
      assertCloudComplete(row);
      if (body.queueIds) await repo.setQueues(tx, ctx.companyId, id, queueIds);
      if (body.isDefault) for (const other of await repo.clearDefaultExcept(tx, ctx.companyId, id)) await stageUpdated(tx, ctx, stage, other);
      await stageUpdated(tx, ctx, stage, id);
      await auditQueries.record(tx, ctx, { entity: 'whatsapp', entityId: id, action: 'update', before: audited(before, queueIdsBefore), after: audited(row, queueIds) });
      return { row, queueIds, queuesChanged: !!body.queueIds || body.provider !== undefined };
    });
    // A live session routes by the queues it started with: restart it with the new ones.
    if (queuesChanged && deps.sessions.get(id)) await deps.sessions.start(row, queueIds);
    return dtoOrGone(deps, ctx, id);
  },

  /**
   * A new external API token for the connection (issue 15 §3): the old one stops working at once;
   * the answer is the only place the new one is ever shown. Audited (masked).
   */
  rotateToken: (ctx: Ctx, id: number): Promise<ApiTokenResponse> =>
    deps.data.withTenant(ctx, async ({ tx, stage }) => {
      admin(ctx);
      const before = await mustGet(tx, ctx, id);
      const token = newApiToken();
      const row = (await repo.update(tx, ctx.companyId, id, storedToken(token)))!;
      const queueIds = await queueIdsOf(tx, ctx, id);
      await auditQueries.record(tx, ctx, { entity: 'whatsapp', entityId: id, action: 'update', before: audited(before, queueIds), after: audited(row, queueIds) });
      await stageUpdated(tx, ctx, stage, id);
      return { token, apiTokenTail: row.apiTokenTail };
    }),

  remove: async (ctx: Ctx, id: number): Promise<{ message: string }> => {
    admin(ctx);
    await deps.data.withTenant(ctx, ({ tx }) => mustGet(tx, ctx, id));
    await deps.sessions.stop(id);
    await deps.data.withTenant(ctx, async ({ tx, stage }) => {
      const row = await mustGet(tx, ctx, id);
      await auditQueries.record(tx, ctx, { entity: 'whatsapp', entityId: id, action: 'delete', before: audited(row, await queueIdsOf(tx, ctx, id)), after: null });
      // Users whose default connection this was lose it by the foreign key (users_whatsapp_fk: on delete set null (whatsapp_id)).
      await repo.remove(tx, ctx.companyId, id);
      stage({ type: 'whatsapp.deleted', companyId: ctx.companyId, whatsappId: id });
      if (!row.isDefault) return;
      const next = (await repo.rowsOf(tx, ctx.companyId))[0];
      if (!next) return;
      await repo.update(tx, ctx.companyId, next.id, { isDefault: true });
      await stageUpdated(tx, ctx, stage, next.id);
    });
    // A restart that began before the delete may have started it again meanwhile: stop once more.
    await deps.sessions.stop(id);
    return { message: 'Whatsapp deleted.' };
  },

  // Agents need the list (to pick a connection) but never the QR: whoever scans it owns the number.
  list: async (ctx: Ctx): Promise<WhatsappDto[]> => {
    const all = await deps.data.withTenant(ctx, ({ tx }) => repo.list(tx, ctx.companyId));
    return can(ctx, 'connections:manage') ? all : all.map((w) => ({ ...w, qrcode: '', pairingCode: '' }));
  },

  create: async (ctx: Ctx, body: CreateWhatsappBody): Promise<WhatsappDto> => {
    admin(ctx);
    if (body.provider === 'sandbox' && !deps.sandboxEnabled) throw new AppError('ERR_SANDBOX_DISABLED');
    const { row, queueIds } = await deps.data.withTenant(ctx, async ({ tx, stage }) => {
      await assertBelowLimit(tx, ctx.companyId, 'connections', (t) => repo.count(t, ctx.companyId));
      const queueIds = await queuesQueries.existingIds(tx, ctx.companyId, body.queueIds);
      if (queueIds.length !== new Set(body.queueIds).size) throw new AppError('ERR_NO_QUEUE_FOUND');
      if (queueIds.length > 1 && !body.greetingMessage.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED');
      if (body.transferQueueId && !(await queuesQueries.get(tx, ctx.companyId, body.transferQueueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
      if (body.promptId && !(await repo.promptExists(tx, ctx.companyId, body.promptId))) throw new AppError('ERR_NOT_FOUND', 'prompt not found');
      if (body.integrationId && !(await repo.integrationExists(tx, ctx.companyId, body.integrationId))) throw new AppError('ERR_NO_INTEGRATION_FOUND');
      await assertFallback(tx, ctx.companyId, { id: null, provider: body.provider }, body.fallbackWhatsappId);
      // The first connection is the default one: at least one default must exist.
      const isDefault = body.isDefault || (await repo.count(tx, ctx.companyId)) === 0;
      const { queueIds: _q, token, cloud, ...fields } = body;
      const row = await repo.insert(tx, { ...fields, ...tokenColumns(token), ...cloudColumns(deps.cloudSecrets, ctx.companyId, cloud), isDefault, companyId: ctx.companyId, status: 'DISCONNECTED', fallbackWhatsappId: body.fallbackWhatsappId ?? null, transferQueueId: body.transferQueueId ?? null, promptId: body.promptId ?? null, integrationId: body.integrationId ?? null }).catch((err: unknown) => {
        throw cloudNumberTaken(err);
      });
      assertCloudComplete(row);
      await repo.setQueues(tx, ctx.companyId, row.id, queueIds);
      await auditQueries.record(tx, ctx, { entity: 'whatsapp', entityId: row.id, action: 'create', before: null, after: audited(row, queueIds) });
      // The default moves to the new connection: every admin's list must hear about the old one.
      if (isDefault) for (const other of await repo.clearDefaultExcept(tx, ctx.companyId, row.id)) await stageUpdated(tx, ctx, stage, other);
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

/** Session actions (POST/PUT/DELETE /whatsappsession/:id, POST /whatsapp-restart), run where the socket is. */
const sessionActions = (deps: Deps) => {
  const commands = createSessionCommands(deps);
  const act = async (ctx: Ctx, id: number, action: SessionCommand['action'], phoneNumber?: string): Promise<WhatsappDto> => {
    admin(ctx);
    const row = await deps.data.withTenant(ctx, ({ tx }) => mustGet(tx, ctx, id));
    await commands.run({ companyId: ctx.companyId, whatsappId: id, action, ...(phoneNumber ? { phoneNumber } : {}) }, row.provider);
    return dtoOrGone(deps, ctx, id);
  };
  return {
    /** A new QR code, or with `phoneNumber` a pairing code for that phone (status PAIRING). */
    startSession: (ctx: Ctx, id: number, body: StartSessionBody = {}) => act(ctx, id, 'start', body.phoneNumber),
    restartSession: (ctx: Ctx, id: number) => act(ctx, id, 'restart'),
    /** Disconnect = log out: the phone unlinks the device and the next start needs a new QR. */
    stopSession: (ctx: Ctx, id: number) => act(ctx, id, 'logout'),
    restartAll: async (ctx: Ctx): Promise<{ message: string }> => {
      admin(ctx);
      const rows = await deps.data.withTenant(ctx, ({ tx }) => repo.rowsOf(tx, ctx.companyId));
      for (const row of rows) await commands.run({ companyId: ctx.companyId, whatsappId: row.id, action: 'restart' }, row.provider);
      return { message: 'Whatsapp restart.' };
    },
  };
};
