import { useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Flex, List, Popover, Spin, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ContactAvatar } from '../../components/ContactAvatar';
import { formatListTime } from '../../lib/format';
import { useNotifications } from './notifications.store';

/** The bell (attendance.md §2 Top bar): how many tickets await me, each one click away. */
export const NotificationsPopover = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const tickets = useNotifications((s) => s.tickets);
  const loading = useNotifications((s) => s.loading);

  const content = (
    <div style={{ width: 'min(320px, calc(100vw - 32px))', maxHeight: 360, overflowY: 'auto' }} data-testid="notifications-list">
      {loading && tickets.length === 0 ? (
        <Flex justify="center" style={{ padding: 16 }}>
          <Spin />
        </Flex>
      ) : tickets.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('topbar.noNotifications')} />
      ) : (
        <List
          dataSource={tickets}
          rowKey="id"
          renderItem={(ticket) => (
            <List.Item
              data-testid="notification-item"
              data-ticket-id={ticket.id}
              role="button"
              tabIndex={0}
              style={{ cursor: 'pointer', paddingInline: 4 }}
              onClick={() => {
                setOpen(false);
                void navigate(`/tickets/${ticket.uuid}`);
              }}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                setOpen(false);
                void navigate(`/tickets/${ticket.uuid}`);
              }}
            >
              <List.Item.Meta
                avatar={<ContactAvatar name={ticket.contact.name} src={ticket.contact.profilePicUrl} />}
                title={
                  <Flex justify="space-between" gap={8}>
                    <Typography.Text strong ellipsis>
                      {ticket.contact.name}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }}>
                      {formatListTime(ticket.updatedAt)}
                    </Typography.Text>
                  </Flex>
                }
                description={
                  <Flex justify="space-between" gap={8}>
                    <Typography.Text type="secondary" ellipsis>
                      {ticket.lastMessage || '\u00a0'}
                    </Typography.Text>
                    <Badge count={ticket.unreadMessages} size="small" />
                  </Flex>
                }
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );

  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" title={t('topbar.notifications')} content={content}>
      <Tooltip title={t('topbar.notifications')}>
        <Badge count={tickets.length} size="small" offset={[-4, 4]} data-testid="notifications-count">
          <Button type="text" icon={<BellOutlined />} aria-label={t('topbar.notifications')} data-testid="notifications-button" />
        </Badge>
      </Tooltip>
    </Popover>
  );
};
