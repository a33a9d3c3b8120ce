import type { TicketNotification } from '../common/ipc-schemas.js';
import { Notification } from './electron-api.js';

export interface Notifier {
  show(notification: TicketNotification): void;
}

export interface NotifierOptions {
  /** Do not disturb: nothing is shown. */
  isSilenced: () => boolean;
  /**
   * A click: bring the app forward on that ticket or chat (through the link router); an
   * announcement only brings the app forward (the top bar's popover shows it).
   */
  onOpen: (target: NotificationTarget) => void;
}

export type NotificationTarget = { kind: 'ticket' | 'chat'; uuid: string } | { kind: 'announcement'; id: number };

const targetOf = ({ ticketUuid, chatUuid, announcementId }: TicketNotification): NotificationTarget | undefined =>
  ticketUuid
    ? { kind: 'ticket', uuid: ticketUuid }
    : chatUuid
      ? { kind: 'chat', uuid: chatUuid }
      : announcementId !== undefined
        ? { kind: 'announcement', id: announcementId }
        : undefined;

const keyOf = (target: NotificationTarget): string => (target.kind === 'announcement' ? `announcement:${target.id}` : `${target.kind}:${target.uuid}`);

export function createNotifier({ isSilenced, onOpen }: NotifierOptions): Notifier {
  // A notification object that gets garbage-collected loses its click handler (Windows, macOS),
  // so each one is held until it is clicked, closed or replaced — one per ticket or chat.
  const live = new Map<string, Notification>();

  return {
    show(input) {
      if (!Notification.isSupported() || isSilenced()) return;
      const { title, body } = input;
      const target = targetOf(input);
      if (!target) return;
      const key = keyOf(target);
      // Grouped: the newer message about the same ticket replaces the older banner.
      const previous = live.get(key);
      live.delete(key);
      previous?.close();
      // Silent: the renderer plays the user's sound at the user's volume.
      const notification = new Notification({ title, body, silent: true });
      live.set(key, notification);
      const forget = () => {
        if (live.get(key) === notification) live.delete(key);
      };
      notification.on('click', () => {
        forget();
        onOpen(target);
      });
      notification.on('close', forget);
      notification.show();
    },
  };
}
