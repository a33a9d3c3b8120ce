import { Button, Flex, Typography, theme } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { MessageDto, TicketDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { previewOf } from '../media.logic';

/** The message being answered, above the input; the cross cancels the reply. */
export const ReplyPreview = ({ message, ticket, onCancel }: { message: MessageDto; ticket: TicketDto; onCancel: () => void }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const who = message.fromMe ? t('composer.you') : ticket.contact?.name || ticket.contact?.number || '';
  return (
    <Flex
      align="center"
      gap={8}
      data-testid="reply-preview"
      style={{ margin: '8px 12px 0', padding: '4px 8px', borderLeft: `4px solid ${token.colorPrimary}`, background: token.colorFillTertiary, borderRadius: token.borderRadiusSM }}
    >
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong style={{ color: token.colorPrimary }}>
          {t('composer.replyingTo', { name: who })}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis>
          {previewOf(message, (key) => t(key))}
        </Typography.Text>
      </Flex>
      <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('composer.cancelReply')} onClick={onCancel} data-testid="reply-cancel" />
    </Flex>
  );
};
