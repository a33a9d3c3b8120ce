import { useEffect, useState } from 'react';
import { Button, Card, Col, Empty, Flex, Progress, Row, Segmented, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { QualityFigures, QualityResponse } from '@balcao/shared';
import { cancelable } from '../../lib/cancelable';
import { downloadText } from '../../lib/download';
import { dashboardApi } from './dashboard.api';
import { hoursMinutes, qualityCsv, type QualityRow } from './dashboard.logic';

const spread = (s: QualityFigures['firstResponse'], t: (k: 'dashboardQuality.median' | 'dashboardQuality.p90') => string) => `${hoursMinutes(s.median)} ${t('dashboardQuality.median')} · ${hoursMinutes(s.p90)} ${t('dashboardQuality.p90')}`;
const pct = (v: number | null) => (v === null ? '—' : `${v.toLocaleString(undefined, { maximumFractionDigits: 1 })} %`);
const avg = (v: number | null) => (v === null ? '—' : v.toLocaleString(undefined, { maximumFractionDigits: 2 }));

/** The dashboard's service quality (issue 30 §5; decision 0397) for the period the page shows, per agent or queue, with its CSV. */
export const QualityCard = ({ from, to }: { from: string; to: string }) => {
  const { t } = useTranslation();
  const [data, setData] = useState<QualityResponse | null>(null);
  const [by, setBy] = useState<'agent' | 'queue'>('agent');

  useEffect(() => cancelable((signal) => dashboardApi.quality(from, to, signal), { then: setData }), [from, to]);

  if (!data) return null;
  const o = data.overall;
  const rows: QualityRow[] = by === 'agent' ? data.byAgent.map((a) => ({ key: `u${a.userId}`, ...a })) : data.byQueue.map((q) => ({ ...q, key: `q${q.queueId}`, name: q.queueId === null ? t('dashboardQuality.noQueue') : q.name }));
  const columns: TableColumnsType<QualityRow> = [
    { title: t('dashboardQuality.name'), dataIndex: 'name', key: 'name', ellipsis: true },
    { title: t('dashboardQuality.tickets'), dataIndex: 'tickets', key: 'tickets' },
    { title: t('dashboardQuality.firstResponse'), key: 'fr', render: (_, r) => spread(r.firstResponse, t), responsive: ['md'] },
    { title: t('dashboardQuality.resolution'), key: 'res', render: (_, r) => spread(r.resolution, t), responsive: ['lg'] },
    { title: t('dashboardQuality.slaMet'), key: 'sla', render: (_, r) => pct(r.slaMetPct) },
    { title: t('dashboardQuality.csat'), key: 'csat', render: (_, r) => `${avg(r.csat.average)} (${r.csat.count})` },
  ];
  const exportCsv = () =>
    downloadText(
      qualityCsv(
        [t('dashboardQuality.name'), t('dashboardQuality.tickets'), `${t('dashboardQuality.firstResponse')} (${t('dashboardQuality.median')})`, `${t('dashboardQuality.firstResponse')} (${t('dashboardQuality.p90')})`, `${t('dashboardQuality.resolution')} (${t('dashboardQuality.median')})`, `${t('dashboardQuality.resolution')} (${t('dashboardQuality.p90')})`, t('dashboardQuality.slaMet'), t('dashboardQuality.csat'), '1', '2', '3', '4', '5'],
        rows,
      ),
      by === 'agent' ? 'qualidade-por-atendente.csv' : 'qualidade-por-fila.csv',
    );
  const most = Math.max(1, ...o.csat.distribution);

  return (
    <Card
      title={t('dashboardQuality.title')}
      data-testid="quality-card"
      extra={
        <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={rows.length === 0} data-testid="quality-export" aria-label={t('dashboardQuality.exportCsv')}>
          CSV
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" data-testid="quality-help">
        {t(data.period.minutes === 'business' ? 'dashboardQuality.helpBusiness' : 'dashboardQuality.help')}
      </Typography.Paragraph>
      {o.tickets === 0 && o.csat.count === 0 ? (
        <Empty data-testid="quality-empty" description={t('dashboardQuality.noData')} />
      ) : (
        <Flex vertical gap={16}>
          <Row gutter={[12, 12]}>
            <Col xs={24} sm={12} xl={6}>
              <Statistic title={t('dashboardQuality.firstResponse')} value={hoursMinutes(o.firstResponse.median)} suffix={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{`p90 ${hoursMinutes(o.firstResponse.p90)}`}</Typography.Text>} data-testid="quality-first-response" />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Statistic title={t('dashboardQuality.resolution')} value={hoursMinutes(o.resolution.median)} suffix={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{`p90 ${hoursMinutes(o.resolution.p90)}`}</Typography.Text>} data-testid="quality-resolution" />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Statistic title={t('dashboardQuality.slaMet')} value={pct(o.slaMetPct)} data-testid="quality-sla" />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('dashboardQuality.slaOf', { count: o.slaTickets })}</Typography.Text>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Statistic title={t('dashboardQuality.csat')} value={avg(o.csat.average)} suffix="/ 5" data-testid="quality-csat" />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('dashboardQuality.csatOf', { count: o.csat.count })}</Typography.Text>
              <Flex vertical gap={0} data-testid="quality-distribution" style={{ marginTop: 4 }}>
                {[5, 4, 3, 2, 1].map((s) => (
                  <Flex key={s} gap={6} align="center">
                    <Typography.Text style={{ width: 12, fontSize: 12 }}>{s}</Typography.Text>
                    <Progress percent={(o.csat.distribution[s - 1]! / most) * 100} showInfo={false} size="small" style={{ flex: 1, margin: 0 }} />
                    <Typography.Text type="secondary" style={{ width: 24, fontSize: 12, textAlign: 'end' }}>{o.csat.distribution[s - 1]}</Typography.Text>
                  </Flex>
                ))}
              </Flex>
            </Col>
          </Row>
          <Segmented
            value={by}
            onChange={(v) => setBy(v as 'agent' | 'queue')}
            options={[{ value: 'agent', label: t('dashboardQuality.byAgent') }, { value: 'queue', label: t('dashboardQuality.byQueue') }]}
            data-testid="quality-by"
            style={{ alignSelf: 'flex-start' }}
          />
          <Table data-testid="quality-table" rowKey="key" size="small" columns={columns} dataSource={rows} pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false} scroll={{ x: 'max-content' }} />
        </Flex>
      )}
    </Card>
  );
};
