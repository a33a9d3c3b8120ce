import { create } from 'zustand';
import type { SessionUserDto } from '@balcao/shared';

export type SessionStatus = 'restoring' | 'authenticated' | 'anonymous';

interface SessionState {
  token: string | null;
  user: SessionUserDto | null;
  status: SessionStatus;
}

// Spec §4 Session: token, companyId, userId and the company due date live in localStorage.
const KEYS = { token: 'token', companyId: 'companyId', userId: 'userId', dueDate: 'companyDueDate' } as const;

const readStoredToken = (): string | null => {
  const raw = localStorage.getItem(KEYS.token);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'string' ? parsed : null;
  } catch {
    return raw;
  }
};

export const useSession = create<SessionState>(() => {
  const token = readStoredToken();
  return { token, user: null, status: token ? 'restoring' : 'anonymous' };
});

export const getToken = (): string | null => useSession.getState().token;
export const getUser = (): SessionUserDto | null => useSession.getState().user;

export const setSession = (token: string, user: SessionUserDto): void => {
  localStorage.setItem(KEYS.token, JSON.stringify(token));
  localStorage.setItem(KEYS.companyId, String(user.companyId));
  localStorage.setItem(KEYS.userId, String(user.id));
  localStorage.setItem(KEYS.dueDate, user.company.dueDate ?? '');
  useSession.setState({ token, user, status: 'authenticated' });
};

export const clearSession = (): void => {
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
  useSession.setState({ token: null, user: null, status: 'anonymous' });
};
