import { useState, type ReactNode } from 'react';
import { Image, Typography } from 'antd';
import { AudioOutlined } from '@ant-design/icons';
import type { MessageDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { ContactCard } from './ContactCard';
import { DocumentLink } from './DocumentLink';
import { LocationPreview } from './LocationPreview';
import { MediaError, MediaLoading } from './MediaStatus';
import { formatDuration, isFileKind, type FileKind } from './media.logic';
import { useInView } from './useInView';
import { useMediaUrl } from './useMediaUrl';

const BOX = { maxWidth: 260, maxHeight: 260, borderRadius: 6, display: 'block' } as const;
const STICKER = { width: 128, height: 128, objectFit: 'contain' } as const;

/** An audio player with its length beside it (read from the file's metadata). */
const AudioPlayer = ({ url, label }: { url: string; label: string }) => {
  const { t } = useTranslation();
  const [duration, setDuration] = useState('');
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <audio
        controls
        preload="metadata"
        src={url}
        aria-label={label}
        style={{ maxWidth: 260, width: '100%' }}
        onLoadedMetadata={(e) => setDuration(formatDuration(e.currentTarget.duration))}
        onDurationChange={(e) => setDuration(formatDuration(e.currentTarget.duration))}
      />
      {duration && (
        <Typography.Text type="secondary" style={{ fontSize: 11 }} data-testid="audio-duration">
          {t('conversation.duration', { time: duration })}
        </Typography.Text>
      )}
    </div>
  );
};

const Player = ({ kind, url }: { kind: FileKind; url: string }) => {
  const { t } = useTranslation();
  switch (kind) {
    case 'image':
      // antd's preview: a click opens the viewer (zoom, rotate, Esc closes).
      return <Image src={url} alt={t('media.image')} style={BOX} preview />;
    case 'sticker':
      return <img src={url} alt={t('media.sticker')} style={STICKER} />;
    case 'video':
      return <video controls preload="metadata" src={url} aria-label={t('media.video')} style={{ ...BOX, maxHeight: 320 }} />;
    case 'ptt':
      return (
        <>
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            <AudioOutlined /> {t('media.voiceNote')}
          </Typography.Text>
          <AudioPlayer url={url} label={t('media.voiceNote')} />
        </>
      );
    default:
      return <AudioPlayer url={url} label={t('media.audio')} />;
  }
};

/** Pictures, videos and audio: fetched once the bubble comes near the screen. */
const InlineMedia = ({ message, kind }: { message: MessageDto; kind: FileKind }) => {
  const [ref, seen] = useInView<HTMLDivElement>();
  const media = useMediaUrl(message.id, message.mediaUrl, seen);
  if (media.status === 'error' || (!message.mediaUrl && message.errorCode === 'ERR_WAPP_DOWNLOAD_MEDIA')) return <MediaError />;
  return (
    <div ref={ref} data-testid="message-media" data-kind={kind}>
      {media.status === 'ready' ? <Player kind={kind} url={media.url} /> : <MediaLoading kind={kind} />}
    </div>
  );
};

/** What a message shows besides its caption, by kind; null for text, polls and replies. */
export const MessageMedia = ({ message }: { message: MessageDto }): ReactNode => {
  const kind = message.mediaType;
  if (kind === 'document') return <DocumentLink message={message} />;
  if (isFileKind(kind)) return <InlineMedia message={message} kind={kind} />;
  if (kind === 'location' || kind === 'liveLocation') return <LocationPreview body={message.body} live={kind === 'liveLocation'} />;
  if (kind === 'contact' || kind === 'contacts') return <ContactCard body={message.body} />;
  return null;
};
