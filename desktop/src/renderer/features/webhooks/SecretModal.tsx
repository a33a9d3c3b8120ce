import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The signing secret, shown once (at creation or rotation) with a copy button. */
export const SecretModal = ({ secret, onClose }: { secret: string | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Modal
      open={secret !== null}
      title={t('webhooks.secretTitle')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="webhook-secret-done">
          {t('webhooks.secretDone')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('webhooks.secretText')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph
        code
        copyable={{ text: secret ?? '', tooltips: false }}
        style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
        data-testid="webhook-secret"
      >
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
};
