import type { WhatsappAlertPayload } from '@balcao/shared';
import i18n from 'i18next';
import { toast, type Notice } from '../../lib/toast';

/** What an admin reads about a connection that needs them (one notice per connection). */
export const alertNotice = (a: WhatsappAlertPayload): Notice => ({
  key: `whatsapp-alert-${a.whatsappId}`,
  // Logged out and refused need the phone in hand; the others only a click here.
  type: a.kind === 'logged-out' || a.kind === 'forbidden' ? 'error' : 'warning',
  title: i18n.t('connections.alert.title', { name: a.name }),
  description: i18n.t(`connections.alert.${a.kind}`),
});

export const showConnectionAlert = (a: WhatsappAlertPayload): void => {
  toast.notify(alertNotice(a));
};
