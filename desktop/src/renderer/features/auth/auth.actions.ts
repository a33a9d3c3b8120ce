import type { LoginBody, LoginResponse } from '@balcao/shared';
import { clearSession, setSession } from '../../lib/session';
import { stopSocket } from '../../lib/socket';
import { useConversation } from '../messages';
import { useTickets } from '../tickets';
import { authApi, twoFactorApi } from './auth.api';

// Spec §2: campaign routes show only when this local flag was set at login.
const CAMPAIGNS_FLAG = 'cshow';

/** What the login page tells the user after logging in. */
export interface LoginOutcome {
  /** The days left when the subscription ends soon. */
  dueWarningDays?: number;
  /** An overdue company's admin: the session only reaches the pay pages (decision 0280). */
  billingOnly?: boolean;
  /** The server's expiry text for a billing-only session. */
  message?: string;
}

/** The login stopped for a second step (decision 0350): a code, or setting 2FA up first. */
export interface SecondStep {
  step: 'code' | 'setup';
  challenge: string;
}

/** Stores the session of a login answer (the password's, or the second step's). */
export const enter = (answer: LoginResponse): LoginOutcome => {
  // billingOnly/message: decision 0280's fields of LoginResponse (in shared/ with the billing server).
  const { token, user, dueWarningDays, billingOnly, message } = answer;
  const campaigns = user.company.settings.some((s) => s.key === 'campaignsEnabled' && s.value === 'true');
  if (campaigns) localStorage.setItem(CAMPAIGNS_FLAG, 'true');
  else localStorage.removeItem(CAMPAIGNS_FLAG);
  setSession(token, user);
  return { dueWarningDays, billingOnly, message };
};

/** Logs in and stores the session, or says which second step the login needs. */
export const login = async (body: LoginBody): Promise<LoginOutcome | SecondStep> => {
  const answer = await authApi.login(body);
  if ('twoFactorRequired' in answer) return { step: 'code', challenge: answer.challenge };
  if ('twoFactorSetupRequired' in answer) return { step: 'setup', challenge: answer.challenge };
  return enter(answer);
};

/** The login's second step: a TOTP or recovery code for the challenge, then the session. */
export const verifySecondStep = async (challenge: string, code: string): Promise<LoginOutcome> => enter(await twoFactorApi.verify(challenge, code));

export const hasCampaignsFlag = (): boolean => localStorage.getItem(CAMPAIGNS_FLAG) !== null;

/** Ends the session here and on the server; the router then shows /login. */
export const logout = async (): Promise<void> => {
  await authApi.logout().catch(() => undefined);
  stopSocket();
  useTickets.getState().reset();
  useConversation.getState().clear();
  clearSession();
};
