import { Button, Flex, Typography, theme } from 'antd';
import { CloseOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatElapsed } from './composer.logic';

/** While recording: cancel, a red dot with the elapsed time, send. */
export const RecorderBar = ({ elapsed, onCancel, onSend, sending }: { elapsed: number; onCancel: () => void; onSend: () => void; sending: boolean }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={12} justify="flex-end" style={{ flex: 1 }} data-testid="recorder">
      <Button icon={<CloseOutlined />} aria-label={t('composer.cancelRecording')} onClick={onCancel} disabled={sending} data-testid="recorder-cancel" />
      <Flex align="center" gap={6} role="timer" aria-label={t('composer.recording')}>
        <span style={{ width: 10, height: 10, borderRadius: '50%', background: token.colorError }} />
        <Typography.Text data-testid="recorder-time">{formatElapsed(elapsed)}</Typography.Text>
      </Flex>
      <Button type="primary" icon={<SendOutlined />} aria-label={t('composer.sendRecording')} onClick={onSend} loading={sending} data-testid="recorder-send" />
    </Flex>
  );
};
