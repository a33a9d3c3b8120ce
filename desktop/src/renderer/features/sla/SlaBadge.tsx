import { useEffect, useState } from 'react';
import { Tag, Tooltip, theme } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SlaState } from '@balcao/shared';
import { formatLeft, slaView, type SlaLevel } from './sla.logic';

interface Props {
  sla: SlaState | null | undefined;
  /** The time it is (the list's shared clock); without it the badge ticks by itself every second (the header). */
  now?: number;
  size?: 'small' | 'default';
}

const useTicking = (on: boolean): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [on]);
  return now;
};

/** A ticket's SLA time left (issue 30 §3): neutral, amber in its last fifth, red once breached. */
export const SlaBadge = ({ sla, now, size = 'small' }: Props) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const ticking = useTicking(now === undefined && !!sla);
  const view = slaView(sla, now ?? ticking);
  if (!view) return null;
  const colour: Record<SlaLevel, string | undefined> = { ok: undefined, warn: token.colorWarning, breach: token.colorError };
  const time = formatLeft(view.left, now === undefined);
  const text = view.left >= 0 ? t('sla.left', { time }) : t('sla.overdue', { time });
  return (
    <Tooltip title={`${t(`sla.targets.${view.target}`)} — ${new Date(view.dueAt).toLocaleString()}`}>
      <Tag
        icon={<ClockCircleOutlined />}
        color={colour[view.level]}
        variant={view.level === 'ok' ? 'outlined' : 'solid'}
        data-testid="sla-badge"
        data-level={view.level}
        aria-label={`${t(`sla.targets.${view.target}`)}: ${text}`}
        style={{ marginInlineEnd: 0, fontSize: size === 'small' ? 11 : 13, fontVariantNumeric: 'tabular-nums' }}
      >
        {text}
      </Tag>
    </Tooltip>
  );
};
