import { theme, Typography } from 'antd';
import type { QuickMessageDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { quickLabel } from './composer.logic';

/** The suggestions above the input (attendance §5); the input keeps the focus and the keys. */
export const QuickReplyList = ({ items, active, onPick }: { items: QuickMessageDto[]; active: number; onPick: (q: QuickMessageDto) => void }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div
      role="listbox"
      id="quick-replies"
      aria-label={t('composer.quickReplies')}
      data-testid="quick-replies"
      style={{ margin: '8px 12px 0', maxHeight: 220, overflowY: 'auto', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, background: token.colorBgElevated, boxShadow: token.boxShadowSecondary }}
    >
      {items.length === 0 && (
        <Typography.Text type="secondary" style={{ display: 'block', padding: '6px 12px' }}>
          {t('composer.noQuickReplies')}
        </Typography.Text>
      )}
      {items.map((q, i) => (
        <div
          key={q.id}
          id={`quick-reply-${q.id}`}
          role="option"
          aria-selected={i === active}
          data-testid="quick-reply"
          // mousedown, not click: the input must not lose its focus first.
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(q);
          }}
          style={{ padding: '6px 12px', cursor: 'pointer', whiteSpace: 'nowrap', background: i === active ? token.controlItemBgActive : undefined }}
        >
          {quickLabel(q)}
        </div>
      ))}
    </div>
  );
};
