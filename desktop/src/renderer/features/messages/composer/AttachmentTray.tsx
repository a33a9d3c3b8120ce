import type { ClipboardEvent, KeyboardEvent, Ref } from 'react';
import { Button, Flex, Input, Typography, theme } from 'antd';
import { CloseOutlined, DeleteOutlined, FileOutlined, SendOutlined } from '@ant-design/icons';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { formatSize } from './composer.logic';

export interface Attachment {
  id: string;
  file: File;
  /** An object URL for a picture's thumbnail (revoked by the composer), else null. */
  thumb: string | null;
}

interface Props {
  items: Attachment[];
  caption: string;
  onCaption: (caption: string) => void;
  onRemove: (id: string) => void;
  onDiscard: () => void;
  onSend: () => void;
  onPaste: (e: ClipboardEvent<HTMLTextAreaElement>) => void;
  sending: boolean;
  captionRef?: Ref<TextAreaRef>;
}

/** The files about to be sent: thumbnails or name and size, each removable, one caption for all. */
export const AttachmentTray = ({ items, caption, onCaption, onRemove, onDiscard, onSend, onPaste, sending, captionRef }: Props) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    onSend();
  };
  return (
    <Flex vertical gap={8} data-testid="attachment-tray" style={{ padding: '8px 12px' }}>
      <Flex gap={8} wrap style={{ maxHeight: 200, overflowY: 'auto' }}>
        {items.map(({ id, file, thumb }) => (
          <Flex
            key={id}
            vertical
            align="center"
            data-testid="attachment"
            style={{ position: 'relative', width: 104, padding: 4, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, background: token.colorFillQuaternary }}
          >
            {thumb ? (
              <img src={thumb} alt={file.name} style={{ width: 96, height: 72, objectFit: 'cover', borderRadius: token.borderRadiusSM }} />
            ) : (
              <FileOutlined style={{ fontSize: 40, height: 72, lineHeight: '72px', color: token.colorTextSecondary }} />
            )}
            <Typography.Text ellipsis={{ tooltip: file.name }} style={{ width: '100%', fontSize: token.fontSizeSM }}>
              {file.name}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {formatSize(file.size)}
            </Typography.Text>
            <Button
              size="small"
              shape="circle"
              icon={<CloseOutlined />}
              aria-label={t('composer.removeFile', { name: file.name })}
              onClick={() => onRemove(id)}
              style={{ position: 'absolute', top: 2, right: 2 }}
            />
          </Flex>
        ))}
      </Flex>
      <Flex gap={8} align="flex-end">
        <Button icon={<DeleteOutlined />} aria-label={t('composer.discardFiles')} onClick={onDiscard} disabled={sending} data-testid="attachments-discard" />
        <Input.TextArea
          ref={captionRef}
          data-testid="caption-input"
          value={caption}
          onChange={(e) => onCaption(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          placeholder={t('composer.caption')}
          autoSize={{ minRows: 1, maxRows: 5 }}
          maxLength={4096}
          autoFocus
        />
        <Button type="primary" icon={<SendOutlined />} loading={sending} onClick={onSend} aria-label={t('composer.sendFiles')} data-testid="attachments-send" />
      </Flex>
    </Flex>
  );
};
