import i18n from 'i18next';
import { listen } from '../../lib/socket';
import { toast } from '../../lib/toast';

// Spec §9: the other session is logged out 1 s after the warning.
const LOGOUT_DELAY_MS = 1_000;

/** Another login of the same user elsewhere ends this session (one active session per user). */
export const bindAuthSocket = (userId: number): (() => void) =>
  listen('auth', (payload) => {
    if (payload.action !== 'update' || payload.user?.id !== userId) return;
    toast.warning(i18n.t('auth.otherComputer'));
    setTimeout(() => {
      localStorage.clear();
      window.location.reload();
    }, LOGOUT_DELAY_MS);
  });
