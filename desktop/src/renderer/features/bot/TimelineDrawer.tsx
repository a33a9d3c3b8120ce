import { useEffect, useState } from 'react';
import { Button, Drawer, Empty, Spin, Timeline, Typography, theme } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { can, type TicketEventDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { toastError } from '../../lib/reportError';
import { formatClock, formatDate } from '../../lib/format';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { botApi } from './bot.api';
import { detailLines } from './timeline.format';

/** The timeline's kinds with their own label (others show as they are stored). */
const KINDS = ['menu', 'option', 'invalid', 'out-of-hours', 'handoff', 'responder', 'responder-done', 'integration', 'ai', 'rating', 'discarded', 'timer', 'ai.transcription', 'ai.tts', 'ai.transfer', 'rating-asked', 'opt-out', 'schedule', 'auto-assigned', 'auto-reassigned', 'merge'] as const;
type Kind = (typeof KINDS)[number];
const kindKey = (k: Kind) => k.replace(/[-.](\w)/g, (_m, c: string) => c.toUpperCase()) as 'menu';

const COLORS: Partial<Record<Kind, string>> = { invalid: 'orange', 'out-of-hours': 'gray', handoff: 'green', rating: 'blue', discarded: 'red', integration: 'purple', ai: 'purple', 'ai.transcription': 'purple', 'ai.tts': 'purple', 'ai.transfer': 'green', 'rating-asked': 'blue', 'opt-out': 'red', schedule: 'cyan', 'auto-assigned': 'green', 'auto-reassigned': 'orange', merge: 'gray' };

const TimelineBody = ({ ticketId }: { ticketId: number }) => {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const [events, setEvents] = useState<TicketEventDto[] | null>(null);
  useEffect(() => {
    let live = true;
    botApi
      .events(ticketId)
      .then((r) => live && setEvents(r.events))
      .catch((err: unknown) => {
        if (!live) return;
        setEvents([]);
        toastError(err);
      });
    return () => {
      live = false;
    };
  }, [ticketId]);
  if (events === null) return <Spin data-testid="bot-timeline-loading" />;
  if (events.length === 0) return <Empty description={t('bot.empty')} data-testid="bot-timeline-empty" />;
  return (
    <Timeline
      data-testid="bot-timeline"
      items={events.map((e) => {
        const known = (KINDS as readonly string[]).includes(e.kind) ? (e.kind as Kind) : undefined;
        return {
          key: e.id,
          color: (known && COLORS[known]) ?? 'blue',
          content: (
            <div data-testid="bot-timeline-entry">
              <Typography.Text strong>{known ? t(`bot.kinds.${kindKey(known)}`) : e.kind}</Typography.Text>{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {`${formatDate(e.createdAt)} ${formatClock(e.createdAt)}`}
              </Typography.Text>
              {detailLines(e.detail, t, (k) => i18n.exists(k)).map((l) => (
                <div key={l} style={{ fontSize: 12, color: token.colorTextSecondary, wordBreak: 'break-word' }}>
                  {l}
                </div>
              ))}
            </div>
          ),
        };
      })}
    />
  );
};

/** The conversation header's "Linha do tempo" button and drawer: why the bot said what it said (admins and supervisors). */
export const TimelineButton = ({ ticketId }: { ticketId: number }) => {
  const { t } = useTranslation();
  const may = useSession((s) => !!s.user && can(s.user, 'tickets:timeline'));
  const narrow = useMediaQuery('(max-width: 600px)');
  const [open, setOpen] = useState(false);
  if (!may) return null;
  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)} aria-label={t('bot.timeline')} title={t('bot.timeline')} data-testid="bot-timeline-open" />
      <Drawer open={open} onClose={() => setOpen(false)} placement="right" size={narrow ? '100%' : 420} title={t('bot.timeline')} destroyOnHidden data-testid="bot-timeline-drawer">
        {open && <TimelineBody ticketId={ticketId} />}
      </Drawer>
    </>
  );
};
