import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SessionUserDto } from '@balcao/shared';
import { bindAuthSocket } from '../features/auth/auth.socket';
import { useCompany } from '../features/company/company.store';
import { bindConnectionSocket } from '../features/connections/connections.socket';
import { useConnections } from '../features/connections/connections.store';
import { bindContactSocket } from '../features/contacts/contacts.socket';
import { bindMessageSocket } from '../features/messages/messages.socket';
import { badgeCount } from '../features/tickets/tickets.logic';
import { bindTicketSocket } from '../features/tickets/tickets.socket';
import { useTickets } from '../features/tickets/tickets.store';
import { onResync, startSocket, stopSocket } from '../lib/socket';
import { getPlatform } from '../platform/platform';

/** Who is looking decides what the ticket lists show; the lists load once per user. */
export const useTicketViewer = (user: SessionUserDto | null): void => {
  // Keyed on the fields that matter: a token refresh hands us a new but equal user object.
  const key = user ? `${user.id}:${user.profile}:${user.queues.map((q) => q.id).join(',')}:${user.allTicket}` : '';
  const userRef = useRef(user);
  userRef.current = user;
  useEffect(() => {
    const user = userRef.current;
    if (!user) return;
    const store = useTickets.getState();
    store.setViewer({
      id: user.id,
      profile: user.profile,
      super: user.super,
      queueIds: user.queues.map((q) => q.id),
      allTicket: user.allTicket,
      showAll: user.profile === 'admin',
    });
    for (const list of ['open', 'pending', 'closed'] as const) void store.load(list, 1);
    void useCompany.getState().loadFlags(user.companyId);
    // The side menu's '!' on Conexões needs the connections (admins only see that item).
    const connections = useConnections.getState();
    if (user.profile === 'admin') connections.load().catch(() => undefined);
    else connections.reset();
  }, [key]);
};

export const useRealtime = (userId: number | undefined, companyId: number | undefined): void => {
  const navigate = useNavigate();
  useEffect(() => {
    if (!userId || !companyId) return;
    startSocket(companyId);
    const offs = [
      bindTicketSocket(() => navigate('/tickets')),
      bindMessageSocket(userId),
      bindAuthSocket(userId),
      bindContactSocket(),
      bindConnectionSocket(),
    ];
    onResync((tickets) => {
      const store = useTickets.getState();
      for (const ticket of tickets) store.upsert(ticket);
    });
    return () => {
      for (const off of offs) off();
      onResync(null);
      stopSocket();
    };
  }, [userId, companyId, navigate]);
};

/** Badge = waiting tickets + unread messages; a clicked notification opens its ticket. */
export const usePlatformBridge = (): void => {
  const navigate = useNavigate();
  useEffect(() => {
    const platform = getPlatform();
    let last = -1;
    const push = (count: number) => {
      if (count === last) return;
      last = count;
      platform.setBadgeCount(Math.min(count, 99_999)).catch(() => undefined);
    };
    push(badgeCount(useTickets.getState().lists));
    const unsubscribe = useTickets.subscribe((s) => push(badgeCount(s.lists)));
    const offOpen = platform.onOpenTicket((uuid) => navigate(`/tickets/${uuid}`));
    return () => {
      unsubscribe();
      offOpen();
      platform.setBadgeCount(0).catch(() => undefined);
    };
  }, [navigate]);
};
