import { useState } from 'react';
import { Button, Popover } from 'antd';
import { SmileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Attendance §9: "a larger picker of about 70" emojis; these are the ones agents use most. */
export const EMOJIS = [
  '😀', '😃', '😄', '😁', '😆', '😅', '😂', '🤣', '😊', '😇',
  '🙂', '😉', '😌', '😍', '🥰', '😘', '😋', '😜', '🤪', '🤗',
  '🤩', '🤔', '🤨', '😐', '😶', '🙄', '😏', '😬', '😴', '😷',
  '🤒', '😎', '🥳', '😕', '😟', '😮', '😲', '😳', '🥺', '😢',
  '😭', '😱', '😤', '😡', '🤯', '👍', '👎', '👏', '🙌', '🙏',
  '🤝', '👋', '💪', '👌', '✌️', '🤞', '👉', '❤️', '🧡', '💛',
  '💚', '💙', '💜', '💔', '🔥', '✨', '🎉', '✅', '❌', '⚠️',
  '📷', '📎', '📞', '⏰', '🚀',
] as const;

/** The emoji button: a popover grid; a pick is inserted where the cursor is (the caller decides). */
export const EmojiPicker = ({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const grid = (
    <div role="grid" aria-label={t('composer.emoji')} data-testid="emoji-grid" style={{ display: 'grid', gridTemplateColumns: 'repeat(10, 32px)', gap: 2, maxWidth: 'calc(100vw - 48px)', overflowX: 'auto' }}>
      {EMOJIS.map((emoji) => (
        <Button
          key={emoji}
          type="text"
          size="small"
          aria-label={emoji}
          style={{ fontSize: 20, width: 32, height: 32, padding: 0 }}
          onClick={() => onPick(emoji)}
        >
          {emoji}
        </Button>
      ))}
    </div>
  );
  return (
    <Popover content={grid} trigger="click" open={open && !disabled} onOpenChange={setOpen} placement="topLeft">
      <Button type="text" icon={<SmileOutlined />} aria-label={t('composer.emoji')} disabled={disabled} data-testid="emoji-button" />
    </Popover>
  );
};
