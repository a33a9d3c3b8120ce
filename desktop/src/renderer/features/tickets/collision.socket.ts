import { useEffect } from 'react';
import { COLLISION_HEARTBEAT_MS } from '@balcao/shared';
import { emit, getSocket, listen, onReady } from '../../lib/socket';
import { useCollision } from './collision.store';

/**
 * While the tickets screen is mounted: colleagues' activity from the socket into the store.
 * Bound once the socket is ready: the screen mounts (child effects first) before the shell
 * starts the socket, when listen() would bind to nothing; a new socket (another login) rebinds.
 */
export const useCollisionFeed = (): void =>
  useEffect(() => {
    let bound: ReturnType<typeof getSocket> = null;
    let off = (): void => undefined;
    const offReady = onReady(() => {
      if (bound === getSocket()) return;
      off();
      bound = getSocket();
      off = listen('collision', (event) => useCollision.getState().apply(event));
    });
    return () => {
      offReady();
      off();
      useCollision.getState().clearAll();
    };
  }, []);

/** At most one 'typing' per this long per ticket: colleagues' timers last longer (COLLISION_TYPING_MS). */
export const TYPING_THROTTLE_MS = 2_000;

/**
 * Says this agent has the ticket open: now, every COLLISION_HEARTBEAT_MS, again after a reconnect,
 * and 'left' when it closes. Typing in the conversation's text box (any textarea inside the
 * element with data-testid="conversation" showing this ticket) says 'typing', throttled.
 */
export const useAnnounceTicket = (uuid: string, ticketId: number): void =>
  useEffect(() => {
    const viewing = () => emit('ticketActivity', uuid, 'viewing');
    const offReady = onReady(viewing);
    const beat = setInterval(viewing, COLLISION_HEARTBEAT_MS);
    let lastTyping = 0;
    const onInput = (e: Event) => {
      const el = e.target;
      if (!(el instanceof HTMLTextAreaElement)) return;
      const view = el.closest('[data-testid="conversation"]');
      if (!view || view.getAttribute('data-ticket-id') !== String(ticketId)) return;
      const now = Date.now();
      if (now - lastTyping < TYPING_THROTTLE_MS) return;
      lastTyping = now;
      emit('ticketActivity', uuid, 'typing');
    };
    document.addEventListener('input', onInput, true);
    return () => {
      offReady();
      clearInterval(beat);
      document.removeEventListener('input', onInput, true);
      emit('ticketActivity', uuid, 'left');
    };
  }, [uuid, ticketId]);
