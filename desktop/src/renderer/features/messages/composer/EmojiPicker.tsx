import { useState } from 'react';
import { Button, Popover } from 'antd';
import { SmileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EmojiGrid } from '../../../components/EmojiGrid';

/** The emoji button: the same grid as reactions in a popover; a pick is inserted where the cursor is (the caller decides). */
export const EmojiPicker = ({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Closes on a pick: left open it would cover the quick replies and the last messages.
  const pick = (emoji: string) => {
    setOpen(false);
    onPick(emoji);
  };
  return (
    <Popover content={<EmojiGrid onPick={pick} />} trigger="click" open={open && !disabled} onOpenChange={setOpen} placement="topLeft">
      <Button type="text" icon={<SmileOutlined />} aria-label={t('composer.emoji')} disabled={disabled} data-testid="emoji-button" />
    </Popover>
  );
};
