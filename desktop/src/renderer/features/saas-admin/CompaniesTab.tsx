import { useMemo, useState } from 'react';
import { Button, Flex, Modal, Space, Tag, Tooltip, Typography, theme, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { addRecurrence, daysUntil, dueState, NO_DUE_DATE, type CompanyDto } from '@balcao/shared';
import { LIST_NARROW_QUERY, ListPage } from '../../components/ListPage';
import { actionsColumn, RowActions } from '../../components/RowActions';
import { deleter } from '../../lib/deleter';
import { refusalText } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { useLoadedList } from '../../lib/useLoadedList';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { CompanyForm, usePlanOptions } from './CompanyForm';
import { companiesApi } from './saas-admin.api';

const today = () => dayjs().format('YYYY-MM-DD');

/**
 * Settings → Empresas (super user; administration.md §2): every company, rows yellow when due in
 * 1–5 days and red when due today or past; the 'Vencimento' plus moves the due date on by the
 * company's recurrence; edit in a dialog; delete after a confirmation (all its data goes).
 * `reloadKey` changes when 'Cadastrar Empresa' saved one.
 */
export const CompaniesTab = ({ reloadKey = 0 }: { reloadKey?: number }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const { records: companies, setRecords: setCompanies } = useLoadedList(companiesApi.list, t('saasAdmin.loadFailed'), reloadKey);
  const [editing, setEditing] = useState<CompanyDto | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const plans = usePlanOptions();
  const planName = useMemo(() => new Map((plans ?? []).map((p) => [p.id, p.name])), [plans]);

  const replace = (c: CompanyDto) => setCompanies((all) => (all ?? []).map((x) => (x.id === c.id ? c : x)));
  const failed = (err: unknown, generic: string) => toast.error(refusalText(err, ['ERR_PLATFORM_COMPANY', 'ERR_NO_PERMISSION'], generic));

  const advance = async (c: CompanyDto) => {
    setBusy(c.id);
    try {
      replace(await companiesApi.update(c.id, { dueDate: addRecurrence(c.dueDate, c.recurrence) }));
      toast.success(t('saasAdmin.saved'));
    } catch (err) {
      failed(err, t('saasAdmin.companies.saveFailed'));
    } finally {
      setBusy(null);
    }
  };

  const remove = deleter(
    companiesApi.remove,
    (c: CompanyDto) => {
      toast.success(t('saasAdmin.saved'));
      setCompanies((all) => (all ?? []).filter((x) => x.id !== c.id));
    },
    (err) => failed(err, t('saasAdmin.deleteFailed')),
  );

  const now = today();
  const due = (c: CompanyDto) => {
    if (c.dueDate === NO_DUE_DATE) return <Typography.Text type="secondary">{t('saasAdmin.companies.never')}</Typography.Text>;
    const state = dueState(c.dueDate, now);
    return (
      <Space size={4} wrap>
        <span data-testid="company-due-date">{dayjs(c.dueDate).format('DD/MM/YYYY')}</span>
        <Tooltip title={t('saasAdmin.companies.advance')}>
          <Button size="small" shape="circle" icon={<PlusOutlined />} aria-label={t('saasAdmin.companies.advance')} data-testid="company-advance" loading={busy === c.id} onClick={() => void advance(c)} />
        </Tooltip>
        {state === 'overdue' && <Tag color="error">{t('saasAdmin.companies.overdue')}</Tag>}
        {state === 'soon' && <Tag color="warning">{t('saasAdmin.companies.dueSoon', { count: daysUntil(c.dueDate, now) })}</Tag>}
      </Space>
    );
  };

  const columns: TableColumnsType<CompanyDto> = [
    {
      key: 'name',
      title: t('saasAdmin.companies.name'),
      render: (_, c) => (
        <Flex vertical>
          <Typography.Text strong data-testid="company-name-cell">{c.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[c.email, narrow ? planName.get(c.planId) : null].filter(Boolean).join(' · ')}
          </Typography.Text>
          {narrow ? <div style={{ marginTop: 4 }}>{due(c)}</div> : null}
        </Flex>
      ),
    },
    ...(narrow
      ? []
      : ([
          { key: 'plan', title: t('saasAdmin.companies.plan'), render: (_: unknown, c: CompanyDto) => planName.get(c.planId) ?? c.planId },
          { key: 'phone', title: t('saasAdmin.companies.phone'), dataIndex: 'phone' },
          { key: 'due', title: t('saasAdmin.companies.dueDate'), render: (_: unknown, c: CompanyDto) => due(c) },
          { key: 'recurrence', title: t('saasAdmin.companies.recurrence'), render: (_: unknown, c: CompanyDto) => t(`saasAdmin.companies.recurrences.${c.recurrence}`, { defaultValue: c.recurrence }) },
        ] as TableColumnsType<CompanyDto>)),
    {
      key: 'status',
      title: t('saasAdmin.companies.status'),
      align: 'center',
      width: 90,
      render: (_, c) => <Tag color={c.status ? 'success' : 'default'}>{c.status ? t('saasAdmin.companies.active') : t('saasAdmin.companies.inactive')}</Tag>,
    },
    actionsColumn(t('saasAdmin.actions'), 96, (c) => (
      <RowActions
        edit={{ label: t('saasAdmin.edit'), testId: 'company-edit', onClick: () => setEditing(c) }}
        remove={{ label: t('saasAdmin.delete'), testId: 'company-delete', title: t('saasAdmin.companies.deleteTitle', { name: c.name }), description: <div style={{ maxWidth: 280 }}>{t('saasAdmin.companies.deleteText')}</div>, onConfirm: () => remove(c) }}
      />
    )),
  ];

  const dueOf = (c: CompanyDto) => (c.dueDate === NO_DUE_DATE ? null : dueState(c.dueDate, now));
  return (
    <ListPage<CompanyDto>
      testId="companies"
      pane="companies-tab"
      title={<span data-testid="companies-count">{t('saasAdmin.companies.count', { count: companies?.length ?? 0 })}</span>}
      loaded={companies !== null}
      columns={columns}
      records={companies ?? []}
      rowTestId="company-row"
      rowData={(c) => ({ 'data-company-id': c.id, 'data-due-state': dueOf(c) ?? 'none' })}
      rowClassName={(c) => {
        const state = dueOf(c);
        return state ? `balcao-due-${state}` : '';
      }}
      tableScroll={{ x: narrow ? undefined : 760 }}
      emptyText={t('saasAdmin.empty')}
    >
      {/* Row colours from the theme's tokens, so dark mode gets its own shades. */}
      <style>{`.balcao-due-overdue > td { background: ${token.colorErrorBg} !important; } .balcao-due-soon > td { background: ${token.colorWarningBg} !important; }`}</style>
      <Modal open={editing !== null} title={t('saasAdmin.companies.editTitle')} footer={null} onCancel={() => setEditing(null)} destroyOnHidden width={720}>
        {editing && (
          <CompanyForm
            record={editing}
            onCancel={() => setEditing(null)}
            onSaved={(c) => {
              replace(c);
              setEditing(null);
            }}
          />
        )}
      </Modal>
    </ListPage>
  );
};
