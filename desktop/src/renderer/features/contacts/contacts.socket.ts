import { listen } from '../../lib/socket';
import { useConversation } from '../messages';
import { useTickets } from '../tickets';

/** A renamed contact (new picture, tags) shows at once in the lists and the open conversation. */
export const bindContactSocket = (): (() => void) =>
  listen('contact', (payload) => {
    if (payload.action === 'delete') return;
    const { id, name, number, profilePicUrl, tags } = payload.contact;
    const ref = { id, name, number, profilePicUrl, tags };
    useTickets.getState().applyContact(ref);
    const current = useConversation.getState().ticket;
    if (current?.contactId === id) useConversation.getState().applyTicket({ ...current, contact: ref });
  });
