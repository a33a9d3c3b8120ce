import type { MessageDto } from '@balcao/shared';
import type { DataAccess } from '../../db/tenant';
import * as ticketsRepo from '../tickets/tickets.repository';
import * as companiesRepo from '../companies/companies.repository';
import * as messagesRepo from '../messages/messages.repository';
import { ingestStatement } from './inbound.repository';
import type { AckUpdate, InboundMessage } from './whatsapp.port';

export interface ConnectionFacts {
  id: number;
  companyId: number;
  /** Queues of the connection; with exactly one, new tickets go straight to it. */
  queueIds: number[];
}

export type IngestResult = { outcome: 'stored'; messageId: number; ticketId: number } | { outcome: 'duplicate' } | { outcome: 'ignored'; reason: string };

class ConcurrentDuplicate extends Error {}
// The network can deliver what PostgreSQL text cannot store.
const stripNul = (s: string) => s.split('\u0000').join('');
const MAX_ATTEMPTS = 5;

const messageFromRow = (m: Record<string, unknown>): MessageDto => ({
  id: m.id as number,
  ticketId: m.ticket_id as number,
  contactId: (m.contact_id as number | null) ?? null,
  waMessageId: m.wa_message_id as string,
  body: m.body as string,
  fromMe: m.from_me as boolean,
  ack: m.ack as number,
  read: m.read as boolean,
  mediaType: (m.media_type as string | null) ?? null,
  mediaUrl: (m.media_url as string | null) ?? null,
  isDeleted: m.is_deleted as boolean,
  isEdited: m.is_edited as boolean,
  isForwarded: m.is_forwarded as boolean,
  automated: m.automated as boolean,
  errorCode: (m.error_code as string | null) ?? null,
  quotedMsg: null,
  createdAt: new Date(m.created_at as string).toISOString(),
  updatedAt: new Date(m.updated_at as string).toISOString(),
});

/** The inbound pipeline (server-behaviour §5, steps 1–6). Automation (step 7) comes later. */
export const createInbound = (data: DataAccess) => {
  const ignoreGroups = async (companyId: number) =>
    (await data.withTenant({ companyId }, ({ tx }) => companiesRepo.getSetting(tx, companyId, 'CheckMsgIsGroup'))) !== 'disabled';

  const attempt = (conn: ConnectionFacts, msg: InboundMessage) =>
    data.withTenant({ companyId: conn.companyId }, async ({ tx, stage }) => {
      const row = await ingestStatement(tx, {
        companyId: conn.companyId,
        whatsappId: conn.id,
        number: msg.from,
        pushName: stripNul(msg.pushName?.trim() ?? ''),
        isGroup: msg.isGroup,
        waMessageId: msg.id,
        body: stripNul(msg.body),
        mediaType: msg.mediaType ?? null,
        at: msg.timestamp,
        newStatus: 'pending',
        newQueueId: conn.queueIds.length === 1 ? conn.queueIds[0]! : null,
      });
      if (row.duplicate) return { outcome: 'duplicate' } as const;
      if (row.ticket_id == null || row.contact_id == null) return null;
      // Two deliveries of one id raced past the duplicate check: undo the ticket bump.
      if (!row.message) throw new ConcurrentDuplicate();
      const ticket = (await ticketsRepo.loadDto(tx, conn.companyId, row.ticket_id))!;
      const message = messageFromRow(row.message);
      stage({ type: row.ticket_created ? 'ticket.created' : 'ticket.updated', companyId: conn.companyId, ticket });
      stage({ type: 'message.created', companyId: conn.companyId, message, ticket });
      return { outcome: 'stored', messageId: message.id, ticketId: ticket.id } as const;
    });

  return {
    async ingest(conn: ConnectionFacts, msg: InboundMessage): Promise<IngestResult> {
      if (msg.fromMe) return { outcome: 'ignored', reason: 'fromMe' };
      if (msg.isGroup && (await ignoreGroups(conn.companyId))) return { outcome: 'ignored', reason: 'group' };
      for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
        try {
          const result = await attempt(conn, msg);
          if (result) return result;
        } catch (err) {
          if (err instanceof ConcurrentDuplicate) return { outcome: 'duplicate' };
          throw err;
        }
      }
      throw new Error(`ingest: no live ticket after ${MAX_ATTEMPTS} attempts (${conn.id}/${msg.id})`);
    },

    async applyAck(conn: ConnectionFacts, update: AckUpdate): Promise<void> {
      await data.withTenant({ companyId: conn.companyId }, async ({ tx, stage }) => {
        const row = await messagesRepo.applyAck(tx, conn.id, update.id, update.ack);
        if (!row) return;
        const ticket = await ticketsRepo.loadDto(tx, conn.companyId, row.ticketId);
        if (ticket) stage({ type: 'message.updated', companyId: conn.companyId, message: messagesRepo.toMessageDto(row), ticket });
      });
    },
  };
};

export type Inbound = ReturnType<typeof createInbound>;
