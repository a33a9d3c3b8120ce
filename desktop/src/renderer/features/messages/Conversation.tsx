import { useEffect, useState, type ReactNode } from 'react';
import type { TicketDto } from '@balcao/shared';
import { Flex } from 'antd';
import { useNavigate } from 'react-router-dom';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { toastError } from '../../lib/reportError';
import { emit, onReady } from '../../lib/socket';
import { Composer } from './composer/Composer';
import { MessageList } from './MessageList';
import { OutboxBubbles } from './outbox/OutboxBubbles';
import { setConversationElement, useConversation } from './messages.store';

/**
 * One open ticket: header, message history, composer. Mounted once per uuid. The header (the
 * ticket's actions) comes from the tickets feature, which composes this view.
 */
export const Conversation = ({ uuid, header }: { uuid: string; header: (ticket: TicketDto) => ReactNode }) => {
  const navigate = useNavigate();
  const ticket = useConversation((s) => (s.uuid === uuid ? s.ticket : null));

  useEffect(() => {
    useConversation
      .getState()
      .open(uuid)
      .catch((err: unknown) => {
        // Denied or gone (spec §6: 'Acesso não permitido' and back to /tickets).
        toastError(err);
        navigate('/tickets', { replace: true });
      });
    // Joined once the socket is ready, and again after each reconnect (a new socket, no rooms).
    const offReady = onReady(() => emit('joinChatBox', uuid));
    return () => {
      offReady();
      emit('leaveChatBox', uuid);
      useConversation.getState().clear();
    };
  }, [uuid, navigate]);

  // Back to the window with unread messages on screen: they are read now (issue 9, item 6).
  useEffect(() => {
    const onLook = () => {
      const s = useConversation.getState();
      if (s.uuid === uuid && s.ticket && s.ticket.unreadMessages > 0 && s.page > 0) s.readIfSeen();
    };
    window.addEventListener('focus', onLook);
    document.addEventListener('visibilitychange', onLook);
    return () => {
      window.removeEventListener('focus', onLook);
      document.removeEventListener('visibilitychange', onLook);
    };
  }, [uuid]);
  // Shown again (the narrow layout's 'Ticket' tab): the same.
  const [el, setEl] = useState<HTMLElement | null>(null);
  useEffect(() => {
    setConversationElement(el);
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const s = useConversation.getState();
      if (entries.some((e) => e.isIntersecting) && s.uuid === uuid && s.ticket && s.ticket.unreadMessages > 0 && s.page > 0) s.readIfSeen();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      setConversationElement(null);
    };
  }, [el, uuid]);

  if (!ticket) return <FullPageSpinner />;
  return (
    <Flex vertical style={{ height: '100%' }} data-testid="conversation" data-ticket-id={ticket.id} ref={setEl}>
      {header(ticket)}
      <MessageList />
      <OutboxBubbles ticketId={ticket.id} />
      <Composer ticket={ticket} />
    </Flex>
  );
};
