import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import type { SubscriptionStatusResponse } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LIST_NARROW_QUERY } from '../../components/ListPage';
import { formatDueDate } from '../../lib/format';
import { toastError } from '../../lib/reportError';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { billingApi } from './billing.api';
import { CheckoutModal } from './CheckoutModal';
import { finishRenewal } from './billing-session';
import { renewSession } from './renewal';

/**
 * /subscription, 'Assinatura' (administration.md §2): a read-only message with the trial days
 * left and the billing e-mail, and 'Assine Agora!' opening the checkout for the oldest unpaid
 * invoice (the server's choice).
 */
export const SubscriptionPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const [status, setStatus] = useState<SubscriptionStatusResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);

  const load = useCallback(() => {
    billingApi.status().then(setStatus, (err: unknown) => {
      setFailed(true);
      toastError(err);
    });
  }, []);
  useEffect(load, [load]);

  const onRenewed = useCallback(
    (dueDate: string) => {
      renewSession(dueDate);
      load();
    },
    [load],
  );
  const done = useCallback(() => {
    setOpen(false);
    void finishRenewal().then(() => navigate('/', { replace: true }));
  }, [navigate]);

  return (
    <Card style={{ margin: narrow ? 8 : 16 }} styles={{ body: { padding: narrow ? 12 : 24 } }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('billing.subscription.title')}
      </Typography.Title>
      {!status ? (
        failed ? (
          <Typography.Text type="secondary" data-testid="subscription-failed">
            {t('common.noRecords')}
          </Typography.Text>
        ) : (
          <div data-testid="subscription-skeleton" aria-busy>
            <Skeleton active paragraph={{ rows: 3 }} />
          </div>
        )
      ) : (
        <Flex vertical gap={8} align="flex-start" data-testid="subscription-info">
          <Typography.Text data-testid="subscription-trial" data-days={status.trialDaysLeft}>
            {status.trialExpiration && status.trialDaysLeft > 0
              ? t('billing.subscription.trial', { count: status.trialDaysLeft })
              : status.overdue
                ? t('billing.subscription.overdue', { date: formatDueDate(status.dueDate) })
                : status.trialExpiration
                  ? t('billing.subscription.trialEnded')
                  : t('billing.subscription.activeUntil', { date: formatDueDate(status.dueDate) })}
          </Typography.Text>
          <Typography.Text data-testid="subscription-email">{t('billing.subscription.email', { email: status.email || '—' })}</Typography.Text>
          <Flex wrap gap={8} style={{ marginTop: 8 }}>
            <Button type="primary" icon={<CreditCardOutlined />} onClick={() => setOpen(true)} data-testid="subscription-subscribe">
              {t('billing.subscription.subscribe')}
            </Button>
            <Button onClick={() => navigate('/financeiro')} data-testid="subscription-invoices">
              {t('billing.subscription.invoices')}
            </Button>
          </Flex>
        </Flex>
      )}
      <CheckoutModal open={open} invoice={status?.openInvoice ?? null} onClose={() => setOpen(false)} onRenewed={onRenewed} onDone={done} />
    </Card>
  );
};
