import { useEffect, useState } from 'react';
import { NotificationOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Flex, Popover, Spin, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnnouncementDto } from '@balcao/shared';
import { nearBottom } from '../../lib/by-name';
import { formatListTime } from '../../lib/format';
import { toastError } from '../../lib/reportError';
import { listenLive } from '../../lib/socket';
import { announcementsApi } from './announcements.api';
import { priorityColor } from './announcements.logic';
import { usePopoverAnnouncements } from './announcements.store';

/** An announcement's picture, fetched with the session's token once the popover shows it. */
const Picture = ({ a }: { a: AnnouncementDto }) => {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!a.mediaPath || typeof URL.createObjectURL !== 'function') return undefined;
    const abort = new AbortController();
    let url: string | null = null;
    announcementsApi
      .mediaBlob(a.id, abort.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [a.id, a.mediaPath]);
  return src ? <img src={src} alt={a.mediaName} style={{ maxWidth: '100%', maxHeight: 160, borderRadius: 6, marginTop: 6, objectFit: 'contain' }} data-testid="announcement-picture" /> : null;
};

/**
 * The top bar's announcements (attendance.md §2, §3): the active ones for everyone, newest first,
 * each marked with its priority's colour (1 red, 2 orange, 3 grey), live on
 * `company-<id>-announcement` (decision 0275): a new one appears without a reload.
 */
export const AnnouncementsPopover = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const records = usePopoverAnnouncements((s) => s.records);
  const count = usePopoverAnnouncements((s) => s.count);
  const loading = usePopoverAnnouncements((s) => s.loading);
  const loaded = usePopoverAnnouncements((s) => s.loaded);

  useEffect(() => {
    const store = usePopoverAnnouncements.getState();
    store.load('').catch(toastError);
    const off = listenLive('announcement', (p) => {
      if (p.action === 'delete') usePopoverAnnouncements.getState().remove(p.id);
      else usePopoverAnnouncements.getState().upsert(p.record);
    });
    return () => {
      off();
      usePopoverAnnouncements.getState().reset();
    };
  }, []);

  const content = (
    <div
      style={{ width: 'min(340px, calc(100vw - 32px))', maxHeight: 420, overflowY: 'auto' }}
      data-testid="announcements-popover-list"
      onScroll={(e) => {
        if (nearBottom(e.currentTarget)) usePopoverAnnouncements.getState().loadMore().catch(toastError);
      }}
    >
      {!loaded && loading ? (
        <Flex justify="center" style={{ padding: 16 }}>
          <Spin />
        </Flex>
      ) : records.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('announcements.popoverEmpty')} />
      ) : (
        <div role="list">
          {records.map((a) => (
            <div
              key={a.id}
              role="listitem"
              tabIndex={0}
              data-testid="announcement-item"
              data-id={a.id}
              data-priority={a.priority}
              style={{ padding: '8px 8px 8px 10px', borderLeft: `4px solid ${priorityColor(a.priority, token)}`, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
            >
              <Flex justify="space-between" gap={8}>
                <Typography.Text strong ellipsis>
                  {a.title}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }}>
                  {formatListTime(a.createdAt)}
                </Typography.Text>
              </Flex>
              <Typography.Paragraph type="secondary" style={{ margin: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 4, expandable: true, symbol: '…' }}>
                {a.text}
              </Typography.Paragraph>
              {open ? <Picture a={a} /> : null}
            </div>
          ))}
          {loading && loaded ? (
            <Flex justify="center" style={{ padding: 8 }}>
              <Spin size="small" />
            </Flex>
          ) : null}
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
      align={{ overflow: { adjustX: true, adjustY: true, shiftX: true } }}
      title={t('announcements.popover')}
      content={content}
    >
      <Tooltip title={t('announcements.popover')} open={open ? false : undefined}>
        <Badge count={count} size="small" offset={[-4, 4]} data-testid="announcements-count">
          <Button type="text" icon={<NotificationOutlined />} aria-label={t('announcements.popover')} data-testid="announcements-button" />
        </Badge>
      </Tooltip>
    </Popover>
  );
};
