import i18n from 'i18next';
import { listen } from '../../lib/socket';
import { getPlatform } from '../../platform/platform';
import { previewOf } from './media.logic';
import { useConversation } from './messages.store';

/** Live messages: append/update in the open conversation; new contact messages on my tickets notify. */
export const bindMessageSocket = (userId: number): (() => void) =>
  listen('appMessage', ({ message, ticket }) => {
    const conversation = useConversation.getState();
    conversation.applyMessage(message, ticket);
    const viewing = conversation.ticket?.id === message.ticketId && document.visibilityState === 'visible';
    if (message.fromMe || message.automated || viewing || ticket?.userId !== userId) return;
    getPlatform()
      .showNotification({
        title: (ticket.contact?.name || i18n.t('tickets.newMessage')).slice(0, 200),
        body: (previewOf(message, (key) => i18n.t(key)) || i18n.t('tickets.newMessage')).slice(0, 200),
        ticketUuid: ticket.uuid,
      })
      .catch(() => undefined);
  });
