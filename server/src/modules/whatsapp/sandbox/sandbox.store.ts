import { and, asc, eq, sql } from 'drizzle-orm';
import { normalizeChannelPhone, type SandboxOutboxItem, type SandboxOutboxKind, type SandboxOutboxMedia, type SandboxReaction, type SandboxSentItem } from '@balcao/shared';
import type { DataAccess, Unit } from '../../../db/tenant';
import { sentBy } from './sandbox.repository';
import { upsertEntries, type PhoneBookEntry } from '../phone-book.repository';
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

/**
 * The simulated phone's address book (fictional people), stored as a real session's would be
 * when it connects, so "Importar contatos" works on a fresh sandbox company (decision 0150). A
 * group, a broadcast list and a hidden (LID-only) entry show what the import skips; one number
 * is in the old 8-digit form the import normalises.
 */
export const SANDBOX_PHONE_BOOK: readonly PhoneBookEntry[] = [
  { jid: '5521970000101@s.whatsapp.net', name: 'Beatriz Carvalho', saved: true },
  { jid: '5531970000102@s.whatsapp.net', name: 'Rafael Nogueira', saved: true },
  { jid: '5541970000103@s.whatsapp.net', name: 'Juliana Pereira', saved: true },
  { jid: '5571970000104@s.whatsapp.net', name: 'Thiago Albuquerque', saved: true },
  { jid: '556170000105@s.whatsapp.net', name: 'Camila Rocha', saved: true },
  { jid: '5585970000106@s.whatsapp.net', name: 'Padaria Pão Dourado', saved: false },
  { jid: '120363000000000101@g.us', name: 'Família', saved: true },
  { jid: '1700000000101@broadcast', name: 'Lista de ofertas', saved: true },
  { jid: '190000000000101@lid', name: 'Contato oculto', saved: false },
];

/** The simulated customers' phones: what each number received from a sandbox connection. */
export const createSandboxStore = (data: DataAccess, companyId: number, whatsappId: number) => {
  const tenant = <T>(fn: (unit: Unit) => Promise<T>) => data.withTenant({ companyId }, fn);
  const ours = (waMessageId: string) => and(eq(sandboxOutbox.companyId, companyId), eq(sandboxOutbox.whatsappId, whatsappId), eq(sandboxOutbox.waMessageId, waMessageId));
  return {
    /** The simulated phone reports its address book (on every connect, as WhatsApp does). */
    async reportPhoneBook(): Promise<void> {
      await tenant(({ tx }) => upsertEntries(tx, companyId, whatsappId, SANDBOX_PHONE_BOOK));
    },
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
    /**
     * Several acks in one write (the phone's receipts that came due together): each message's
     * highest; acks only move forward.
     */
    async setAcks(acks: { id: string; ack: number }[]): Promise<void> {
      const highest = new Map<string, number>();
      for (const a of acks) highest.set(a.id, Math.max(a.ack, highest.get(a.id) ?? a.ack));
      if (highest.size === 0) return;
      const json = JSON.stringify([...highest].map(([id, ack]) => ({ id, ack })));
      await tenant(({ tx }) =>
        tx.execute(sql`
          update sandbox_outbox o set ack = greatest(o.ack, a.ack), updated_at = now()
          from jsonb_to_recordset(${json}::jsonb) as a(id text, ack int)
          where o.company_id = ${companyId} and o.whatsapp_id = ${whatsappId} and o.wa_message_id = a.id`),
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
