import { PushChannels } from '../common/ipc-channels.js';
import type { TicketNotification } from '../common/ipc-schemas.js';
import { Notification, type BrowserWindow } from './electron-api.js';
import { revealWindow } from './window.js';

export interface Notifier {
  show(notification: TicketNotification): void;
}

export function createNotifier(getWindow: () => BrowserWindow | undefined): Notifier {
  // A notification object that gets garbage-collected loses its click handler (Windows, macOS),
  // so each one is held until it is clicked or closed.
  const live = new Set<Notification>();

  return {
    show({ title, body, ticketUuid }) {
      if (!Notification.isSupported()) return;
      const notification = new Notification({ title, body });
      live.add(notification);
      notification.on('click', () => {
        live.delete(notification);
        const window = getWindow();
        if (!window || window.isDestroyed()) return;
        // Focus first, so the renderer opens the ticket in a window the user is looking at.
        revealWindow(window);
        window.webContents.send(PushChannels.appFocusTicket, ticketUuid);
      });
      notification.on('close', () => live.delete(notification));
      notification.show();
    },
  };
}
