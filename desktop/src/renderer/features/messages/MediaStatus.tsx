import { Spin, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The download failed at receipt (a retry job runs) or the file could not be fetched. */
export const MediaError = () => {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" italic data-testid="message-media-error">
      <WarningOutlined /> {t('media.failed')}
    </Typography.Text>
  );
};

export const MediaLoading = ({ kind }: { kind: string }) => {
  const { t } = useTranslation();
  const boxed = kind === 'image' || kind === 'video' || kind === 'sticker';
  return (
    <div
      data-testid="message-media-loading"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 8, fontSize: 12, ...(boxed ? { width: kind === 'sticker' ? 128 : 220, height: kind === 'sticker' ? 128 : 160 } : { padding: 4 }) }}
    >
      <Spin size="small" /> {t('media.loading')}
    </div>
  );
};
