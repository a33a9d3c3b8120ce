import { normalizeChannelPhone, type TicketPresence } from '@balcao/shared';
import type { DataAccess } from '../../../db/tenant';
import { contactsQueries } from '../../contacts';
import { ticketsQueries } from '../../tickets';
import type { ConnectionFacts, PresenceUpdate } from '../../whatsapp';

/** What the list shows: typing and recording; anything else (paused, online, offline) clears it. */
export const ticketPresence = (p: PresenceUpdate['presence']): TicketPresence => (p === 'composing' || p === 'recording' ? p : null);

/**
 * The customer's presence on their live ticket of this connection, for whoever may see it
 * ('Digitando...' / 'Gravando...'). Never stored and never a ticket of its own: without a live
 * ticket nothing happens. Returns whether an event went out.
 */
export const applyPresence = (data: DataAccess, conn: ConnectionFacts, p: PresenceUpdate): Promise<boolean> =>
  data.withTenant({ companyId: conn.companyId }, async ({ tx, stage }) => {
    const contact = p.fromKind ? await contactsQueries.getByIdentity(tx, conn.companyId, p.fromKind, p.from) : await contactsQueries.getByNumber(tx, conn.companyId, normalizeChannelPhone(p.from));
    const ticket = contact ? await ticketsQueries.findLive(tx, conn.companyId, contact.id, conn.id) : undefined;
    if (!ticket) return false;
    stage({
      type: 'ticket.presence',
      companyId: conn.companyId,
      ticket: { id: ticket.id, uuid: ticket.uuid, queueId: ticket.queueId, userId: ticket.userId },
      presence: ticketPresence(p.presence),
    });
    return true;
  });
