import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Col, DatePicker, Empty, Flex, Rate, Row, Select, Skeleton, Statistic, Table, Tag, Typography, theme, type TableColumnsType } from 'antd';
import { ApiOutlined, BankOutlined, CheckCircleOutlined, ClockCircleOutlined, DownloadOutlined, FieldTimeOutlined, HourglassOutlined, MessageOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { can, DASHBOARD_PERIODS, type DashboardAttendant, type DashboardResponse } from '@balcao/shared';
import { cancelable } from '../../lib/cancelable';
import { useSession } from '../../lib/session';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { downloadText } from '../../lib/download';
import { dashboardApi, type DashboardFilter } from './dashboard.api';
import { attendantsCsv, dayBars, hoursMinutes, userBars, ymd } from './dashboard.logic';
import { ChartCard } from './ChartCard';
import { OnboardingChecklist } from './OnboardingChecklist';
import { QualityCard } from './QualityCard';
import { CloudCostsCard } from './CloudCostsCard';

const Metric = ({ testId, title, value, icon }: { testId: string; title: string; value: ReactNode; icon: ReactNode }) => (
  <Col xs={12} sm={12} md={8} xl={4}>
    <Card size="small" data-testid={testId} style={{ height: '100%' }}>
      <Statistic title={title} value={value as string} prefix={icon} valueStyle={{ fontSize: 22 }} />
    </Card>
  </Col>
);

/**
 * `/` (attendance.md §2 Dashboard): a period (3–90 days) or a date range, 'Parametrize o filtro'
 * before one is chosen; the counters, the attendants table and the two charts, in the company's
 * timezone. Admins and supervisors; anyone else goes to /tickets (decision 0141).
 */
export const DashboardPage = () => {
  const user = useSession((s) => s.user);
  if (!user || !can(user, 'dashboard:view')) return <Navigate to="/tickets" replace />;
  return <Dashboard isAdmin={can(user, 'settings:update')} canCloudCosts={can(user, 'connections:manage')} />;
};

const Dashboard = ({ isAdmin, canCloudCosts }: { isAdmin: boolean; canCloudCosts: boolean }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const narrow = useMediaQuery('(max-width: 575px)');
  const [filter, setFilter] = useState<DashboardFilter | null>(null);
  const [days, setDays] = useState<number | null>(null);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [data, setData] = useState<DashboardResponse | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!filter) return;
    setLoading(true);
    return cancelable((signal) => dashboardApi.get(filter, signal), { then: setData, settled: () => setLoading(false) });
  }, [filter]);

  const choosePeriod = (n: number | null) => {
    setDays(n);
    setRange(null);
    setFilter(n ? { days: n } : null);
  };
  const chooseRange = (r: [Dayjs | null, Dayjs | null] | null) => {
    setRange(r);
    setDays(null);
    setFilter(r?.[0] && r[1] ? { from: ymd(r[0].toDate()), to: ymd(r[1].toDate()) } : null);
  };

  const loadUsers = useCallback(async (from: string, to: string) => {
    const r = await dashboardApi.ticketsUsers(from, to);
    return { bars: userBars(r), count: r.count };
  }, []);
  const loadDays = useCallback(async (from: string, to: string) => {
    const r = await dashboardApi.ticketsDay(from, to);
    return { bars: dayBars(r), count: r.count };
  }, []);

  const c = data?.counters;
  const columns: TableColumnsType<DashboardAttendant> = [
    { title: t('dashboard.name'), dataIndex: 'name', key: 'name', ellipsis: true },
    {
      title: t('dashboard.rating'),
      key: 'rating',
      render: (_, a) =>
        a.rating === null ? (
          <Typography.Text type="secondary">{t('dashboard.noRating')}</Typography.Text>
        ) : (
          <Flex gap={6} align="center" wrap>
            <Rate disabled allowHalf count={3} value={Math.round(a.rating * 2) / 2} style={{ fontSize: 14 }} />
            <Typography.Text type="secondary">{a.rating.toLocaleString(undefined, { maximumFractionDigits: 1 })}</Typography.Text>
          </Flex>
        ),
    },
    { title: t('dashboard.supportTime'), key: 'avg', render: (_, a) => hoursMinutes(a.avgSupportTime), responsive: ['sm'] },
    { title: t('dashboard.closedTickets'), dataIndex: 'tickets', key: 'tickets', responsive: ['md'] },
    {
      title: t('dashboard.status'),
      key: 'online',
      render: (_, a) => <Tag color={a.online ? 'success' : 'default'}>{a.online ? t('dashboard.online') : t('dashboard.offline')}</Tag>,
    },
  ];

  const exportAttendants = () =>
    data &&
    downloadText(
      attendantsCsv([t('dashboard.name'), t('dashboard.rating'), t('dashboard.supportTime'), t('dashboard.closedTickets'), t('dashboard.status')], data.attendants, t('dashboard.online'), t('dashboard.offline')),
      'atendentes.csv',
    );

  return (
    <Flex vertical gap={16} style={{ padding: 16, maxWidth: 1400, margin: '0 auto' }} data-testid="dashboard">
      {isAdmin && <OnboardingChecklist />}
      <Card size="small">
        <Flex gap={12} wrap align="center">
          <Typography.Title level={4} style={{ margin: 0, marginInlineEnd: 'auto' }}>
            {t('dashboard.title')}
          </Typography.Title>
          <Select
            data-testid="dashboard-period"
            aria-label={t('dashboard.period')}
            placeholder={t('dashboard.periodPlaceholder')}
            value={days}
            onChange={choosePeriod}
            allowClear
            style={{ minWidth: 180, width: narrow ? '100%' : undefined }}
            options={DASHBOARD_PERIODS.map((n) => ({ value: n, label: t('dashboard.lastDays', { count: n }) }))}
          />
          <DatePicker.RangePicker
            data-testid="dashboard-range"
            value={range}
            onChange={(v) => chooseRange(v as [Dayjs | null, Dayjs | null] | null)}
            format="DD/MM/YYYY"
            placeholder={[t('dashboard.startDate'), t('dashboard.endDate')]}
            aria-label={t('dashboard.range')}
            style={{ width: narrow ? '100%' : undefined }}
          />
        </Flex>
      </Card>

      {!filter ? (
        <Card>
          <Empty data-testid="dashboard-no-filter" description={<Typography.Text strong>{t('dashboard.noFilter')}</Typography.Text>} />
        </Card>
      ) : !data ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <>
          <Row gutter={[12, 12]} style={{ opacity: loading ? 0.6 : 1 }} data-testid="dashboard-cards">
            <Metric testId="card-in-service" title={t('dashboard.inService')} value={c!.supportHappening} icon={<MessageOutlined style={{ color: token.colorPrimary }} />} />
            <Metric testId="card-waiting" title={t('dashboard.waiting')} value={c!.supportPending} icon={<HourglassOutlined style={{ color: token.colorWarning }} />} />
            <Metric testId="card-finished" title={t('dashboard.finished')} value={c!.supportFinished} icon={<CheckCircleOutlined style={{ color: token.colorSuccess }} />} />
            <Metric testId="card-avg-support" title={t('dashboard.avgSupport')} value={hoursMinutes(c!.avgSupportTime)} icon={<ClockCircleOutlined />} />
            <Metric testId="card-avg-wait" title={t('dashboard.avgWait')} value={hoursMinutes(c!.avgWaitTime)} icon={<FieldTimeOutlined />} />
            {c!.totalWhatsappSessions !== null && <Metric testId="card-connections" title={t('dashboard.connections')} value={c!.totalWhatsappSessions} icon={<ApiOutlined />} />}
            {c!.totalCompanies !== null && <Metric testId="card-companies" title={t('dashboard.companies')} value={c!.totalCompanies} icon={<BankOutlined />} />}
          </Row>
          <Card
            title={t('dashboard.attendants')}
            extra={
              <Button icon={<DownloadOutlined />} onClick={exportAttendants} disabled={data.attendants.length === 0} data-testid="attendants-export" aria-label={t('dashboard.exportCsv')}>
                CSV
              </Button>
            }
            styles={{ body: { padding: 0 } }}
          >
            <Table
              data-testid="attendants-table"
              rowKey="id"
              size="small"
              loading={loading}
              columns={columns}
              dataSource={data.attendants}
              pagination={data.attendants.length > 10 ? { pageSize: 10, size: 'small' } : false}
              locale={{ emptyText: t('dashboard.noData') }}
              onRow={(a) => ({ 'data-testid': 'attendant-row', 'data-id': a.id }) as React.HTMLAttributes<HTMLElement>}
              scroll={{ x: 'max-content' }}
            />
          </Card>
          <QualityCard from={data.period.from} to={data.period.to} />
        </>
      )}

      {canCloudCosts && <CloudCostsCard />}

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ChartCard
            testId="chart-users"
            title={(n) => `${t('dashboard.usersChart')} (${n})`}
            load={loadUsers}
            errorText={t('dashboard.usersChartError')}
            csvHeader={() => [t('dashboard.user'), t('dashboard.total')]}
            csvName="conversas-por-usuario.csv"
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard
            testId="chart-day"
            title={(n, single) => `${single ? t('dashboard.hourChart') : t('dashboard.dayChart')} (${n})`}
            load={loadDays}
            errorText={t('dashboard.dayChartError')}
            csvHeader={(single) => [single ? t('dashboard.hour') : t('dashboard.day'), t('dashboard.total')]}
            csvName="tickets-por-dia.csv"
          />
        </Col>
      </Row>
    </Flex>
  );
};
