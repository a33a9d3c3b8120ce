import { useCallback } from 'react';
import { Button, Flex, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PlanDto, PlanWithUsageDto } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { LIST_NARROW_QUERY, ListPage } from '../../components/ListPage';
import { actionsColumn, AddButton, RowActions } from '../../components/RowActions';
import { deleter } from '../../lib/deleter';
import { refusalText } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { useLoadedList } from '../../lib/useLoadedList';
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
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const { records: plans, setRecords: setPlans, reload: load } = useLoadedList(plansApi.all, t('plans.loadFailed'));
  const dialog = useEditDialog<PlanDto>();

  // The list comes back from the server (usage counts included) after each change.
  const onSaved = useCallback(() => void load(), [load]);

  const onDelete = deleter(
    plansApi.remove,
    (p: PlanWithUsageDto) => {
      toast.success(t('plans.deleted'));
      setPlans((all) => (all ?? []).filter((x) => x.id !== p.id));
    },
    (err) => toast.error(refusalText(err, ['ERR_PLAN_IN_USE'], t('plans.deleteFailed'))),
  );

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
    actionsColumn(t('plans.actions'), 96, (p) => (
      <RowActions
        edit={{ label: t('plans.edit'), testId: 'plan-edit', onClick: () => dialog.edit(p) }}
        // A plan some company is on cannot go: its delete button stays, disabled, saying so.
        extra={
          p.companies > 0 ? (
            <Tooltip title={t('plans.inUse', { count: p.companies })}>
              <Button size="small" danger icon={<DeleteOutlined />} disabled aria-label={t('plans.inUse', { count: p.companies })} data-testid="plan-delete" />
            </Tooltip>
          ) : null
        }
        remove={p.companies > 0 ? undefined : { label: t('plans.delete'), testId: 'plan-delete', title: t('plans.deleteTitle', { name: p.name }), description: t('plans.deleteText'), onConfirm: () => onDelete(p) }}
      />
    )),
  ];

  return (
    <ListPage<PlanWithUsageDto>
      testId="plans"
      pane="plans-tab"
      title={t('plans.title')}
      actions={<AddButton label={t('plans.add')} testId="plans-add" onClick={dialog.add} />}
      loaded={plans !== null}
      columns={columns}
      records={plans ?? []}
      rowTestId="plan-row"
      emptyText={t('common.noRecords')}
    >
      <PlanModal open={dialog.open} record={dialog.record} onClose={dialog.close} onSaved={onSaved} />
    </ListPage>
  );
};
