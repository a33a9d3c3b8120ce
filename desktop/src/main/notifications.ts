import type { TicketNotification } from '../common/ipc-schemas.js';
import { Notification } from './electron-api.js';

export interface Notifier {
  show(notification: TicketNotification): void;
}

export interface NotifierOptions {
  /** Do not disturb: nothing is shown. */
  isSilenced: () => boolean;
  /** A click: bring the app forward on that ticket (through the link router). */
  onOpenTicket: (ticketUuid: string) => void;
}

export function createNotifier({ isSilenced, onOpenTicket }: NotifierOptions): Notifier {
  // A notification object that gets garbage-collected loses its click handler (Windows, macOS),
  // so each one is held until it is clicked or closed.
  const live = new Set<Notification>();

  return {
    show({ title, body, ticketUuid }) {
      if (!Notification.isSupported() || isSilenced()) return;
      const notification = new Notification({ title, body });
      live.add(notification);
      notification.on('click', () => {
        live.delete(notification);
        onOpenTicket(ticketUuid);
      });
      notification.on('close', () => live.delete(notification));
      notification.show();
    },
  };
}
