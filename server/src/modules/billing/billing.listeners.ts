import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

/**
 * `company-<id>-payment` { action: 'CONCLUIDA', company: { id, dueDate } } to that company's admins
 * and its billing-only sessions (decision 0283): the checkout page renews and goes home.
 */
export const registerBillingListeners = (bus: EventBus, rt: Realtime): void => {
  bus.on('payment.confirmed', (e) => rt.emit([rooms.admins(e.companyId), rooms.billing(e.companyId)], wireEvent(e.companyId, 'payment'), e.payment));
};
