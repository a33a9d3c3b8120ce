import type { MessageDto, TicketDto } from '@balcao/shared';
import type { DataAccess } from '../../db/tenant';
import * as ticketsRepo from '../tickets/tickets.repository';
import * as companiesRepo from '../companies/companies.repository';
import * as messagesRepo from '../messages/messages.repository';
import type { AckUpdate, InboundMessage } from './whatsapp.port';

export interface ConnectionFacts {
  id: number;
  companyId: number;
  /** Queues of the connection; with exactly one, new tickets go straight to it. */
  queueIds: number[];
}

export type IngestResult = { outcome: 'stored'; messageId: number; ticketId: number } | { outcome: 'duplicate' } | { outcome: 'ignored'; reason: string };

// The network can deliver what PostgreSQL text cannot store.
const stripNul = (s: string) => s.split('\u0000').join('');

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

interface IngestCall {
  duplicate: boolean;
  ticketCreated?: boolean;
  message?: Record<string, unknown>;
  ticket?: TicketDto;
}

const isConcurrentDuplicate = (err: unknown) => (err as { code?: string }).code === 'BLC01';

/**
 * The inbound pipeline (server-behaviour §5, steps 1–6); automation (step 7) comes later.
 * Steps 2, 4, 5 and 6 are one SQL function call (drizzle/policies/20-ingest-function.sql).
 */
export const createInbound = (data: DataAccess) => {
  const ignoreGroups = async (companyId: number) =>
    (await data.withTenant({ companyId }, ({ tx }) => companiesRepo.getSetting(tx, companyId, 'CheckMsgIsGroup'))) !== 'disabled';

  const store = (conn: ConnectionFacts, msg: InboundMessage) =>
    data.callTenantFunction<IngestCall>(
      { companyId: conn.companyId },
      'balcao_ingest',
      [
        conn.id,
        msg.from,
        stripNul(msg.pushName?.trim() ?? ''),
        msg.isGroup,
        msg.id,
        stripNul(msg.body),
        msg.mediaType ?? null,
        'pending',
        conn.queueIds.length === 1 ? conn.queueIds[0]! : null,
        msg.timestamp.toISOString(),
      ],
      (r) => {
        if (r.duplicate || !r.ticket || !r.message) return [];
        const ticket = ticketsRepo.ticketFromJson(r.ticket);
        return [
          { type: r.ticketCreated ? 'ticket.created' : 'ticket.updated', companyId: conn.companyId, ticket },
          { type: 'message.created', companyId: conn.companyId, message: messageFromRow(r.message), ticket },
        ];
      },
    );

  return {
    async ingest(conn: ConnectionFacts, msg: InboundMessage): Promise<IngestResult> {
      if (msg.fromMe) return { outcome: 'ignored', reason: 'fromMe' };
      if (msg.isGroup && (await ignoreGroups(conn.companyId))) return { outcome: 'ignored', reason: 'group' };
      try {
        const r = await store(conn, msg);
        if (r.duplicate) return { outcome: 'duplicate' };
        return { outcome: 'stored', messageId: r.message!.id as number, ticketId: r.ticket!.id };
      } catch (err) {
        // Two deliveries of one id raced past the duplicate check; the loser rolled back.
        if (isConcurrentDuplicate(err)) return { outcome: 'duplicate' };
        throw err;
      }
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
