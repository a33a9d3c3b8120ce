import { useEffect } from 'react';
import i18n from 'i18next';
import { isReachable } from '../../../lib/connectivity';
import { toastError } from '../../../lib/reportError';
import { onReady } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { messagesApi } from '../messages.api';
import { useConversation } from '../messages.store';
import { useOutbox, type OutboxSender } from './outbox.store';

const sender: OutboxSender = {
  send: (item) => messagesApi.send(item.ticketId, item.body, item.quotedMsgId, item.clientId),
  sent: (_item, message) => {
    if (message && typeof message === 'object' && 'id' in message) useConversation.getState().applyMessage(message);
  },
  refused: (item, error) => {
    const body = item.body.length > 60 ? `${item.body.slice(0, 59)}…` : item.body;
    toast.error(i18n.t('outbox.refused', { body }));
    toastError(error);
  },
};

/**
 * The outbox's life in the shell: what the device kept is read at login, and sent, in order,
 * whenever the socket is set up (the first time, and after every reconnect).
 */
export const useOutboxSync = (userId: number | undefined, companyId: number | undefined): void => {
  useEffect(() => {
    if (!userId || !companyId) return;
    const flush = () => {
      if (isReachable() && useOutbox.getState().loaded) void useOutbox.getState().flush({ userId, companyId }, sender);
    };
    const offLoaded = useOutbox.subscribe((s, prev) => {
      if (s.loaded && !prev.loaded) flush();
    });
    if (!useOutbox.getState().loaded) void useOutbox.getState().load();
    const offReady = onReady(flush);
    return () => {
      offLoaded();
      offReady();
    };
  }, [userId, companyId]);
};
