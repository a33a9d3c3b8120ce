import { useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Flex, Popover, Spin, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ContactAvatar } from '../../components/ContactAvatar';
import { formatListTime } from '../../lib/format';
import { useNotifications } from './notifications.store';

/** The bell (attendance.md §2 Top bar): how many tickets await me, each one click away. */
export const NotificationsPopover = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
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
        <div role="list">
          {tickets.map((ticket) => {
            const go = () => {
              setOpen(false);
              void navigate(`/tickets/${ticket.uuid}`);
            };
            return (
              <Flex
                key={ticket.id}
                gap={10}
                align="center"
                role="listitem"
                tabIndex={0}
                data-testid="notification-item"
                data-ticket-id={ticket.id}
                onClick={go}
                onKeyDown={(e) => e.key === 'Enter' && go()}
                style={{ cursor: 'pointer', padding: '8px 4px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
              >
                <ContactAvatar name={ticket.contact.name} src={ticket.contact.profilePicUrl} />
                <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                  <Flex justify="space-between" gap={8}>
                    <Typography.Text strong ellipsis>
                      {ticket.contact.name}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }}>
                      {formatListTime(ticket.updatedAt)}
                    </Typography.Text>
                  </Flex>
                  <Flex justify="space-between" gap={8}>
                    <Typography.Text type="secondary" ellipsis>
                      {ticket.lastMessage || '\u00a0'}
                    </Typography.Text>
                    <Badge count={ticket.unreadMessages} size="small" />
                  </Flex>
                </Flex>
              </Flex>
            );
          })}
        </div>
      )}
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      // 390 px: the bell is not at the screen's edge, so the panel slides back inside the screen.
      align={{ overflow: { adjustX: true, adjustY: true, shiftX: true } }}
      title={t('topbar.notifications')}
      content={content}
    >
      <Tooltip title={t('topbar.notifications')} open={open ? false : undefined}>
        <Badge count={tickets.length} size="small" offset={[-4, 4]} data-testid="notifications-count">
          <Button type="text" icon={<BellOutlined />} aria-label={t('topbar.notifications')} data-testid="notifications-button" />
        </Badge>
      </Tooltip>
    </Popover>
  );
};
