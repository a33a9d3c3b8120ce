import { and, asc, eq, sql } from 'drizzle-orm';
import type { SandboxOutboxItem } from '@balcao/shared';
import type { DataAccess } from '../../../db/tenant';
import { sandboxOutbox } from './sandbox.table';

/** The simulated customers' phones: what each number received from a sandbox connection. */
export const createSandboxStore = (data: DataAccess, companyId: number, whatsappId: number) => ({
  async received(to: string, waMessageId: string, body: string): Promise<void> {
    await data.withTenant({ companyId }, ({ tx }) => tx.insert(sandboxOutbox).values({ companyId, whatsappId, to, waMessageId, body, ack: 2 }).onConflictDoNothing());
  },
  async setAck(waMessageId: string, ack: number): Promise<void> {
    await data.withTenant({ companyId }, ({ tx }) =>
      // Acks only move forward: two timers' writes may land out of order.
      tx.update(sandboxOutbox).set({ ack: sql`greatest(${sandboxOutbox.ack}, ${ack})`, updatedAt: new Date() }).where(and(eq(sandboxOutbox.whatsappId, whatsappId), eq(sandboxOutbox.waMessageId, waMessageId))),
    );
  },
  async outbox(to: string): Promise<SandboxOutboxItem[]> {
    const rows = await data.withTenant({ companyId }, ({ tx }) =>
      tx
        .select()
        .from(sandboxOutbox)
        .where(and(eq(sandboxOutbox.companyId, companyId), eq(sandboxOutbox.whatsappId, whatsappId), eq(sandboxOutbox.to, to)))
        .orderBy(asc(sandboxOutbox.id)),
    );
    return rows.map((r) => ({ id: r.waMessageId, to: r.to, body: r.body, ack: r.ack, createdAt: r.createdAt.toISOString() }));
  },
});

export type SandboxStore = ReturnType<typeof createSandboxStore>;
