import { useEffect, useState } from 'react';
import { NotificationOutlined } from '@ant-design/icons';
import { Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnnouncementDto } from '@balcao/shared';
import { nearBottom } from '../../lib/by-name';
import { TopBarItemHeading, TopBarPopover, TopBarPopoverItem } from '../../components/TopBarPopover';
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
  return src ? <img src={src} alt={a.mediaName} style={{ maxWidth: '100%', maxHeight: 160, borderRadius: 6, marginTop: 6, objectFit: 'contain', alignSelf: 'flex-start' }} data-testid="announcement-picture" /> : null;
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

  return (
    <TopBarPopover
      title={t('announcements.popover')}
      icon={<NotificationOutlined />}
      open={open}
      onOpenChange={setOpen}
      badge={{ count }}
      testIds={{ button: 'announcements-button', badge: 'announcements-count', list: 'announcements-popover-list' }}
      loading={!loaded && loading}
      empty={records.length === 0}
      emptyText={t('announcements.popoverEmpty')}
      loadingMore={loading && loaded}
      onScroll={(e) => {
        if (nearBottom(e.currentTarget)) usePopoverAnnouncements.getState().loadMore().catch(toastError);
      }}
      width={340}
      maxHeight={420}
    >
      {records.map((a) => (
        <TopBarPopoverItem
          key={a.id}
          vertical
          data-testid="announcement-item"
          data-id={a.id}
          data-priority={a.priority}
          style={{ padding: '8px 8px 8px 10px', borderLeft: `4px solid ${priorityColor(a.priority, token)}` }}
        >
          <TopBarItemHeading title={a.title} at={a.createdAt} />
          <Typography.Paragraph type="secondary" style={{ margin: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 4, expandable: true, symbol: '…' }}>
            {a.text}
          </Typography.Paragraph>
          {open ? <Picture a={a} /> : null}
        </TopBarPopoverItem>
      ))}
    </TopBarPopover>
  );
};
