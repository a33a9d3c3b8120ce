import type { LoginBody } from '@balcao/shared';
import { clearSession, setSession } from '../../lib/session';
import { stopSocket } from '../../lib/socket';
import { useConversation } from '../messages/messages.store';
import { useTickets } from '../tickets/tickets.store';
import { authApi } from './auth.api';

// Spec §2: campaign routes show only when this local flag was set at login.
const CAMPAIGNS_FLAG = 'cshow';

/** Logs in and stores the session; returns the days left when the subscription ends soon. */
export const login = async (body: LoginBody): Promise<number | undefined> => {
  const { token, user, dueWarningDays } = await authApi.login(body);
  const campaigns = user.company.settings.some((s) => s.key === 'campaignsEnabled' && s.value === 'true');
  if (campaigns) localStorage.setItem(CAMPAIGNS_FLAG, 'true');
  else localStorage.removeItem(CAMPAIGNS_FLAG);
  setSession(token, user);
  return dueWarningDays;
};

export const hasCampaignsFlag = (): boolean => localStorage.getItem(CAMPAIGNS_FLAG) !== null;

/** Ends the session here and on the server; the router then shows /login. */
export const logout = async (): Promise<void> => {
  await authApi.logout().catch(() => undefined);
  stopSocket();
  useTickets.getState().reset();
  useConversation.getState().clear();
  clearSession();
};
