import { BellOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContactAvatar } from '../../components/ContactAvatar';
import { TopBarItemHeading, TopBarItemPreview, TopBarPopover, TopBarPopoverItem, useTopBarPopover } from '../../components/TopBarPopover';
import { useNotifications } from './notifications.store';

/** The bell (attendance.md §2 Top bar): how many tickets await me, each one click away. */
export const NotificationsPopover = () => {
  const { t } = useTranslation();
  const { popover, go } = useTopBarPopover();
  const tickets = useNotifications((s) => s.tickets);
  const loading = useNotifications((s) => s.loading);

  return (
    <TopBarPopover
      {...popover}
      title={t('topbar.notifications')}
      icon={<BellOutlined />}
      badge={{ count: tickets.length }}
      testIds={{ button: 'notifications-button', badge: 'notifications-count', list: 'notifications-list' }}
      loading={loading && tickets.length === 0}
      empty={tickets.length === 0}
      emptyText={t('topbar.noNotifications')}
    >
      {tickets.map((ticket) => (
        <TopBarPopoverItem key={ticket.id} gap={10} align="center" data-testid="notification-item" data-ticket-id={ticket.id} onActivate={() => go(`/tickets/${ticket.uuid}`)}>
          <ContactAvatar name={ticket.contact.name} src={ticket.contact.profilePicUrl} />
          <Flex vertical style={{ flex: 1, minWidth: 0 }}>
            <TopBarItemHeading title={ticket.contact.name} at={ticket.updatedAt} />
            <TopBarItemPreview text={ticket.lastMessage} unread={ticket.unreadMessages} />
          </Flex>
        </TopBarPopoverItem>
      ))}
    </TopBarPopover>
  );
};
