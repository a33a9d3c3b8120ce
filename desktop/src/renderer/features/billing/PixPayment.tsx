import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Input, QRCode, Space, Spin, Typography, theme } from 'antd';
import { CheckCircleFilled, CopyOutlined } from '@ant-design/icons';
import type { SubscriptionResponse } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { formatDueDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { formatPlanValue } from '../plans';
import { RENEWED_HOME_DELAY_MS } from './billing.logic';
import { onPaymentConfirmed } from './billing.socket';

export interface PixPaymentProps {
  charge: SubscriptionResponse;
  /** The payment was confirmed (the licence renewed until `dueDate`): called at once. */
  onRenewed: (dueDate: string) => void;
  /** RENEWED_HOME_DELAY_MS after the confirmation: go home. */
  onDone: () => void;
}

/**
 * The checkout's payment screen (administration.md §2 Invoices, §4 Checkout): the PIX
 * copy-and-paste code with a copy button, its QR drawn from the code, the server's value; it
 * waits for the company's payment event and shows the renewal, then goes home after 4 s.
 */
export const PixPayment = ({ charge, onRenewed, onDone }: PixPaymentProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  const code = charge.qrcode.qrcode;

  useEffect(
    () =>
      onPaymentConfirmed((dueDate) => {
        setRenewedUntil((was) => was ?? dueDate);
      }),
    [],
  );

  // Once per confirmation: a new identity of the callbacks must not restart the 4 s.
  const callbacks = useRef({ onRenewed, onDone, t });
  callbacks.current = { onRenewed, onDone, t };
  useEffect(() => {
    if (!renewedUntil) return undefined;
    const { t: translate } = callbacks.current;
    toast.success(translate('billing.pix.renewed', { date: formatDueDate(renewedUntil) }));
    callbacks.current.onRenewed(renewedUntil);
    const timer = setTimeout(() => callbacks.current.onDone(), RENEWED_HOME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [renewedUntil]);

  const copy = () => {
    const done = () => toast.success(t('billing.pix.copied'));
    const failed = () => toast.error(t('billing.pix.copyFailed'));
    if (!navigator.clipboard) return failed();
    navigator.clipboard.writeText(code).then(done, failed);
  };

  if (renewedUntil) {
    return (
      <Flex vertical align="center" gap={12} style={{ padding: '24px 0' }} data-testid="billing-pix-renewed" data-due-date={renewedUntil}>
        <CheckCircleFilled style={{ fontSize: 56, color: token.colorSuccess }} />
        <Typography.Title level={4} style={{ margin: 0, textAlign: 'center' }}>
          {t('billing.pix.renewed', { date: formatDueDate(renewedUntil) })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('billing.pix.goingHome')}</Typography.Text>
      </Flex>
    );
  }

  return (
    <Flex vertical align="center" gap={12} data-testid="billing-pix" data-charge-id={charge.chargeId}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('billing.pix.title')}
      </Typography.Title>
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        {t('billing.pix.scan')}
      </Typography.Text>
      <div data-testid="billing-pix-qr">
        <QRCode type="svg" value={code} size={220} bgColor="#ffffff" color="#000000" />
      </div>
      <Typography.Text strong style={{ fontSize: 18 }} data-testid="billing-pix-value">
        {t('billing.pix.value', { value: formatPlanValue(Number(charge.valor.original)) })}
      </Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={code} aria-label={t('billing.pix.code')} onFocus={(e) => e.target.select()} data-testid="billing-pix-code" />
        <Button type="primary" icon={<CopyOutlined />} onClick={copy} data-testid="billing-pix-copy">
          {t('billing.pix.copy')}
        </Button>
      </Space.Compact>
      <Alert type="info" showIcon icon={<Spin size="small" />} title={t('billing.pix.waiting')} style={{ width: '100%' }} data-testid="billing-pix-waiting" />
    </Flex>
  );
};
