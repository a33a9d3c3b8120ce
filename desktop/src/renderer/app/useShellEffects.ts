import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SessionUserDto } from '@balcao/shared';
import { bindAuthSocket } from '../features/auth';
import { useCompany } from '../features/company';
import { bindConnectionSocket, useConnections } from '../features/connections';
import { bindContactSocket } from '../features/contacts';
import { bindMessageSocket, useConversation } from '../features/messages';
import { badgeCount, bindTicketSocket, type TicketLists, useTickets } from '../features/tickets';
import { onReady, onResync, startSocket, stopSocket } from '../lib/socket';
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
      bindMessageSocket(),
      bindAuthSocket(userId),
      bindContactSocket(),
      bindConnectionSocket(),
    ];
    onResync((tickets) => {
      const store = useTickets.getState();
      for (const ticket of tickets) store.upsert(ticket);
    });
    // Back after a drop (issue 16 §4): the lists and the open conversation are read again — the
    // resync above only brings changed tickets, not what left a list or the messages. No F5.
    let first = true;
    offs.push(
      onReady(() => {
        if (first) {
          first = false;
          return;
        }
        const store = useTickets.getState();
        for (const list of ['open', 'pending', 'closed'] as const) void store.load(list, 1);
        useConversation.getState().refresh().catch(() => undefined);
      }),
    );
    return () => {
      for (const off of offs) off();
      onResync(null);
      stopSocket();
    };
  }, [userId, companyId, navigate]);
};

/** Tickets waiting for an agent and unread customer messages, apart (the tray names both). */
export const trayCounts = (lists: TicketLists): { pending: number; unread: number } => {
  const unread = badgeCount(lists) - lists.pending.count;
  return { pending: Math.min(lists.pending.count, 99_999), unread: Math.min(Math.max(unread, 0), 99_999) };
};

/** In-app paths main may ask for (the tray): absolute, no scheme, no other host. */
export const isAppPath = (path: string): boolean => /^\/(?!\/)[^\\]*$/.test(path) && path.length <= 200;

/**
 * Tray/badge = waiting tickets + unread messages; a clicked notification or a `balcao://` link
 * opens its ticket or chat; the tray's "waiting tickets" opens that list.
 */
export const usePlatformBridge = (): void => {
  const navigate = useNavigate();
  useEffect(() => {
    const platform = getPlatform();
    let last = '';
    const push = (counts: { pending: number; unread: number }) => {
      const key = `${counts.pending}:${counts.unread}`;
      if (key === last) return;
      last = key;
      platform.setTrayCounts(counts).catch(() => undefined);
    };
    push(trayCounts(useTickets.getState().lists));
    const unsubscribe = useTickets.subscribe((s) => push(trayCounts(s.lists)));
    const offs = [
      platform.onOpenTicket((uuid) => navigate(`/tickets/${uuid}`)),
      platform.onOpenChat((uuid) => navigate(`/chats/${uuid}`)),
      platform.onNavigate((path) => {
        if (isAppPath(path)) navigate(path);
      }),
    ];
    return () => {
      unsubscribe();
      for (const off of offs) off();
      platform.setTrayCounts({ pending: 0, unread: 0 }).catch(() => undefined);
    };
  }, [navigate]);
};
