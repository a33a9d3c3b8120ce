import { useEffect, useState } from 'react';
import { Card, Col, Empty, Flex, Modal, Row, Skeleton, Typography, theme } from 'antd';
import { PlayCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { HelpDto } from '@balcao/shared';
import { cancelable } from '../../lib/cancelable';
import { http } from '../../lib/http';
import { toast } from '../../lib/toast';
import { embedUrl, thumbnailUrl } from './helps.logic';

/** A card's picture: YouTube's thumbnail, or a plain panel with the play sign when it cannot load (offline). */
const Thumbnail = ({ video, title }: { video: string; title: string }) => {
  const { token } = theme.useToken();
  const [failed, setFailed] = useState(false);
  return (
    <div style={{ position: 'relative', aspectRatio: '16 / 9', background: token.colorFillSecondary, overflow: 'hidden', borderRadius: `${token.borderRadiusLG}px ${token.borderRadiusLG}px 0 0` }}>
      {!failed && <img src={thumbnailUrl(video)} alt={title} onError={() => setFailed(true)} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />}
      <PlayCircleFilled style={{ position: 'absolute', inset: 0, margin: 'auto', width: 48, height: 48, fontSize: 48, color: token.colorWhite, opacity: 0.9, filter: 'drop-shadow(0 1px 3px rgba(0,0,0,.5))' }} />
    </div>
  );
};

/**
 * /helps (administration.md §2): the platform's help videos as a grid of cards (title,
 * description, thumbnail) with the count in the title; a card opens the embedded player in a
 * modal that Escape (or the close button) closes, which stops the video.
 */
export const HelpsPage = () => {
  const { t } = useTranslation();
  const [helps, setHelps] = useState<HelpDto[] | null>(null);
  const [playing, setPlaying] = useState<HelpDto | null>(null);

  useEffect(
    () =>
      cancelable(() => http.get<HelpDto[]>('/helps'), {
        then: setHelps,
        failed: () => {
          toast.error(t('helps.loadFailed'));
          setHelps([]);
        },
      }),
    [t],
  );

  return (
    <Flex vertical gap={16} style={{ padding: 16, height: '100%', overflowY: 'auto' }} data-testid="helps-page">
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="helps-title">
        {helps ? t('helps.titleCount', { count: helps.length }) : t('helps.title')}
      </Typography.Title>
      {helps === null ? (
        <Row gutter={[16, 16]} data-testid="helps-loading">
          {[0, 1, 2].map((i) => (
            <Col key={i} xs={24} sm={12} lg={8} xl={6}>
              <Card>
                <Skeleton.Image active style={{ width: '100%' }} />
                <Skeleton active paragraph={{ rows: 2 }} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : helps.length === 0 ? (
        <Empty description={t('helps.empty')} data-testid="helps-empty" />
      ) : (
        <Row gutter={[16, 16]}>
          {helps.map((h) => (
            <Col key={h.id} xs={24} sm={12} lg={8} xl={6}>
              <Card
                hoverable
                role="button"
                tabIndex={0}
                aria-label={t('helps.play', { title: h.title })}
                data-testid="help-card"
                cover={<Thumbnail video={h.video} title={h.title} />}
                onClick={() => setPlaying(h)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    setPlaying(h);
                  }
                }}
                styles={{ body: { padding: 12 } }}
              >
                <Card.Meta title={h.title} description={<Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }} style={{ margin: 0 }}>{h.description}</Typography.Paragraph>} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Modal open={playing !== null} title={playing?.title} footer={null} onCancel={() => setPlaying(null)} destroyOnHidden width={860} keyboard centered data-testid="help-player-modal">
        {playing && (
          <div style={{ position: 'relative', aspectRatio: '16 / 9', width: '100%' }}>
            <iframe
              data-testid="help-player"
              title={playing.title}
              src={embedUrl(playing.video)}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
            />
          </div>
        )}
      </Modal>
    </Flex>
  );
};
