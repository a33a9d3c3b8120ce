import { useRef, type KeyboardEvent } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** The quick reactions (attendance §9: six first). */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

/** The larger picker (about 70, attendance §9): faces, hands, hearts and a few everyday things. */
export const EMOJIS = [
  '😀', '😃', '😄', '😁', '😆', '😅', '🤣', '😂', '🙂', '😉',
  '😊', '😇', '🥰', '😍', '🤩', '😘', '😋', '😛', '😜', '🤪',
  '🤗', '🤭', '🤔', '🤐', '😐', '😑', '😶', '🙄', '😏', '😬',
  '😌', '😔', '😴', '😷', '🤒', '🥳', '😎', '🤓', '😕', '😟',
  '😮', '😲', '😳', '🥺', '😢', '😭', '😱', '😤', '😡', '🤯',
  '👍', '👎', '👌', '✌️', '🤞', '👏', '🙌', '🙏', '💪', '👋',
  '❤️', '🧡', '💛', '💚', '💙', '💜', '💔', '🔥', '✨', '🎉',
  '✅', '❌', '⭐', '📞', '📷', '⏰',
] as const;

const COLUMNS = 10;

/**
 * A grid of emoji buttons; `onPick` gets the emoji. Arrow keys move between cells (a roving
 * focus), Enter/Space picks. Used by the message menu (react) and the composer (insert).
 */
export const EmojiGrid = ({ onPick, emojis = EMOJIS }: { onPick: (emoji: string) => void; emojis?: readonly string[] }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const grid = useRef<HTMLDivElement>(null);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(grid.current?.querySelectorAll('button') ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS }[e.key];
    if (!step) return;
    e.preventDefault();
    buttons[Math.min(buttons.length - 1, Math.max(0, at + step))]?.focus();
  };

  return (
    <div
      ref={grid}
      role="grid"
      aria-label={t('conversation.emojiPicker')}
      data-testid="emoji-grid"
      onKeyDown={onKeyDown}
      style={{ display: 'grid', gridTemplateColumns: `repeat(${COLUMNS}, 32px)`, gap: 2, maxWidth: '100%', overflowX: 'auto' }}
    >
      {emojis.map((emoji, i) => (
        <button
          key={emoji}
          type="button"
          tabIndex={i === 0 ? 0 : -1}
          aria-label={emoji}
          data-testid="emoji"
          onClick={() => onPick(emoji)}
          style={{ width: 32, height: 32, fontSize: 20, lineHeight: '32px', padding: 0, border: 'none', borderRadius: token.borderRadiusSM, background: 'transparent', cursor: 'pointer' }}
        >
          {emoji}
        </button>
      ))}
    </div>
  );
};
