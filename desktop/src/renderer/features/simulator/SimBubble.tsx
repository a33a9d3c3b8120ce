import { Tag, Typography, theme } from 'antd';
import { EnvironmentOutlined, PaperClipOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AckIcon } from '../../components/AckIcon';
import { formatClock } from '../../lib/format';
import { formatBytes, type SimLine } from './simulator.logic';
import { WhatsAppText } from '../../components/WhatsAppText';

/** One message on the simulated phone, drawn by kind: file, location, contact card or text. */
export const SimBubble = ({ line, quoted }: { line: SimLine; quoted: string | null }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { view } = line;
  const sent = line.direction === 'sent';
  return (
    <div
      data-testid={sent ? 'sim-sent' : 'sim-received'}
      data-kind={view.kind}
      data-message-id={line.id}
      data-deleted={line.isDeleted ? 'true' : undefined}
      style={{
        alignSelf: sent ? 'flex-end' : 'flex-start',
        maxWidth: '75%',
        padding: '6px 10px',
        borderRadius: 10,
        background: sent ? token.colorPrimaryBg : token.colorBgContainer,
        boxShadow: token.boxShadowTertiary,
        position: 'relative',
      }}
    >
      {line.isForwarded && (
        <Typography.Text type="secondary" italic data-testid="sim-forwarded" style={{ fontSize: 11, display: 'block' }}>
          {t('simulator.forwarded')}
        </Typography.Text>
      )}
      {line.isDeleted && (
        <Typography.Text type="secondary" italic data-testid="sim-deleted" style={{ fontSize: 12, display: 'block' }}>
          <StopOutlined /> {t('simulator.deleted')}
        </Typography.Text>
      )}
      {line.quotedId && (
        <div data-testid="sim-quoted" style={{ borderLeft: `3px solid ${token.colorPrimary}`, paddingLeft: 6, marginBottom: 4, fontSize: 12, opacity: 0.8 }}>
          {t('simulator.replyTo')} {quoted ?? t('simulator.replyUnknown')}
        </div>
      )}
      {/* A deleted message stays struck through under the notice: the simulator shows what it was. */}
      <div style={{ textDecoration: line.isDeleted ? 'line-through' : undefined, opacity: line.isDeleted ? 0.6 : undefined, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {view.kind !== 'text' && (
          <Typography.Text type="secondary" data-testid="sim-kind">
            {t(`simulator.tags.${view.kind}`)}{' '}
          </Typography.Text>
        )}
        {view.file && (
          <span data-testid="sim-file-info">
            <PaperClipOutlined /> {view.file.name || view.file.mimetype} · {formatBytes(view.file.size)}
            {view.text ? <br /> : null}
          </span>
        )}
        {view.location && (
          <span data-testid="sim-location-info">
            <EnvironmentOutlined />{' '}
            {/* target=_blank: the browser opens a tab, Electron hands it to the system browser. */}
            {view.location.link ? (
              <a href={view.location.link} target="_blank" rel="noopener noreferrer" data-testid="sim-location-link">
                {t('simulator.openMap')}
              </a>
            ) : null}
            {view.text ? <br /> : null}
          </span>
        )}
        {view.contacts.map((c, i) => (
          <span key={i} data-testid="sim-contact-card" style={{ display: 'block' }}>
            <UserOutlined /> {c.name || t('simulator.contact')} · {c.number || t('simulator.noNumber')}
          </span>
        ))}
        {view.text && <span data-testid="sim-text"><WhatsAppText text={view.text} /></span>}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 11, display: 'flex', gap: 4, justifyContent: 'flex-end', alignItems: 'center' }}>
        {line.isEdited && !line.isDeleted && <span data-testid="sim-edited">{t('simulator.edited')}</span>}
        {formatClock(line.createdAt)}
        {!sent && line.ack !== undefined && <AckIcon ack={line.ack} />}
      </Typography.Text>
      {line.reaction && (
        <Tag data-testid="sim-reaction" title={t('simulator.reaction')} style={{ position: 'absolute', bottom: -10, [sent ? 'left' : 'right']: 4, margin: 0, borderRadius: 10 }}>
          {line.reaction}
        </Tag>
      )}
    </div>
  );
};
