import { useEffect } from 'react';
import { Flex } from 'antd';
import { useNavigate } from 'react-router-dom';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { toastError } from '../../lib/reportError';
import { emit, getSocket } from '../../lib/socket';
import { Composer } from './Composer';
import { ConversationHeader } from './ConversationHeader';
import { MessageList } from './MessageList';
import { useConversation } from './messages.store';

/** One open ticket: header with actions, message history, composer. Mounted once per uuid. */
export const Conversation = ({ uuid }: { uuid: string }) => {
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
    const join = () => emit('joinChatBox', uuid);
    join();
    const socket = getSocket();
    socket?.on('connect', join);
    return () => {
      socket?.off('connect', join);
      emit('leaveChatBox', uuid);
      useConversation.getState().clear();
    };
  }, [uuid, navigate]);

  if (!ticket) return <FullPageSpinner />;
  return (
    <Flex vertical style={{ height: '100%' }} data-testid="conversation" data-ticket-id={ticket.id}>
      <ConversationHeader ticket={ticket} />
      <MessageList />
      <Composer ticket={ticket} />
    </Flex>
  );
};
