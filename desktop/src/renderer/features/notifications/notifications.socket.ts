import { useEffect, useRef } from 'react';
import type { SessionUserDto } from '@balcao/shared';
import { useLocation } from 'react-router-dom';
import { getSocket, listen, onReady } from '../../lib/socket';
import { toastError } from '../../lib/reportError';
import { applyTicketEvent, useNotifications } from './notifications.store';
import { playChime } from './sound';

type Me = Pick<SessionUserDto, 'id' | 'profile' | 'allTicket'>;

/**
 * Feeds the bell: the list once the socket is ready (again after each reconnect: what changed
 * while away), then live `ticket` and `appMessage` events. A new or grown notification rings,
 * unless this agent is looking at that very ticket.
 */
export const useNotificationsFeed = (me: Me | null): void => {
  const { pathname } = useLocation();
  const path = useRef(pathname);
  path.current = pathname;
  const id = me?.id;
  const profile = me?.profile;
  const allTicket = me?.allTicket;

  useEffect(() => {
    if (id === undefined || !profile || !allTicket) return;
    const who: Me = { id, profile, allTicket };
    const looking = (uuid: string) => path.current.endsWith(`/tickets/${uuid}`) && document.visibilityState === 'visible' && document.hasFocus();
    const ring = () => playChime(useNotifications.getState().volume);
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
          const news = applyTicketEvent(payload, who);
          if (news && payload.action === 'update' && !looking(payload.ticket.uuid)) ring();
        }),
        listen('appMessage', ({ action, message, ticket }) => {
          if (action !== 'create' || message.fromMe || !ticket) return;
          if (useNotifications.getState().apply(ticket, who) && !looking(ticket.uuid)) ring();
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
