import { useEffect, useState } from 'react';
import { Button, Descriptions, Divider, Drawer, Empty, Flex, Skeleton, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ContactDto, TicketDto } from '@balcao/shared';
import { ContactAvatar } from '../../../components/ContactAvatar';
import { cancelable } from '../../../lib/cancelable';
import { toastError } from '../../../lib/reportError';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { TagsSelect, tagsApi } from '../../tags';
import { RoutingSuggestion, TicketSummaries } from '../../copilot';
import { ContactEditForm } from './ContactEditForm';
import { OptOutControl } from './OptOutControl';
import { TicketNotes } from './TicketNotes';
import { drawerApi } from './drawer.api';

interface Props {
  open: boolean;
  onClose: () => void;
  ticket: TicketDto;
  /** The contact as saved (the lists may show its new name). */
  onContactSaved?: (contact: ContactDto) => void;
}

/**
 * The conversation's contact drawer (attendance.md §2): the contact's details, its edit form
 * with extra info, the contact's own tags (a selector: the list items show them) and the
 * ticket's notes. Full width below 600 px.
 * No "Agendar mensagem" until schedules exist.
 */
export const ContactDrawer = ({ open, onClose, ticket, onContactSaved }: Props) => {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 600px)');
  const [contact, setContact] = useState<ContactDto | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState(false);
  const contactId = ticket.contact.id;

  useEffect(() => {
    if (!open) return;
    setContact(null);
    setFailed(false);
    setEditing(false);
    return cancelable((signal) => drawerApi.contact(contactId, signal), {
      then: setContact,
      failed: (err) => {
        setFailed(true);
        toastError(err);
      },
    });
  }, [open, contactId]);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={narrow ? '100%' : 400}
      title={t('drawer.title')}
      destroyOnHidden
      data-testid="contact-drawer"
      styles={{ body: { paddingTop: 12 } }}
    >
      {failed ? (
        <Empty description={t('common.noRecords')} />
      ) : !contact ? (
        <Flex vertical gap={16} data-testid="drawer-loading">
          <Skeleton avatar={{ size: 72 }} active paragraph={{ rows: 2 }} />
        </Flex>
      ) : editing ? (
        <ContactEditForm
          contact={contact}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setContact(saved);
            setEditing(false);
            onContactSaved?.(saved);
          }}
        />
      ) : (
        <Flex vertical gap={12}>
          <Flex vertical align="center" gap={8} data-testid="drawer-details">
            <ContactAvatar name={contact.name} src={contact.profilePicUrl} size={72} />
            <Typography.Title level={5} style={{ margin: 0, textAlign: 'center', overflowWrap: 'anywhere' }} data-testid="drawer-contact-name">
              {contact.name}
            </Typography.Title>
            <Typography.Text copyable data-testid="drawer-contact-number">
              {contact.number}
            </Typography.Text>
            {contact.email ? (
              <Typography.Text type="secondary" copyable data-testid="drawer-contact-email" style={{ overflowWrap: 'anywhere' }}>
                {contact.email}
              </Typography.Text>
            ) : null}
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="drawer-edit">
              {t('drawer.edit')}
            </Button>
            <OptOutControl contactId={contact.id} />
          </Flex>
          {contact.extraInfo.length > 0 ? (
            <Descriptions size="small" column={1} bordered title={t('drawer.extraInfo')} data-testid="drawer-extra">
              {contact.extraInfo.map((x, i) => (
                <Descriptions.Item key={`${x.name}-${i}`} label={x.name}>
                  <span style={{ overflowWrap: 'anywhere' }}>{x.value}</span>
                </Descriptions.Item>
              ))}
            </Descriptions>
          ) : null}
        </Flex>
      )}
      <Divider titlePlacement="start" plain>
        {t('deskExtra.contactTags')}
      </Divider>
      <Flex wrap gap={4} data-testid="drawer-tags">
        {contact ? (
          <TagsSelect
            value={contact.tags}
            testId="drawer-contact-tags"
            label={t('deskExtra.contactTags')}
            placeholder={t('deskExtra.contactTagsPlaceholder')}
            style={{ width: '100%' }}
            onSync={async (ids) => {
              const saved = await tagsApi.setContactTags(contact.id, ids);
              setContact(saved);
              onContactSaved?.(saved);
            }}
          />
        ) : failed ? (
          <Typography.Text type="secondary">{t('drawer.noTags')}</Typography.Text>
        ) : (
          <Skeleton.Input active size="small" block />
        )}
      </Flex>
      <TicketSummaries ticketId={ticket.id} />
      <RoutingSuggestion ticket={ticket} />
      <Divider />
      <TicketNotes ticketId={ticket.id} contactId={contactId} />
    </Drawer>
  );
};
