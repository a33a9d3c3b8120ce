import { useCallback, useEffect, useState } from 'react';
import { Button, Card, DatePicker, Empty, Flex, Spin, theme, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Bar as RBar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { toast } from '../../lib/toast';
import { downloadText } from '../../lib/download';
import { barsCsv, ymd, type Bar } from './dashboard.logic';

interface Props {
  testId: string;
  title: (count: number, singleDay: boolean) => string;
  /** Loads the bars and the total for the dates (yyyy-MM-dd, both included). */
  load: (from: string, to: string) => Promise<{ bars: Bar[]; count: number }>;
  /** The spec's toast when loading fails. */
  errorText: string;
  csvHeader: (singleDay: boolean) => [string, string];
  csvName: string;
}

const firstOfMonth = () => dayjs().startOf('month');

/**
 * One of the dashboard's bar charts (attendance.md §2): its own start and end dates and a
 * 'Filtrar' button; loads the current month at first; the bars export as CSV.
 */
export const ChartCard = ({ testId, title, load, errorText, csvHeader, csvName }: Props) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [from, setFrom] = useState<Dayjs | null>(firstOfMonth);
  const [to, setTo] = useState<Dayjs | null>(() => dayjs());
  const [state, setState] = useState<{ bars: Bar[]; count: number; single: boolean } | null>(null);
  const [loading, setLoading] = useState(false);

  const run = useCallback(
    async (start: Dayjs | null, end: Dayjs | null) => {
      if (!start || !end) return;
      setLoading(true);
      try {
        const a = ymd(start.toDate());
        const b = ymd(end.toDate());
        const r = await load(a, b);
        setState({ ...r, single: a === b });
      } catch {
        toast.error(errorText);
      } finally {
        setLoading(false);
      }
    },
    [load, errorText],
  );

  useEffect(() => {
    void run(firstOfMonth(), dayjs());
  }, [run]);

  const invalid = !from || !to || to.isBefore(from, 'day');
  const single = state?.single ?? false;

  return (
    <Card
      data-testid={testId}
      data-count={state?.count ?? ''}
      title={<span style={{ whiteSpace: 'normal' }}>{title(state?.count ?? 0, single)}</span>}
      extra={
        <Button
          icon={<DownloadOutlined />}
          data-testid={`${testId}-export`}
          disabled={!state || state.bars.length === 0}
          onClick={() => state && downloadText(barsCsv(csvHeader(single), state.bars), csvName)}
          aria-label={t('dashboard.exportCsv')}
        >
          CSV
        </Button>
      }
    >
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <DatePicker value={from} onChange={setFrom} format="DD/MM/YYYY" allowClear={false} aria-label={t('dashboard.startDate')} placeholder={t('dashboard.startDate')} data-testid={`${testId}-from`} />
        <DatePicker value={to} onChange={setTo} format="DD/MM/YYYY" allowClear={false} aria-label={t('dashboard.endDate')} placeholder={t('dashboard.endDate')} data-testid={`${testId}-to`} />
        <Button type="primary" disabled={invalid} loading={loading} onClick={() => void run(from, to)} data-testid={`${testId}-filter`}>
          {t('dashboard.filter')}
        </Button>
      </Flex>
      <Spin spinning={loading}>
        {!state || state.bars.every((b) => b.value === 0) ? (
          <Empty description={<Typography.Text type="secondary">{t('dashboard.noData')}</Typography.Text>} style={{ padding: '48px 0' }} />
        ) : (
          <div style={{ width: '100%', height: 280 }} data-testid={`${testId}-bars`} data-bars={state.bars.length}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={state.bars} margin={{ top: 8, right: 24, left: -16, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} vertical={false} />
                <XAxis
                  dataKey="label"
                  tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
                  stroke={token.colorBorder}
                  // Days read as dd/MM on the axis (the tooltip keeps the full date), spaced so labels never run together.
                  tickFormatter={(v: string) => (/^\d{2}\/\d{2}\/\d{4}$/.test(v) ? v.slice(0, 5) : v)}
                  interval="preserveStartEnd"
                  minTickGap={16}
                />
                <YAxis allowDecimals={false} tick={{ fill: token.colorTextSecondary, fontSize: 12 }} stroke={token.colorBorder} />
                <Tooltip
                  cursor={{ fill: token.colorFillSecondary }}
                  contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorderSecondary}`, color: token.colorText }}
                  labelStyle={{ color: token.colorText }}
                />
                <RBar dataKey="value" name={t('dashboard.total')} fill={token.colorPrimary} radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </Spin>
    </Card>
  );
};
