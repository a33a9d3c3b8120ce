import type { ReactNode } from 'react';
import { Image, Typography } from 'antd';
import { AudioOutlined } from '@ant-design/icons';
import type { MessageDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { ContactCard } from './ContactCard';
import { DocumentLink } from './DocumentLink';
import { LocationPreview } from './LocationPreview';
import { MediaError, MediaLoading } from './MediaStatus';
import { isFileKind, type FileKind } from './media.logic';
import { useInView } from './useInView';
import { useMediaUrl } from './useMediaUrl';

const BOX = { maxWidth: 260, maxHeight: 260, borderRadius: 6, display: 'block' } as const;
const STICKER = { width: 128, height: 128, objectFit: 'contain' } as const;

const Player = ({ kind, url }: { kind: FileKind; url: string }) => {
  const { t } = useTranslation();
  switch (kind) {
    case 'image':
      return <Image src={url} alt={t('media.image')} style={BOX} />;
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
          <audio controls preload="metadata" src={url} aria-label={t('media.voiceNote')} style={{ maxWidth: 260 }} />
        </>
      );
    default:
      return <audio controls preload="metadata" src={url} aria-label={t('media.audio')} style={{ maxWidth: 260 }} />;
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
