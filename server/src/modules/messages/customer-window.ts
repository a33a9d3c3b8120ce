import { CUSTOMER_WINDOW_MS, type CustomerWindow } from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Clock } from '../../infra/clock';
import { AppError } from '../../infra/errors';
import { whatsappQueries, type WhatsappRow } from '../whatsapp';
import * as repo from './messages.repository';

type TicketFacts = { companyId: number; contactId: number; whatsappId: number };

/**
 * The Cloud API's customer-service window (issue 29 §3; decision 0391): on a Cloud connection a
 * free-form message may go only within 24 hours of the customer's last message; after that only
 * a template. Baileys and sandbox connections have no window (undefined). `carrier` is the
 * connection the reply goes through when it is not the ticket's own (failover, decision 0412):
 * the window is the customer's on that number, and says which number it is.
 */
export const customerWindow = async (tx: Tx, clock: Clock, t: TicketFacts, carrier?: WhatsappRow): Promise<CustomerWindow | undefined> => {
  const conn = carrier ?? (await whatsappQueries.get(tx, t.companyId, t.whatsappId));
  if (conn?.provider !== 'cloud') return undefined;
  const last = await repo.lastInboundAt(tx, t.companyId, t.contactId, conn.id);
  const closesAt = last ? new Date(last.getTime() + CUSTOMER_WINDOW_MS) : null;
  const open = !!closesAt && closesAt.getTime() > clock.now().getTime();
  return { open, closesAt: closesAt?.toISOString() ?? null, ...(conn.id !== t.whatsappId ? { whatsappId: conn.id } : {}) };
};

/** A free-form send on a Cloud connection whose window is closed: ERR_WINDOW_CLOSED (with when it closed, and the number when it is a fallback's). */
export const assertWindowOpen = async (tx: Tx, clock: Clock, t: TicketFacts, carrier?: WhatsappRow): Promise<void> => {
  const w = await customerWindow(tx, clock, t, carrier);
  if (w && !w.open) throw new AppError('ERR_WINDOW_CLOSED', 'the customer last wrote more than 24 hours ago: send a template', { closesAt: w.closesAt, ...(w.whatsappId ? { whatsappId: w.whatsappId } : {}) });
};

/** The connection carrying an agent's reply on the ticket now (decision 0412), and its window checked for a free-form send. */
export const replyCarrierChecked = async (tx: Tx, clock: Clock, t: TicketFacts): Promise<WhatsappRow | undefined> => {
  const carrier = await whatsappQueries.replyCarrier(tx, t.companyId, t.whatsappId);
  await assertWindowOpen(tx, clock, t, carrier);
  return carrier;
};
