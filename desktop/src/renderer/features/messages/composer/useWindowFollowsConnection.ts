import { useEffect, useRef } from 'react';
import { useConnections } from '../../connections';
import { useConversation } from '../messages.store';

/**
 * Failover (decision 0412): while a ticket's session is down, replies face its Cloud fallback's
 * 24-hour window; when it comes back, none. The window is read again whenever the ticket's
 * connection, having a fallback, goes down or comes back.
 */
export const useWindowFollowsConnection = (whatsappId: number) => {
  const up = useConnections((s) => {
    const own = s.list.find((c) => c.id === whatsappId);
    return own?.fallbackWhatsappId == null ? null : own.status === 'CONNECTED';
  });
  const seen = useRef(up);
  useEffect(() => {
    if (seen.current === up) return;
    seen.current = up;
    if (up !== null) void useConversation.getState().reloadWindow().catch(() => undefined);
  }, [up]);
};
