import { Modal } from 'antd';
import type { TicketDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { ReadOnlyConversation } from '../messages';

/** The admin's "Espiar Conversa": the ticket's messages, read-only, without opening (or reading) it. */
export const SpyModal = ({ ticket, onClose }: { ticket: TicketDto | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!ticket}
      title={ticket ? `${t('manager.spy')} — ${ticket.contact.name} #${ticket.id}` : ''}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      {ticket && <ReadOnlyConversation ticketId={ticket.id} emptyText={t('manager.spyEmpty')} olderText={t('manager.loadOlder')} />}
    </Modal>
  );
};
