import { wireEvent } from '@balcao/shared';
import type { DataAccess } from '../../db/tenant';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';
import * as repo from './invoices.repository';

/**
 * `company-<id>-payment` { action: 'CONCLUIDA', company: { id, dueDate } } to that company's admins
 * and its billing-only sessions (decision 0283): the checkout page renews and goes home.
 */
export const registerBillingListeners = (bus: EventBus, rt: Realtime, data: DataAccess): void => {
  bus.on('payment.confirmed', (e) => rt.emit([rooms.admins(e.companyId), rooms.billing(e.companyId)], wireEvent(e.companyId, 'payment'), e.payment));
  // A due date the super user moved (issue 28 §1, decision 0345): the open invoice follows it and
  // the new period's exists now. Should this be lost to a crash, the daily job and the admin
  // opening billing still make the invoice; only the old one's date would stay.
  bus.on('company.dueDateChanged', (e) =>
    data
      .withSystem('billing:invoices', async ({ tx }) => {
        await repo.moveOpen(tx, e.companyId, e.from, e.to);
        await repo.ensureCurrent(tx, e.companyId);
      })
      .catch((err: unknown) => console.error('following a due-date change with the invoices failed', e.companyId, err)),
  );
};
