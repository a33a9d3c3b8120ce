import { create } from 'zustand';
import { COLLISION_TTL_MS, COLLISION_TYPING_MS, type WireChannels } from '@balcao/shared';

/** A colleague in a ticket, as this agent sees them (issue 10 item 8, decision 0087). */
export interface Colleague {
  id: number;
  name: string;
  state: 'viewing' | 'typing';
}

interface CollisionState {
  /** ticketId → userId → what that colleague is doing there. Never fetched: only the socket feeds it. */
  byTicket: Readonly<Record<number, Readonly<Record<number, Colleague>>>>;
  apply: (event: WireChannels['collision']) => void;
  clearAll: () => void;
}

const key = (ticketId: number, userId: number) => `${ticketId}:${userId}`;
/** Forgets a colleague not heard from for COLLISION_TTL_MS (a lost 'left', a crashed client). */
const expiry = new Map<string, ReturnType<typeof setTimeout>>();
/** Turns 'typing' back into 'viewing' once they stop. */
const typingEnds = new Map<string, ReturnType<typeof setTimeout>>();

const stop = (timers: Map<string, ReturnType<typeof setTimeout>>, k: string) => {
  clearTimeout(timers.get(k));
  timers.delete(k);
};

const put = (s: CollisionState, ticketId: number, userId: number, c: Colleague | null): Partial<CollisionState> => {
  const here = { ...(s.byTicket[ticketId] ?? {}) };
  if (c) here[userId] = c;
  else delete here[userId];
  const byTicket = { ...s.byTicket, [ticketId]: here };
  if (!c && Object.keys(here).length === 0) delete byTicket[ticketId];
  return { byTicket };
};

export const useCollision = create<CollisionState>((set, get) => ({
  byTicket: {},
  apply: ({ ticketId, user, state }) => {
    const k = key(ticketId, user.id);
    stop(expiry, k);
    if (state !== 'viewing') stop(typingEnds, k);
    if (state === 'left') {
      if (get().byTicket[ticketId]?.[user.id]) set((s) => put(s, ticketId, user.id, null));
      return;
    }
    expiry.set(
      k,
      setTimeout(() => {
        stop(typingEnds, k);
        expiry.delete(k);
        set((s) => put(s, ticketId, user.id, null));
      }, COLLISION_TTL_MS),
    );
    if (state === 'typing') {
      typingEnds.set(
        k,
        setTimeout(() => {
          typingEnds.delete(k);
          if (get().byTicket[ticketId]?.[user.id]) set((s) => put(s, ticketId, user.id, { id: user.id, name: user.name, state: 'viewing' }));
        }, COLLISION_TYPING_MS),
      );
    }
    const now = get().byTicket[ticketId]?.[user.id];
    // A heartbeat while typing says 'viewing': typing lasts until its own timer ends.
    const next: Colleague = { id: user.id, name: user.name, state: state === 'viewing' && now?.state === 'typing' && typingEnds.has(k) ? 'typing' : state };
    if (now && now.state === next.state && now.name === next.name) return;
    set((s) => put(s, ticketId, user.id, next));
  },
  clearAll: () => {
    for (const t of [...expiry.values(), ...typingEnds.values()]) clearTimeout(t);
    expiry.clear();
    typingEnds.clear();
    set({ byTicket: {} });
  },
}));

const none: readonly Colleague[] = [];
const cache = new WeakMap<object, Map<number | undefined, readonly Colleague[]>>();

/** The colleagues in one ticket (never me), typing first, then by name; stable between renders. */
export const useColleagues = (ticketId: number, meId: number | undefined): readonly Colleague[] =>
  useCollision((s) => {
    const here = s.byTicket[ticketId];
    if (!here) return none;
    let byMe = cache.get(here);
    if (!byMe) cache.set(here, (byMe = new Map()));
    let list = byMe.get(meId);
    if (!list) {
      const sorted = Object.values(here)
        .filter((c) => c.id !== meId)
        .sort((a, b) => (a.state === b.state ? a.name.localeCompare(b.name) : a.state === 'typing' ? -1 : 1));
      list = sorted.length ? sorted : none;
      byMe.set(meId, list);
    }
    return list;
  });
