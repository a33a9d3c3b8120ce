import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Spin } from 'antd';
import { DownloadOutlined, FileOutlined } from '@ant-design/icons';
import type { MessageDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { downloadNameOf, formatBytes } from './media.logic';
import { MediaError } from './MediaStatus';
import { useMediaUrl } from './useMediaUrl';

/**
 * A document is fetched only when asked for: the first click fetches it, then the link (now
 * holding the object URL and the file name) clicks itself so the browser saves it under that name.
 */
export const DocumentLink = ({ message }: { message: MessageDto }) => {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const media = useMediaUrl(message.id, message.mediaUrl, attempt > 0, attempt);
  const anchor = useRef<HTMLAnchorElement>(null);
  const saveWhenReady = useRef(false);
  const name = message.mediaUrl ? downloadNameOf(message.body, message.mediaUrl) : message.body;
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toUpperCase() ?? '';
  const size = message.mediaSize ?? (media.status === 'ready' ? media.size : undefined);

  useEffect(() => {
    if (media.status !== 'ready' || !saveWhenReady.current) return;
    saveWhenReady.current = false;
    anchor.current?.click();
  }, [media]);

  if (!message.mediaUrl && message.errorCode === 'ERR_WAPP_DOWNLOAD_MEDIA') return <MediaError />;

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (media.status === 'ready') return;
    event.preventDefault();
    if (!message.mediaUrl || media.status === 'loading') return;
    saveWhenReady.current = true;
    setAttempt((n) => n + 1);
  };

  return (
    <div data-testid="message-media" data-kind="document">
      <a
        ref={anchor}
        href={media.status === 'ready' ? media.url : '#'}
        download={name}
        onClick={onClick}
        aria-label={t('media.download', { name })}
        aria-disabled={!message.mediaUrl}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, wordBreak: 'break-all' }}
      >
        <FileOutlined /> {message.body || name} {media.status === 'loading' ? <Spin size="small" /> : <DownloadOutlined />}
      </a>
      {/* The size before the download when the server knows it (the channel's announcement or our upload; issue 28 §5), else once the file is here. */}
      <div style={{ fontSize: 11, opacity: 0.7 }} data-testid="document-info">
        {size !== undefined ? t('conversation.documentSize', { ext: extension || '—', size: formatBytes(size) }) : extension}
      </div>
      {media.status === 'error' && (
        <div>
          <MediaError />
        </div>
      )}
    </div>
  );
};
