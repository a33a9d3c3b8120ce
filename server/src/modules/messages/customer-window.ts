import { CUSTOMER_WINDOW_MS, type CustomerWindow } from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Clock } from '../../infra/clock';
import { AppError } from '../../infra/errors';
import { whatsappQueries } from '../whatsapp';
import * as repo from './messages.repository';

/**
 * The Cloud API's customer-service window (issue 29 §3; decision 0391): on a Cloud connection a
 * free-form message may go only within 24 hours of the customer's last message; after that only
 * a template. Baileys and sandbox connections have no window (undefined).
 */
export const customerWindow = async (tx: Tx, clock: Clock, t: { companyId: number; contactId: number; whatsappId: number }): Promise<CustomerWindow | undefined> => {
  const conn = await whatsappQueries.get(tx, t.companyId, t.whatsappId);
  if (conn?.provider !== 'cloud') return undefined;
  const last = await repo.lastInboundAt(tx, t.companyId, t.contactId, t.whatsappId);
  const closesAt = last ? new Date(last.getTime() + CUSTOMER_WINDOW_MS) : null;
  return { open: !!closesAt && closesAt.getTime() > clock.now().getTime(), closesAt: closesAt?.toISOString() ?? null };
};

/** A free-form send on a Cloud connection whose window is closed: ERR_WINDOW_CLOSED (with when it closed). */
export const assertWindowOpen = async (tx: Tx, clock: Clock, t: { companyId: number; contactId: number; whatsappId: number }): Promise<void> => {
  const w = await customerWindow(tx, clock, t);
  if (w && !w.open) throw new AppError('ERR_WINDOW_CLOSED', 'the customer last wrote more than 24 hours ago: send a template', { closesAt: w.closesAt });
};
