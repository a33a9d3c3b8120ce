import { useCallback, useEffect, useState } from 'react';
import { Button, Flex, Tag, Typography, theme, type TableColumnsType } from 'antd';
import { DollarOutlined } from '@ant-design/icons';
import type { InvoiceDisplayStatus, InvoiceDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LIST_NARROW_QUERY, ListPage, usePagedListPage } from '../../components/ListPage';
import { formatDueDate } from '../../lib/format';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { formatPlanValue } from '../plans';
import { isPayable } from './billing.logic';
import { onPaymentConfirmed } from './billing.socket';
import { CheckoutModal } from './CheckoutModal';
import { finishRenewal } from './billing-session';
import { renewSession } from './renewal';
import { useInvoices } from './invoices.store';

const STATUS_COLOR: Record<InvoiceDisplayStatus, string> = { paid: 'success', overdue: 'error', open: 'processing' };

/**
 * /financeiro (administration.md §2 Invoices): the company's invoices, infinite scroll, status
 * Pago / Vencido / Em Aberto (the server's, in the company's zone), overdue rows shaded, and the
 * pay dialog on every unpaid row. A confirmed payment reloads the list.
 */
export const InvoicesPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const list = usePagedListPage(useInvoices);
  const isSuper = useSession((s) => s.user?.super ?? false);
  const companyId = useSession((s) => s.user?.companyId);
  const [paying, setPaying] = useState<InvoiceDto | null>(null);

  useEffect(() => onPaymentConfirmed(() => void useInvoices.getState().load('').catch(toastError)), []);

  const close = useCallback(() => setPaying(null), []);
  const done = useCallback(() => {
    setPaying(null);
    void finishRenewal().then(() => navigate('/', { replace: true }));
  }, [navigate]);

  // Overdue rows are shaded with the theme's error background (light and dark alike).
  const shade = (i: InvoiceDto) => ({ style: i.displayStatus === 'overdue' ? { background: token.colorErrorBg } : {} });
  const columns: TableColumnsType<InvoiceDto> = [
    { key: 'id', title: t('billing.id'), dataIndex: 'id', width: 70, responsive: ['sm'], onCell: shade },
    // The super user's list holds every company's invoices (its own to pay, the others to follow).
    ...(isSuper
      ? [{ key: 'company', title: t('billing.company'), onCell: shade, render: (_: unknown, i: InvoiceDto) => <Typography.Text ellipsis style={{ maxWidth: narrow ? 90 : 220 }}>{i.companyName}</Typography.Text> }]
      : []),
    // On a phone the detail goes under the value: four columns fit 390 px.
    ...(narrow
      ? []
      : [
          {
            key: 'detail',
            title: t('billing.detail'),
            onCell: shade,
            render: (_: unknown, i: InvoiceDto) => (
              <Typography.Text ellipsis style={{ maxWidth: 360 }}>
                {i.detail}
              </Typography.Text>
            ),
          },
        ]),
    {
      key: 'value',
      title: t('billing.value'),
      onCell: shade,
      render: (_, i) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <span style={{ whiteSpace: 'nowrap' }}>{formatPlanValue(i.value)}</span>
          {narrow ? (
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 120 }}>
              {i.detail}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'dueDate', title: t('billing.dueDate'), onCell: shade, render: (_, i) => formatDueDate(i.dueDate) },
    {
      key: 'status',
      title: t('billing.status'),
      onCell: shade,
      render: (_, i) => (
        <Tag color={STATUS_COLOR[i.displayStatus]} data-testid="invoice-status" data-status={i.displayStatus}>
          {t(`billing.statuses.${i.displayStatus}`)}
        </Tag>
      ),
    },
    {
      key: 'action',
      title: t('billing.action'),
      align: 'center',
      onCell: shade,
      render: (_, i) =>
        isPayable(i) && i.companyId === companyId ? (
          <Button size="small" type="primary" icon={narrow ? <DollarOutlined /> : undefined} aria-label={t('billing.payLabel', { id: i.id })} onClick={() => setPaying(i)} data-testid="invoice-pay">
            {narrow ? null : t('billing.pay')}
          </Button>
        ) : !isPayable(i) ? (
          <Button size="small" disabled data-testid="invoice-paid">
            {t('billing.paid')}
          </Button>
        ) : null,
    },
  ];

  return (
    <ListPage<InvoiceDto>
      {...list.page}
      testId="invoices"
      title={t('billing.title')}
      actions={
        <Button onClick={() => navigate('/subscription')} data-testid="invoices-subscription">
          {t('billing.subscriptionLink')}
        </Button>
      }
      columns={columns}
      rowTestId="invoice-row"
      rowData={(i) => ({ 'data-status': i.displayStatus })}
      emptyText={t('billing.empty')}
    >
      <CheckoutModal open={paying !== null} invoice={paying} onClose={close} onRenewed={renewSession} onDone={done} />
    </ListPage>
  );
};
