import { refreshSession } from '../../lib/http';
import { getToken, useSession } from '../../lib/session';

/**
 * Whether an access token is an overdue company's billing-only session (decision 0280: its
 * claims carry `billing: true`). Read from the token itself so a reload (the session comes back
 * through the refresh) keeps the mode. Only a display choice: the server enforces it (402).
 */
export const isBillingOnlyToken = (token: string | null): boolean => {
  const payload = token?.split('.')[1];
  if (!payload) return false;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null && (claims as { billing?: unknown }).billing === true;
  } catch {
    return false;
  }
};

export const useBillingOnly = (): boolean => useSession((s) => isBillingOnlyToken(s.token));

/**
 * After a confirmed payment: a billing-only session asks for a fresh one, which the server now
 * answers as a full session (decision 0280); a full session already is one.
 */
export const finishRenewal = async (): Promise<void> => {
  if (isBillingOnlyToken(getToken())) await refreshSession();
};
