import { Typography, theme } from 'antd';
import { AudioOutlined, TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MessageDto } from '@balcao/shared';
import { useTicketTranslation } from './translation.store';

/**
 * Under a message's own text (issue 32 §4–5): the customer's words translated, the agent's
 * original before it went out translated, a voice note's transcript — each as the server kept it.
 */
export const MessageCopilotTexts = ({ message }: { message: Pick<MessageDto, 'id' | 'isDeleted'> }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const texts = useTicketTranslation((s) => s.byMessage[message.id]);
  if (!texts || message.isDeleted) return null;
  const line = (kind: 'translation' | 'original' | 'transcript', icon: React.ReactNode, label: string) => {
    const x = texts[kind];
    if (!x) return null;
    return (
      <div data-testid={`message-${kind}`} style={{ marginTop: 4, paddingTop: 4, borderTop: `1px dashed ${token.colorBorder}`, fontSize: 13 }}>
        <Typography.Text type="secondary" style={{ fontSize: 11, display: 'block' }}>
          {icon} {label}
        </Typography.Text>
        <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{x.text}</span>
      </div>
    );
  };
  return (
    <>
      {line('transcript', <AudioOutlined />, t('copilotAgent.transcript'))}
      {line('translation', <TranslationOutlined />, t('copilotAgent.translated'))}
      {line('original', <TranslationOutlined />, t('copilotAgent.original'))}
    </>
  );
};
