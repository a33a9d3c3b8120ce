import { useCallback, useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { Button, DatePicker, Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { auditEntities, type AuditLogDto } from '@balcao/shared';
import { http } from '../../../lib/http';
import { cancelable } from '../../../lib/cancelable';
import { toastError } from '../../../lib/reportError';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { settingsApi, type AuditFilters } from '../settings.api';
import { auditChanges, hoursText } from '../settings.logic';
import type { SettingsTab, SettingsTabContext } from './types';

const ACTION_COLOR: Record<string, string> = { create: 'green', update: 'blue', delete: 'red' };

/** before → after, one line per changed field ('' as an em dash; hours compact). */
const Changes = ({ log }: { log: AuditLogDto }) => {
  const show = (field: string, v: string, raw: unknown) => (field === 'schedules' ? (hoursText(raw) ?? v) : v) || '—';
  return (
    <Flex vertical gap={2} data-testid="audit-changes">
      {auditChanges(log.before, log.after).map((c) => (
        <Typography.Text key={c.field} style={{ wordBreak: 'break-word' }}>
          <Typography.Text strong>{c.field}</Typography.Text>: {log.before ? <Typography.Text delete type="secondary">{show(c.field, c.before, log.before[c.field])}</Typography.Text> : null}
          {log.before && log.after ? ' → ' : null}
          {log.after ? show(c.field, c.after, log.after[c.field]) : null}
        </Typography.Text>
      ))}
    </Flex>
  );
};

const AuditPane = ({ ctx }: { ctx: SettingsTabContext }) => {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 575px)');
  const [filters, setFilters] = useState<AuditFilters>({});
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [logs, setLogs] = useState<AuditLogDto[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [users, setUsers] = useState<{ id: number; name: string }[]>([]);
  const [companies, setCompanies] = useState<{ id: number; name: string }[]>([]);
  // A newer load (other filters, the next page) cancels the one under way.
  const cancelLatest = useRef<(() => void) | null>(null);

  const load = useCallback((f: AuditFilters, pageNumber: number) => {
    cancelLatest.current?.();
    setLoading(true);
    cancelLatest.current = cancelable((signal) => settingsApi.auditLogs(f, pageNumber, signal), {
      then: (r) => {
        setLogs((prev) => (pageNumber === 1 ? r.logs : [...prev, ...r.logs]));
        setHasMore(r.hasMore);
        setPage(pageNumber);
      },
      settled: () => setLoading(false),
    });
  }, []);

  useEffect(() => {
    load(filters, 1);
  }, [filters, load]);
  useEffect(() => () => cancelLatest.current?.(), []);
  useEffect(() => {
    http.get<{ id: number; name: string }[]>('/users/list').then(setUsers, toastError);
  }, []);
  // The super user reads every company's trail: name them, and offer one as a filter.
  useEffect(() => {
    if (ctx.isSuper) http.get<{ id: number; name: string }[]>('/companies').then(setCompanies, toastError);
  }, [ctx.isSuper]);
  const companyName = (id: number) => companies.find((c) => c.id === id)?.name ?? `#${id}`;

  const entityText = (e: string) => t(`audit.entities.${e}` as 'audit.entities.setting', { defaultValue: e });
  const when = (log: AuditLogDto) => dayjs(log.createdAt).format('DD/MM/YYYY HH:mm');
  const what = (log: AuditLogDto) => (
    <Flex gap={4} wrap align="center">
      <Tag color={ACTION_COLOR[log.action]}>{t(`audit.actions.${log.action}` as 'audit.actions.update', { defaultValue: log.action })}</Tag>
      <Typography.Text>
        {entityText(log.entity)} <Typography.Text code>{log.entityId}</Typography.Text>
      </Typography.Text>
    </Flex>
  );
  const who = (log: AuditLogDto) => log.userName || t('audit.system');
  const wide: TableColumnsType<AuditLogDto> = [
    { key: 'when', title: t('audit.when'), width: 140, render: (_, l) => when(l) },
    ...(ctx.isSuper ? [{ key: 'company', title: t('audit.company'), width: 140, render: (_: unknown, l: AuditLogDto) => companyName(l.companyId) }] : []),
    { key: 'who', title: t('audit.who'), width: 160, render: (_, l) => who(l) },
    { key: 'what', title: t('audit.what'), width: 220, render: (_, l) => what(l) },
    { key: 'changes', title: t('audit.changes'), render: (_, l) => <Changes log={l} /> },
  ];
  // At phone width one cell per row: the same facts stacked.
  const compact: TableColumnsType<AuditLogDto> = [
    {
      key: 'all',
      title: t('audit.what'),
      render: (_, l) => (
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">
            {when(l)} · {who(l)}
            {ctx.isSuper ? ` · ${companyName(l.companyId)}` : null}
          </Typography.Text>
          {what(l)}
          <Changes log={l} />
        </Flex>
      ),
    },
  ];

  /** A filter: cleared by its ×; a long list (companies, users) filters by what is typed, the short one lists every kind. */
  const filterSelect = <K extends 'companyId' | 'entity' | 'userId'>(key: K, label: string, testId: string, options: { value: NonNullable<AuditFilters[K]>; label: string }[], long: boolean) => (
    <Select<AuditFilters[K]>
      allowClear
      {...(long ? { showSearch: true, optionFilterProp: 'label' } : { virtual: false })}
      placeholder={label}
      aria-label={label}
      data-testid={testId}
      style={{ minWidth: 180, flex: narrow ? '1 1 100%' : undefined }}
      value={filters[key]}
      onChange={(value) => setFilters((f) => ({ ...f, [key]: value }))}
      options={options}
    />
  );

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8}>
        {ctx.isSuper ? filterSelect('companyId', t('audit.filterCompany'), 'audit-filter-company', companies.map((c) => ({ value: c.id, label: c.name })), true) : null}
        {/* A short fixed list, not virtual: every kind rendered (a virtual list scrolled to the chosen one hid the first kinds). */}
        {filterSelect('entity', t('audit.filterEntity'), 'audit-filter-entity', auditEntities.map((e) => ({ value: e, label: entityText(e) })), false)}
        {filterSelect('userId', t('audit.filterUser'), 'audit-filter-user', users.map((u) => ({ value: u.id, label: u.name })), true)}
        <DatePicker.RangePicker
          data-testid="audit-filter-dates"
          aria-label={t('audit.filterDates')}
          format="DD/MM/YYYY"
          style={{ flex: narrow ? '1 1 100%' : undefined }}
          value={range}
          allowEmpty={[true, true]}
          onChange={(r) => {
            setRange(r);
            setFilters((f) => ({ ...f, dateFrom: r?.[0]?.format('YYYY-MM-DD'), dateTo: r?.[1]?.format('YYYY-MM-DD') }));
          }}
        />
      </Flex>
      <Table<AuditLogDto>
        data-testid="audit-table"
        rowKey="id"
        size="small"
        loading={loading && page === 1}
        columns={narrow ? compact : wide}
        dataSource={logs}
        pagination={false}
        locale={{ emptyText: t('audit.empty') }}
        onRow={(l) => ({ 'data-testid': 'audit-row', 'data-entity': l.entity, 'data-entity-id': l.entityId, 'data-action': l.action }) as HTMLAttributes<HTMLElement>}
      />
      {hasMore ? (
        <Flex justify="center">
          <Button loading={loading} onClick={() => load(filters, page + 1)} data-testid="audit-load-more">
            {t('common.loadMore')}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
};

export const auditTab: SettingsTab = {
  key: 'audit',
  label: (t) => t('audit.tab'),
  visible: (ctx) => ctx.isAdmin || ctx.isSuper,
  Component: AuditPane,
};
