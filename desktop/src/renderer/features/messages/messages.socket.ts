import i18n from 'i18next';
import { listen } from '../../lib/socket';
import { notifyDesk } from '../desktop-notify';
import { previewOf } from './media.logic';
import { useConversation } from './messages.store';

/** Live messages: append/update in the open conversation; a new customer message may ring (desktop-notify's rules). */
export const bindMessageSocket = (): (() => void) =>
  listen('appMessage', ({ action, message, ticket }) => {
    useConversation.getState().applyMessage(message, ticket);
    if (action !== 'create' || !ticket) return;
    void notifyDesk({ kind: 'message', message, ticket }, (m) => previewOf(m, (key) => i18n.t(key)));
  });
