import { Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { parseLocationBody } from './media.logic';

/** A shared location: its thumbnail, a link that opens the map, and the place's name and address. */
export const LocationPreview = ({ body, live }: { body: string; live: boolean }) => {
  const { t } = useTranslation();
  const { image, link, description } = parseLocationBody(body);
  const label = live ? t('media.liveLocation') : t('media.location');
  return (
    <div data-testid="message-location" style={{ maxWidth: 260 }}>
      {image && <img src={image} alt={label} style={{ width: 260, maxWidth: '100%', borderRadius: 6, display: 'block' }} />}
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        <EnvironmentOutlined /> {label}
      </Typography.Text>
      {description && <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{description}</div>}
      {/* target=_blank: the browser opens a tab, Electron hands it to the system browser. */}
      {link && (
        <a href={link} target="_blank" rel="noopener noreferrer" data-testid="message-location-link">
          {t('media.openMap')}
        </a>
      )}
    </div>
  );
};
