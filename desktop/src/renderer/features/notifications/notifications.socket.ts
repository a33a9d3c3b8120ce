import { useEffect } from 'react';
import type { SessionUserDto } from '@balcao/shared';
import { getSocket, listen, onReady } from '../../lib/socket';
import { toastError } from '../../lib/reportError';
import { applyTicketEvent, useNotifications } from './notifications.store';

type Me = Pick<SessionUserDto, 'id' | 'profile' | 'allTicket'>;

/**
 * Feeds the bell: the list once the socket is ready (again after each reconnect: what changed
 * while away), then live `ticket` and `appMessage` events. The sound and the system banner are
 * desktop-notify's (one set of rules, do not disturb included).
 */
export const useNotificationsFeed = (me: Me | null): void => {
  const id = me?.id;
  const profile = me?.profile;
  const allTicket = me?.allTicket;

  useEffect(() => {
    if (id === undefined || !profile || !allTicket) return;
    const who: Me = { id, profile, allTicket };
    let bound: ReturnType<typeof getSocket> = null;
    let offs: (() => void)[] = [];
    const offReady = onReady(() => {
      useNotifications.getState().load(who).catch(toastError);
      // The socket listen() binds to: a new one (another login) needs binding again.
      if (bound === getSocket()) return;
      for (const off of offs) off();
      bound = getSocket();
      offs = [
        listen('ticket', (payload) => {
          applyTicketEvent(payload, who);
        }),
        listen('appMessage', ({ action, message, ticket }) => {
          if (action !== 'create' || message.fromMe || !ticket) return;
          useNotifications.getState().apply(ticket, who);
        }),
      ];
    });
    return () => {
      offReady();
      for (const off of offs) off();
      useNotifications.getState().reset();
    };
  }, [id, profile, allTicket]);
};
