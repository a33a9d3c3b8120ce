import type { SessionUserDto, TicketDto } from '@balcao/shared';

/**
 * Which tickets the bell counts (attendance.md §2 and §6; decision 0088): among the tickets the
 * server lets this user see, those with unread messages that are theirs (assigned to them), and
 * the waiting ones (pending/attending, nobody's yet) when their allTicket is enabled or they are
 * an admin. Closed tickets never ring.
 */
export const notifies = (t: TicketDto, me: Pick<SessionUserDto, 'id' | 'profile' | 'allTicket'>): boolean => {
  if (t.status === 'closed' || t.unreadMessages <= 0) return false;
  if (t.userId === me.id) return true;
  const waiting = (t.status === 'pending' || t.status === 'attending') && t.userId == null;
  return waiting && (me.allTicket === 'enabled' || me.profile === 'admin');
};

/** Spec §7 local storage: `volume`, 0–1 in steps of 0.1, default 1. */
export const VOLUME_KEY = 'volume';
export const readVolume = (): number => {
  const raw = localStorage.getItem(VOLUME_KEY);
  const n = raw === null ? NaN : Number(raw);
  return Number.isFinite(n) ? clampVolume(n) : 1;
};
export const clampVolume = (n: number): number => Math.min(1, Math.max(0, Math.round(n * 10) / 10));
export const writeVolume = (n: number): number => {
  const v = clampVolume(n);
  localStorage.setItem(VOLUME_KEY, String(v));
  return v;
};
