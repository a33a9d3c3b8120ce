import { useCallback, useEffect, useState, type HTMLAttributes } from 'react';
import { Button, Flex, Popconfirm, Skeleton, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PlanDto, PlanWithUsageDto } from '@balcao/shared';
import { errorCode } from '../../lib/errors';
import { translateErrorCode } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { plansApi } from './plans.api';
import { formatPlanValue, PLAN_SWITCHES } from './plans.logic';
import { PlanModal } from './PlanModal';

/**
 * The settings tab 'Planos' (administration.md §3; super users only — the Settings page decides
 * whether to show it): every plan with its limits, value and features; add, edit, delete.
 */
export const PlansTab = () => {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 575px)');
  const [plans, setPlans] = useState<PlanWithUsageDto[] | null>(null);
  const [dialog, setDialog] = useState<{ open: boolean; record: PlanDto | null }>({ open: false, record: null });

  const load = useCallback(async () => {
    try {
      setPlans(await plansApi.all());
    } catch {
      toast.error(t('plans.loadFailed'));
      setPlans((p) => p ?? []);
    }
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);

  const close = useCallback(() => setDialog({ open: false, record: null }), []);
  // The list comes back from the server (usage counts included) after each change.
  const onSaved = useCallback(() => void load(), [load]);

  const onDelete = async (p: PlanWithUsageDto) => {
    try {
      await plansApi.remove(p.id);
      toast.success(t('plans.deleted'));
      setPlans((all) => (all ?? []).filter((x) => x.id !== p.id));
    } catch (err) {
      const code = errorCode(err);
      toast.error(code === 'ERR_PLAN_IN_USE' ? (translateErrorCode(code) ?? code) : t('plans.deleteFailed'));
    }
  };

  const features = (p: PlanDto) => (
    <Flex wrap gap={4}>
      {PLAN_SWITCHES.filter((f) => p[f]).map((f) => (
        <Tag key={f} bordered={false} style={{ marginInlineEnd: 0 }}>
          {t(`plans.${f}`)}
        </Tag>
      ))}
    </Flex>
  );
  const limits = (p: PlanDto) => `${p.users} ${t('plans.users').toLowerCase()} · ${p.connections} ${t('plans.connections').toLowerCase()} · ${p.queues} ${t('plans.queues').toLowerCase()}`;

  const columns: TableColumnsType<PlanWithUsageDto> = [
    {
      key: 'name',
      title: t('plans.name'),
      render: (_, p) => (
        <Flex vertical>
          <Typography.Text strong data-testid="plan-name-cell">{p.name}</Typography.Text>
          {narrow ? (
            <>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{`${formatPlanValue(p.value)} · ${limits(p)}`}</Typography.Text>
              {features(p)}
            </>
          ) : null}
        </Flex>
      ),
    },
    ...(narrow
      ? []
      : ([
          { key: 'users', title: t('plans.users'), dataIndex: 'users', align: 'center', width: 90 },
          { key: 'connections', title: t('plans.connections'), dataIndex: 'connections', align: 'center', width: 100 },
          { key: 'queues', title: t('plans.queues'), dataIndex: 'queues', align: 'center', width: 70 },
          { key: 'value', title: t('plans.value'), align: 'right', width: 120, render: (_: unknown, p: PlanDto) => formatPlanValue(p.value) },
          { key: 'features', title: t('plans.features'), render: (_: unknown, p: PlanDto) => features(p) },
          { key: 'companies', title: t('plans.companies'), dataIndex: 'companies', align: 'center', width: 90 },
        ] as TableColumnsType<PlanWithUsageDto>)),
    {
      key: 'actions',
      title: t('plans.actions'),
      align: 'center',
      width: 96,
      render: (_, p) => (
        <Space size="small">
          <Tooltip title={t('plans.edit')}>
            <Button size="small" icon={<EditOutlined />} aria-label={t('plans.edit')} data-testid="plan-edit" onClick={() => setDialog({ open: true, record: p })} />
          </Tooltip>
          {p.companies > 0 ? (
            <Tooltip title={t('plans.inUse', { count: p.companies })}>
              <Button size="small" danger icon={<DeleteOutlined />} disabled aria-label={t('plans.inUse', { count: p.companies })} data-testid="plan-delete" />
            </Tooltip>
          ) : (
            <Popconfirm
              title={t('plans.deleteTitle', { name: p.name })}
              description={t('plans.deleteText')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'plan-delete-confirm' } as never}
              onConfirm={() => onDelete(p)}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('plans.delete')} data-testid="plan-delete" />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="plans-tab">
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('plans.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, record: null })} data-testid="plans-add">
          {t('plans.add')}
        </Button>
      </Flex>
      {plans === null ? (
        <div data-testid="plans-skeleton" aria-busy>
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : (
        <Table<PlanWithUsageDto>
          data-testid="plans-table"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={plans}
          pagination={false}
          locale={{ emptyText: t('common.noRecords') }}
          onRow={(p) => ({ 'data-testid': 'plan-row', 'data-id': p.id }) as HTMLAttributes<HTMLElement>}
        />
      )}
      <PlanModal open={dialog.open} record={dialog.record} onClose={close} onSaved={onSaved} />
    </div>
  );
};
