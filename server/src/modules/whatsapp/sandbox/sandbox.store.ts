import { and, asc, eq, sql } from 'drizzle-orm';
import { normalizeChannelPhone, type SandboxOutboxItem, type SandboxOutboxKind, type SandboxOutboxMedia, type SandboxReaction, type SandboxSentItem } from '@balcao/shared';
import type { DataAccess, Unit } from '../../../db/tenant';
import { sentBy } from './sandbox.repository';
import { sandboxOutbox, sandboxReactions } from './sandbox.table';

/** A message as the customer's phone shows it (see `SandboxOutboxItem`). */
export interface SandboxDelivery {
  to: string;
  waMessageId: string;
  kind: SandboxOutboxKind;
  body: string;
  media?: SandboxOutboxMedia;
  quotedId?: string;
  isForwarded?: boolean;
}

/** The simulated customers' phones: what each number received from a sandbox connection. */
export const createSandboxStore = (data: DataAccess, companyId: number, whatsappId: number) => {
  const tenant = <T>(fn: (unit: Unit) => Promise<T>) => data.withTenant({ companyId }, fn);
  const ours = (waMessageId: string) => and(eq(sandboxOutbox.companyId, companyId), eq(sandboxOutbox.whatsappId, whatsappId), eq(sandboxOutbox.waMessageId, waMessageId));
  return {
    async received(d: SandboxDelivery): Promise<void> {
      await tenant(({ tx }) =>
        tx
          .insert(sandboxOutbox)
          .values({
            companyId,
            whatsappId,
            to: d.to,
            waMessageId: d.waMessageId,
            body: d.body,
            ack: 2,
            kind: d.kind,
            media: d.media ?? null,
            quotedId: d.quotedId ?? null,
            isForwarded: d.isForwarded ?? false,
          })
          .onConflictDoNothing(),
      );
    },
    async setAck(waMessageId: string, ack: number): Promise<void> {
      await tenant(({ tx }) =>
        // Acks only move forward: two timers' writes may land out of order.
        tx.update(sandboxOutbox).set({ ack: sql`greatest(${sandboxOutbox.ack}, ${ack})`, updatedAt: new Date() }).where(ours(waMessageId)),
      );
    },
    /** Our message `waMessageId` to `to` now reads `body`; false when there is no such live message. */
    async edited(to: string, waMessageId: string, body: string): Promise<boolean> {
      const rows = await tenant(({ tx }) =>
        tx
          .update(sandboxOutbox)
          .set({ body, isEdited: true, updatedAt: new Date() })
          .where(and(ours(waMessageId), eq(sandboxOutbox.to, to), eq(sandboxOutbox.isDeleted, false)))
          .returning({ id: sandboxOutbox.id }),
      );
      return rows.length > 0;
    },
    /** Our message was deleted for everyone; false when there is no such message. */
    async deleted(to: string, waMessageId: string): Promise<boolean> {
      const rows = await tenant(({ tx }) =>
        tx
          .update(sandboxOutbox)
          .set({ isDeleted: true, updatedAt: new Date() })
          .where(and(ours(waMessageId), eq(sandboxOutbox.to, to)))
          .returning({ id: sandboxOutbox.id }),
      );
      return rows.length > 0;
    },
    /** Our reaction on message `targetId` of the chat with `to`; '' removes it. */
    async reacted(to: string, targetId: string, emoji: string): Promise<void> {
      await tenant(async ({ tx }) => {
        if (!emoji) {
          await tx
            .delete(sandboxReactions)
            .where(and(eq(sandboxReactions.companyId, companyId), eq(sandboxReactions.whatsappId, whatsappId), eq(sandboxReactions.targetWaMessageId, targetId)));
          return;
        }
        await tx
          .insert(sandboxReactions)
          .values({ companyId, whatsappId, to, targetWaMessageId: targetId, emoji })
          .onConflictDoUpdate({ target: [sandboxReactions.whatsappId, sandboxReactions.targetWaMessageId], set: { emoji, updatedAt: new Date() } });
      });
    },
    /** Our reactions in the chat with `to`, on any message (the customer's included). */
    async reactions(to: string): Promise<SandboxReaction[]> {
      const rows = await tenant(({ tx }) =>
        tx
          .select({ targetId: sandboxReactions.targetWaMessageId, emoji: sandboxReactions.emoji })
          .from(sandboxReactions)
          .where(and(eq(sandboxReactions.companyId, companyId), eq(sandboxReactions.whatsappId, whatsappId), eq(sandboxReactions.to, to)))
          .orderBy(asc(sandboxReactions.id)),
      );
      return rows;
    },
    /** What the customer `from` sent us (the other half of their phone's chat), oldest first. */
    async sent(from: string): Promise<SandboxSentItem[]> {
      // Contacts are keyed by the canonical form of the number the phone wrote from (decision 0032).
      return tenant(({ tx }) => sentBy(tx, companyId, whatsappId, normalizeChannelPhone(from)));
    },
    /** What the phone `to` received, oldest first (`to` as the phone writes it: sends go to the canonical form). */
    async outbox(phone: string): Promise<SandboxOutboxItem[]> {
      const to = normalizeChannelPhone(phone);
      const rows = await tenant(({ tx }) =>
        tx
          .select({ o: sandboxOutbox, reaction: sandboxReactions.emoji })
          .from(sandboxOutbox)
          .leftJoin(
            sandboxReactions,
            and(
              eq(sandboxReactions.companyId, sandboxOutbox.companyId),
              eq(sandboxReactions.whatsappId, sandboxOutbox.whatsappId),
              eq(sandboxReactions.targetWaMessageId, sandboxOutbox.waMessageId),
            ),
          )
          .where(and(eq(sandboxOutbox.companyId, companyId), eq(sandboxOutbox.whatsappId, whatsappId), eq(sandboxOutbox.to, to)))
          .orderBy(asc(sandboxOutbox.id)),
      );
      return rows.map(({ o, reaction }) => ({
        id: o.waMessageId,
        to: o.to,
        body: o.body,
        ack: o.ack,
        createdAt: o.createdAt.toISOString(),
        kind: o.kind,
        media: o.media,
        quotedId: o.quotedId,
        isForwarded: o.isForwarded,
        isEdited: o.isEdited,
        isDeleted: o.isDeleted,
        reaction: reaction ?? '',
      }));
    },
  };
};

export type SandboxStore = ReturnType<typeof createSandboxStore>;
