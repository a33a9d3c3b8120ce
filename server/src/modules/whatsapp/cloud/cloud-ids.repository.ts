import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import type { DataAccess } from '../../../db/tenant';
import { whatsappCloudIds } from '../whatsapp.table';
import type { CloudIds } from './cloud-ids';

/** The id pairs of one connection in `whatsapp_cloud_ids` (decision 0371); a retried send keeps its first wamid's row. */
export const storedCloudIds = (data: DataAccess, companyId: number, whatsappId: number): CloudIds => {
  const one = <T>(fn: (tx: Tx) => Promise<T>) => data.withTenant({ companyId }, ({ tx }) => fn(tx));
  const mine = and(eq(whatsappCloudIds.companyId, companyId), eq(whatsappCloudIds.whatsappId, whatsappId));
  return {
    remember: async (ourId, wamid) => {
      await one((tx) =>
        tx
          .insert(whatsappCloudIds)
          .values({ companyId, whatsappId, ourId, wamid })
          .onConflictDoUpdate({ target: [whatsappCloudIds.whatsappId, whatsappCloudIds.ourId], set: { wamid } }),
      );
    },
    wamidOf: async (ourId) =>
      (await one((tx) => tx.select({ wamid: whatsappCloudIds.wamid }).from(whatsappCloudIds).where(and(mine, eq(whatsappCloudIds.ourId, ourId))).limit(1)))[0]?.wamid,
    ourIdOf: async (wamid) =>
      (await one((tx) => tx.select({ ourId: whatsappCloudIds.ourId }).from(whatsappCloudIds).where(and(mine, eq(whatsappCloudIds.wamid, wamid))).limit(1)))[0]?.ourId,
  };
};
