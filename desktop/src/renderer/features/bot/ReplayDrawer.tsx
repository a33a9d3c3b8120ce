import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Drawer, Empty, Flex, Select, Spin, Tag, theme, Tooltip, Typography } from 'antd';
import { ExperimentOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { can, type ReplayMessageDto, type ReplayResponse, type ReplayRowDto, type ReplayTargetKind, type TicketDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { formatClock, formatDate } from '../../lib/format';
import { cancelable } from '../../lib/cancelable';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { botApi } from './bot.api';

export interface ReplayTarget {
  kind: ReplayTargetKind;
  id: number;
  name: string;
}

const SEARCH_DEBOUNCE_MS = 400;

/** `#123` or a bare number: a ticket's number. */
const ticketNumber = (s: string): number | null => {
  const m = /^#?\s*(\d{1,9})$/.exec(s.trim());
  return m ? Number(m[1]) : null;
};

const ticketLabel = (tk: TicketDto) => `#${tk.id} · ${tk.contact.name || tk.contact.number} · ${tk.contact.number} · ${formatDate(tk.updatedAt)}`;

/** The replay's ticket picker: contact name/number (GET /tickets) or a ticket number. */
const TicketPicker = ({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [options, setOptions] = useState<TicketDto[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setLoading(true);
    const byNumber = ticketNumber(debounced);
    const byId = byNumber !== null ? botApi.ticket(byNumber).then((tk) => [tk]).catch(() => [] as TicketDto[]) : Promise.resolve([] as TicketDto[]);
    return cancelable((signal) => Promise.all([byId, botApi.searchTickets(debounced, signal).then((r) => r.tickets)]), {
      then: ([one, list]) => setOptions([...one, ...list.filter((x) => !one.some((o) => o.id === x.id))]),
      settled: () => setLoading(false),
    });
  }, [debounced]);
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange(v ?? null)}
      placeholder={t('replay.pickTicket')}
      aria-label={t('replay.pickTicket')}
      loading={loading}
      notFoundContent={loading ? <Spin size="small" /> : t('replay.noTickets')}
      options={options.map((tk) => ({ value: tk.id, label: ticketLabel(tk) }))}
      style={{ flex: '1 1 260px', minWidth: 0 }}
      data-testid="replay-ticket"
    />
  );
};

const MessageLines = ({ list, empty, testId }: { list: ReplayMessageDto[]; empty: string; testId: string }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (list.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <Flex vertical gap={6}>
      {list.map((m, i) => (
        <div key={i} data-testid={testId} style={{ background: token.colorFillTertiary, borderRadius: token.borderRadius, padding: '4px 8px', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {m.mediaName ? (
            <Tag style={{ marginBottom: m.body ? 4 : 0 }}>
              {t('replay.media', { kind: m.mediaType ?? '', name: m.mediaName })}
            </Tag>
          ) : null}
          {m.voice ? <Tag color="purple">{t('replay.voice', { voice: m.voice })}</Tag> : null}
          {m.body ? <div>{m.body}</div> : null}
        </div>
      ))}
    </Flex>
  );
};

const Decision = ({ row }: { row: ReplayRowDto }) => {
  const { t } = useTranslation();
  const d = row.decision;
  if (row.skipped) return <Tag data-testid="replay-decision">{t('replay.skipped')}</Tag>;
  if (d.withPerson) return <Tag data-testid="replay-decision">{t('replay.withPerson')}</Tag>;
  if (d.handoff) {
    const queue = d.queueName ?? (d.queueId !== null ? `#${d.queueId}` : t('replay.noQueue'));
    return (
      <Tag color="green" data-testid="replay-decision">
        {t('replay.handoff', { queue, reason: d.handoff })}
      </Tag>
    );
  }
  return (
    <Tag color="blue" data-testid="replay-decision">
      {t('replay.inBot')}
    </Tag>
  );
};

/** One cell; at phone width it carries its column's title (the header row is hidden there). */
const Cell = ({ title, narrow, children, testId }: { title: string; narrow: boolean; children: ReactNode; testId: string }) => (
  <div data-testid={testId} style={{ minWidth: 0 }}>
    {narrow ? (
      <Typography.Text type="secondary" strong style={{ display: 'block', fontSize: 12 }}>
        {title}
      </Typography.Text>
    ) : null}
    {children}
  </div>
);

const ReplayRows = ({ result, narrow }: { result: ReplayResponse; narrow: boolean }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const grid = { display: 'grid', gridTemplateColumns: narrow ? 'minmax(0, 1fr)' : 'repeat(3, minmax(0, 1fr))', gap: narrow ? 6 : 12 } as const;
  const cols = [t('replay.colCustomer'), t('replay.colThen'), t('replay.colNow')];
  if (result.rows.length === 0) return <Empty description={t('replay.noInbound')} data-testid="replay-empty" />;
  return (
    <Flex vertical gap={0} data-testid="replay-rows">
      {!narrow ? (
        <div style={{ ...grid, paddingBottom: 6, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          {cols.map((c) => (
            <Typography.Text key={c} strong>
              {c}
            </Typography.Text>
          ))}
        </div>
      ) : null}
      {result.rows.map((r) => (
        <div key={r.messageId} data-testid="replay-row" data-skipped={r.skipped} style={{ ...grid, padding: '10px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <Cell title={cols[0]!} narrow={narrow} testId="replay-inbound">
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>{`${formatDate(r.at)} ${formatClock(r.at)}`}</Typography.Text>
            <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{r.inbound.body || (r.inbound.mediaType ? `[${r.inbound.mediaType}]` : '')}</div>
          </Cell>
          <Cell title={cols[1]!} narrow={narrow} testId="replay-actual">
            <MessageLines list={r.actual} empty={t('replay.nothingThen')} testId="replay-actual-message" />
          </Cell>
          <Cell title={cols[2]!} narrow={narrow} testId="replay-would">
            <Flex vertical gap={6} align="start">
              <MessageLines list={r.replay} empty={t('replay.nothingNow')} testId="replay-would-message" />
              <Decision row={r} />
              {r.error ? <Alert type="error" showIcon title={t('replay.error', { error: r.error })} data-testid="replay-error" style={{ width: '100%' }} /> : null}
            </Flex>
          </Cell>
        </div>
      ))}
    </Flex>
  );
};

/** The replay itself: pick a past ticket, run, read the rows (decision 0204). */
export const ReplayDrawer = ({ target, onClose }: { target: ReplayTarget | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 600px)');
  const [ticketId, setTicketId] = useState<number | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<ReplayResponse | null>(null);
  useEffect(() => {
    setResult(null);
    setTicketId(null);
  }, [target?.kind, target?.id]);

  const run = async () => {
    if (!target || ticketId === null) return;
    setRunning(true);
    setResult(null);
    try {
      const key = target.kind === 'queue' ? 'queueId' : target.kind === 'integration' ? 'integrationId' : 'promptId';
      setResult(await botApi.replay({ ticketId, [key]: target.id }));
    } catch (err) {
      toastError(err);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      placement="right"
      size={narrow ? '100%' : 1100}
      title={target ? t('replay.title', { name: target.name }) : ''}
      destroyOnHidden
      data-testid="replay-drawer"
    >
      <Flex vertical gap={12}>
        <Alert type="info" showIcon title={t('replay.notice')} data-testid="replay-notice" />
        <Flex gap={8} wrap>
          <TicketPicker value={ticketId} onChange={setTicketId} />
          <Button type="primary" icon={<PlayCircleOutlined />} disabled={ticketId === null} loading={running} onClick={() => void run()} data-testid="replay-run">
            {t('replay.run')}
          </Button>
        </Flex>
        {running ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin data-testid="replay-loading" />
          </Flex>
        ) : result ? (
          <>
            <Typography.Text type="secondary" data-testid="replay-summary">
              {t('replay.summary', { count: result.rows.length, total: result.inboundTotal, ms: result.durationMs })}
            </Typography.Text>
            {result.truncated ? <Alert type="warning" showIcon title={t('replay.truncated', { limit: result.limit })} data-testid="replay-truncated" /> : null}
            {result.budgetExceeded ? <Alert type="warning" showIcon title={t('replay.budget')} data-testid="replay-budget" /> : null}
            <ReplayRows result={result} narrow={narrow} />
          </>
        ) : (
          <Typography.Text type="secondary" data-testid="replay-hint">
            {t('replay.hint')}
          </Typography.Text>
        )}
      </Flex>
    </Drawer>
  );
};

/** A row action (queues, integrations, prompts) that opens the replay for `target` (admins and supervisors). */
export const ReplayButton = ({ target, testId, withLabel = false }: { target: ReplayTarget; testId: string; withLabel?: boolean }) => {
  const { t } = useTranslation();
  const may = useSession((s) => !!s.user && can(s.user, 'bot:replay'));
  const [open, setOpen] = useState(false);
  if (!may) return null;
  return (
    <>
      <Tooltip title={withLabel ? undefined : t('replay.open')}>
        <Button size={withLabel ? 'middle' : 'small'} icon={<ExperimentOutlined />} aria-label={t('replay.open')} data-testid={testId} onClick={() => setOpen(true)}>
          {withLabel ? t('replay.open') : null}
        </Button>
      </Tooltip>
      <ReplayDrawer target={open ? target : null} onClose={() => setOpen(false)} />
    </>
  );
};
