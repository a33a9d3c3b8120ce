import { useCallback, useEffect, useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import type { SubscriptionStatusResponse } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LoadingRows, PageCard } from '../../components/PageCard';
import { formatDueDate } from '../../lib/format';
import { toastError } from '../../lib/reportError';
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
    <PageCard title={t('billing.subscription.title')} padding={[12, 24]}>
      {!status ? (
        failed ? (
          <Typography.Text type="secondary" data-testid="subscription-failed">
            {t('common.noRecords')}
          </Typography.Text>
        ) : (
          <LoadingRows testId="subscription-skeleton" rows={3} />
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
    </PageCard>
  );
};
