import { setSession, useSession } from '../../lib/session';
import { isBillingOnlyToken } from './billing-session';

/**
 * A confirmed payment renewed the licence: a full session's company now runs until `dueDate`
 * (the top bar's "Ativo até" and the stored companyDueDate follow at once). A billing-only
 * session gets a whole new session instead (`finishRenewal`).
 */
export const renewSession = (dueDate: string): void => {
  const { token, user } = useSession.getState();
  if (token && user && !isBillingOnlyToken(token)) setSession(token, { ...user, company: { ...user.company, dueDate } });
};
