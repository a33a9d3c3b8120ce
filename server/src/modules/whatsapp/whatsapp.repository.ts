import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { ConnectionStatus, WhatsappDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { queueIntegrations } from '../queue-integrations/queue-integrations.table';
import { prompts } from '../prompts/prompts.table';
import { queuesQueries } from '../queues';
import { whatsappQueues, whatsapps } from './whatsapp.table';

export type WhatsappRow = typeof whatsapps.$inferSelect;

/**
 * The `qrcode` column holds what an admin needs to link the phone right now: the QR string while
 * `qrcode`, the 8-character pairing code while PAIRING. Both are short-lived, admin-only and
 * cleared by every other status, so one column serves both; the DTO names each.
 */
export const linkSecrets = (status: string, stored: string): { qrcode: string; pairingCode: string } =>
  status === 'PAIRING' ? { qrcode: '', pairingCode: stored } : { qrcode: stored, pairingCode: '' };

/** Never includes the token or session data (server-behaviour §9). */
export const toWhatsappDto = (w: WhatsappRow, qs: { id: number; name: string; color: string }[]): WhatsappDto => ({
  id: w.id,
  name: w.name,
  number: w.number,
  status: w.status as ConnectionStatus,
  ...linkSecrets(w.status, w.qrcode),
  retries: w.retries,
  isDefault: w.isDefault,
  provider: w.provider,
  greetingMessage: w.greetingMessage,
  complationMessage: w.complationMessage,
  outOfHoursMessage: w.outOfHoursMessage,
  ratingMessage: w.ratingMessage,
  expiresTicket: w.expiresTicket,
  expiresInactiveMessage: w.expiresInactiveMessage,
  timeUseBotQueues: w.timeUseBotQueues,
  maxUseBotQueues: w.maxUseBotQueues,
  timeToTransfer: w.timeToTransfer,
  transferQueueId: w.transferQueueId,
  promptId: w.promptId,
  integrationId: w.integrationId,
  pairedAt: w.pairedAt?.toISOString() ?? null,
  gateRatePerMinute: w.gateRatePerMinute,
  gateDailyCap: w.gateDailyCap,
  gateJitterMs: w.gateJitterMs,
  gateWarmupDays: w.gateWarmupDays,
  apiTokenTail: w.apiTokenHash ? w.apiTokenTail : '',
  queues: qs,
  fallbackWhatsappId: w.fallbackWhatsappId,
  updatedAt: w.updatedAt.toISOString(),
  ...(w.provider === 'cloud'
    ? {
        cloud: {
          phoneNumberId: w.cloudPhoneNumberId ?? '',
          wabaId: w.cloudWabaId,
          accessTokenSet: w.cloudAccessToken !== '',
          appSecretSet: w.cloudAppSecret !== '',
          verifyTokenSet: !!w.cloudVerifyTokenHash,
          qualityRating: w.cloudQualityRating,
          messagingLimit: w.cloudMessagingLimit,
          checkedAt: w.cloudCheckedAt?.toISOString() ?? null,
        },
      }
    : {}),
});

export const get = async (tx: Tx, companyId: number, id: number): Promise<WhatsappRow | undefined> =>
  (await tx.select().from(whatsapps).where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id))).limit(1))[0];

export const getDefault = async (tx: Tx, companyId: number): Promise<WhatsappRow | undefined> =>
  (await tx.select().from(whatsapps).where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true))).limit(1))[0];

/** The company's CONNECTED connections, the default first (who checks numbers on WhatsApp; decision 0223). */
export const connectedIds = async (tx: Tx, companyId: number): Promise<number[]> =>
  (
    await tx
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.status, 'CONNECTED')))
      .orderBy(desc(whatsapps.isDefault), asc(whatsapps.id))
  ).map((r) => r.id);

/** Each connection's queues (whatsapp_queues), in the queues' order. */
export const queueIdsOf = (tx: Tx, companyId: number, ids: number[]) =>
  queuesQueries.linkedQueues(tx, companyId, { table: whatsappQueues, companyId: whatsappQueues.companyId, ownerId: whatsappQueues.whatsappId, queueId: whatsappQueues.queueId }, ids);

export const list = async (tx: Tx, companyId: number): Promise<WhatsappDto[]> => {
  const rows = await tx.select().from(whatsapps).where(eq(whatsapps.companyId, companyId)).orderBy(asc(whatsapps.id));
  const qs = await queueIdsOf(tx, companyId, rows.map((r) => r.id));
  return rows.map((w) => toWhatsappDto(w, qs.get(w.id) ?? []));
};

export const count = async (tx: Tx, companyId: number): Promise<number> =>
  (await tx.select({ n: sql<number>`count(*)::int` }).from(whatsapps).where(eq(whatsapps.companyId, companyId)))[0]?.n ?? 0;

export const insert = async (tx: Tx, data: typeof whatsapps.$inferInsert): Promise<WhatsappRow> => (await tx.insert(whatsapps).values(data).returning())[0]!;

export const setQueues = async (tx: Tx, companyId: number, whatsappId: number, queueIds: number[]): Promise<void> => {
  await tx.delete(whatsappQueues).where(and(eq(whatsappQueues.companyId, companyId), eq(whatsappQueues.whatsappId, whatsappId)));
  if (queueIds.length) await tx.insert(whatsappQueues).values(queueIds.map((queueId) => ({ companyId, whatsappId, queueId })));
};

/**
 * Number health (decision 0241): a connection that comes up with a number it did not have
 * (first pairing, or another phone) starts its warm-up now; the same number reconnecting keeps
 * its date, and a number paired before the gate existed (stored, no date) is not warmed up.
 */
const pairedAtWhenNew = (number: string) =>
  sql`case when ${whatsapps.number} is distinct from ${number} then now() else ${whatsapps.pairedAt} end`;

export const setStatus = async (tx: Tx, companyId: number, id: number, s: { status: ConnectionStatus; qrcode?: string; pairingCode?: string; number?: string }) =>
  (
    await tx
      .update(whatsapps)
      .set({
        status: s.status,
        qrcode: (s.status === 'PAIRING' ? s.pairingCode : s.qrcode) ?? '',
        ...(s.number ? { number: s.number, pairedAt: pairedAtWhenNew(s.number) } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
      .returning()
  )[0];

/** Boot-time resume: every connection that should be live (system scope). */
/**
 * The last decisive step of a connection's timeline: CONNECTED means it was linked when it
 * started to reconnect (OPENING/TIMEOUT); qrcode/PAIRING/DISCONNECTED mean it was not.
 */
const lastDecisive = sql`(select e.status from whatsapp_session_events e where e.company_id = ${whatsapps.companyId} and e.whatsapp_id = ${whatsapps.id}
  and e.status in ('CONNECTED', 'qrcode', 'PAIRING', 'DISCONNECTED') order by e.at desc, e.id desc limit 1)`;
const reconnecting = sql`${whatsapps.provider} <> 'sandbox' and ${whatsapps.status} in ('OPENING', 'TIMEOUT') and coalesce(${lastDecisive}, '') = 'CONNECTED'`;

/** What should be live somewhere: CONNECTED, sandbox, and linked sessions caught reconnecting by a restart. */
export const allToResume = async (tx: Tx): Promise<WhatsappRow[]> =>
  tx.select().from(whatsapps).where(sql`${whatsapps.status} = 'CONNECTED' or ${whatsapps.provider} = 'sandbox' or (${reconnecting})`);

/** Pairings (QR, code) and first connects whose socket a restart took away: nobody can finish them. */
export const interruptedPairings = async (tx: Tx): Promise<WhatsappRow[]> =>
  tx
    .select()
    .from(whatsapps)
    .where(sql`${whatsapps.provider} <> 'sandbox' and ${whatsapps.status} in ('qrcode', 'PAIRING', 'OPENING', 'TIMEOUT') and not (${reconnecting})`);

export const dtoOf = async (tx: Tx, companyId: number, id: number): Promise<WhatsappDto | undefined> => {
  const row = await get(tx, companyId, id);
  return row && toWhatsappDto(row, (await queueIdsOf(tx, companyId, [id])).get(id) ?? []);
};

export const rowsOf = async (tx: Tx, companyId: number): Promise<WhatsappRow[]> =>
  tx.select().from(whatsapps).where(eq(whatsapps.companyId, companyId)).orderBy(asc(whatsapps.id));

export const update = async (tx: Tx, companyId: number, id: number, data: Partial<typeof whatsapps.$inferInsert>): Promise<WhatsappRow | undefined> =>
  (
    await tx
      .update(whatsapps)
      .set({ ...data, updatedAt: new Date() })
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
      .returning()
  )[0];

/** Clears the default flag on every connection but `keepId`; returns the ids it changed. */
export const clearDefaultExcept = async (tx: Tx, companyId: number, keepId: number): Promise<number[]> =>
  (
    await tx
      .update(whatsapps)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true), ne(whatsapps.id, keepId)))
      .returning({ id: whatsapps.id })
  ).map((r) => r.id);

export const remove = async (tx: Tx, companyId: number, id: number): Promise<void> => {
  await tx.delete(whatsapps).where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)));
};

/** A queue integration of the company exists (a foreign-key-like check: the column has no key), kept until commit. */
export const integrationExists = async (tx: Tx, companyId: number, id: number): Promise<boolean> =>
  (await tx.select({ id: queueIntegrations.id }).from(queueIntegrations).where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id))).limit(1).for('share')).length > 0;

/** Connections that used a deleted integration go on without one. */
export const clearIntegration = async (tx: Tx, companyId: number, integrationId: number): Promise<number[]> =>
  (await tx.update(whatsapps).set({ integrationId: null, updatedAt: sql`now()` }).where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.integrationId, integrationId))).returning({ id: whatsapps.id })).map((r) => r.id);
/** Whether a prompt of the company has this id (a connection's promptId must name one; decision 0193). */
export const promptExists = async (tx: Tx, companyId: number, id: number): Promise<boolean> =>
  (await tx.select({ id: prompts.id }).from(prompts).where(and(eq(prompts.companyId, companyId), eq(prompts.id, id))).limit(1)).length > 0;

/**
 * The connection a token's hash names, in any company (the external API knows no company before
 * it; run under `withSystem('api:token')`): one lookup on the unique index.
 */
export const byApiTokenHash = async (tx: Tx, hash: string): Promise<{ id: number; companyId: number; apiTokenHash: string } | undefined> =>
  (
    await tx
      .select({ id: whatsapps.id, companyId: whatsapps.companyId, apiTokenHash: whatsapps.apiTokenHash })
      .from(whatsapps)
      .where(eq(whatsapps.apiTokenHash, hash))
      .limit(1)
  ).map((r) => ({ ...r, apiTokenHash: r.apiTokenHash ?? '' }))[0];

/** Connections that used a deleted prompt go on without one (prompts carry no foreign key to it). */
export const clearPrompt = async (tx: Tx, companyId: number, promptId: number): Promise<void> => {
  await tx.update(whatsapps).set({ promptId: null }).where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.promptId, promptId)));
};

/** The Cloud connection of a number (webhooks name it before anyone knows the company; system scope). */
export const byCloudPhoneNumberId = async (tx: Tx, phoneNumberId: string): Promise<{ id: number; companyId: number; cloudAppSecret: string } | undefined> =>
  (
    await tx
      .select({ id: whatsapps.id, companyId: whatsapps.companyId, cloudAppSecret: whatsapps.cloudAppSecret })
      .from(whatsapps)
      .where(and(eq(whatsapps.cloudPhoneNumberId, phoneNumberId), eq(whatsapps.provider, 'cloud')))
      .limit(1)
  )[0];

/** Whether some Cloud connection has this verify token (its hash; Meta's GET check, system scope). */
export const hasCloudVerifyToken = async (tx: Tx, hash: string): Promise<boolean> =>
  (await tx.select({ id: whatsapps.id }).from(whatsapps).where(and(eq(whatsapps.cloudVerifyTokenHash, hash), eq(whatsapps.provider, 'cloud'))).limit(1)).length > 0;
