import { PaymentEvent } from '@balcao/shared';
import { getSocket, onReady, type AppSocket } from '../../lib/socket';
import { useSession } from '../../lib/session';

/**
 * Calls `handler` with the new due date when this company's payment is confirmed
 * (`company-<id>-payment`, action CONCLUIDA with `company.dueDate`). Binds once the socket is
 * ready and again when it is replaced; anything else on the channel is ignored.
 */
export const onPaymentConfirmed = (handler: (dueDate: string) => void): (() => void) => {
  let bound: AppSocket | null = null;
  let off = (): void => undefined;
  const listener = (payload: unknown): void => {
    const parsed = PaymentEvent.safeParse(payload);
    if (parsed.success) handler(parsed.data.company.dueDate);
  };
  const offReady = onReady(() => {
    const s = getSocket();
    const companyId = useSession.getState().user?.companyId;
    if (!s || s === bound || !companyId) return;
    off();
    bound = s;
    // The spec's channel name (the shared catalogue's `payment`).
    const name = `company-${companyId}-payment`;
    s.on(name, listener);
    off = () => {
      s.off(name, listener);
    };
  });
  return () => {
    offReady();
    off();
  };
};
