import { Flex, Typography, theme } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { WhatsAppText } from '../../../components/WhatsAppText';
import { useOutbox, waitingFor } from './outbox.store';

/**
 * The messages typed while the server was unreachable, under the conversation: right-aligned
 * like the agent's own, with a clock until the server takes them (then the real message replaces
 * them in the list above). Same background as the list, so they read as its continuation.
 */
export const OutboxBubbles = ({ ticketId }: { ticketId: number }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const items = useOutbox(useShallow((s) => waitingFor(s.items, ticketId)));
  if (items.length === 0) return null;
  return (
    <Flex vertical gap={4} style={{ padding: '4px 16px 8px', maxHeight: '40%', overflowY: 'auto', flexShrink: 0, background: token.colorFillQuaternary }} data-testid="outbox-list" aria-live="polite">
      {items.map((item) => (
        <Flex key={item.clientId} justify="flex-end" data-testid="outbox-item" data-client-id={item.clientId}>
          <div
            style={{
              maxWidth: '75%',
              minWidth: 0,
              padding: '6px 10px',
              borderRadius: 10,
              background: token.colorPrimaryBg,
              border: `1px dashed ${token.colorPrimaryBorder}`,
              opacity: 0.85,
            }}
          >
            <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: token.colorText }}>
              <WhatsAppText text={item.body} />
            </div>
            <Flex justify="flex-end" align="center" gap={4} style={{ marginTop: 2 }}>
              <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                {t('outbox.waiting')}
              </Typography.Text>
              <ClockCircleOutlined aria-label={t('outbox.waiting')} style={{ fontSize: 12, color: token.colorTextSecondary }} />
            </Flex>
          </div>
        </Flex>
      ))}
    </Flex>
  );
};
