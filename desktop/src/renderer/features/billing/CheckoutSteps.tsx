import { useEffect, useState } from 'react';
import { Descriptions, Form, Input, Typography, type FormInstance } from 'antd';
import type { CompanyPlanDto, InvoiceDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { LoadingRows } from '../../components/PageCard';
import { formatDueDate } from '../../lib/format';
import { toastError } from '../../lib/reportError';
import { formatPlanValue } from '../plans';
import { billingApi } from './billing.api';
import { useBillingOnly } from './billing-session';
import { CEP_PATTERN, cpfCnpjValid, type CheckoutData } from './billing.logic';

/** Step 1, 'Dados': the payer's data with the spec's validations ('Formato de CEP inválido'). */
export const CheckoutDataStep = ({ form, initial, onNext }: { form: FormInstance<CheckoutData>; initial: CheckoutData; onNext: (d: CheckoutData) => void }) => {
  const { t } = useTranslation();
  const required = (text: string) => ({ required: true, whitespace: true, message: text });
  return (
    <Form<CheckoutData> form={form} layout="vertical" initialValues={initial} onFinish={onNext} requiredMark={false} data-testid="billing-checkout-form">
      <Form.Item name="firstName" label={t('billing.checkout.fullName')} rules={[required(t('billing.checkout.fullNameRequired'))]}>
        <Input autoComplete="name" maxLength={100} autoFocus data-testid="billing-checkout-firstName" />
      </Form.Item>
      <Form.Item name="address2" label={t('billing.checkout.address')} rules={[required(t('billing.checkout.addressRequired'))]}>
        <Input autoComplete="street-address" maxLength={200} data-testid="billing-checkout-address2" />
      </Form.Item>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', columnGap: 12 }}>
        <Form.Item name="city" label={t('billing.checkout.city')} rules={[required(t('billing.checkout.cityRequired'))]}>
          <Input autoComplete="address-level2" maxLength={100} data-testid="billing-checkout-city" />
        </Form.Item>
        <Form.Item name="state" label={t('billing.checkout.state')}>
          <Input autoComplete="address-level1" maxLength={100} data-testid="billing-checkout-state" />
        </Form.Item>
        <Form.Item
          name="zipcode"
          label={t('billing.checkout.zipcode')}
          rules={[required(t('billing.checkout.zipcodeRequired')), { pattern: CEP_PATTERN, message: t('billing.checkout.zipcodeInvalid') }]}
        >
          <Input autoComplete="postal-code" inputMode="numeric" maxLength={9} placeholder="00000-000" data-testid="billing-checkout-zipcode" />
        </Form.Item>
        <Form.Item name="country" label={t('billing.checkout.country')} rules={[required(t('billing.checkout.countryRequired'))]}>
          <Input autoComplete="country-name" maxLength={20} data-testid="billing-checkout-country" />
        </Form.Item>
        <Form.Item
          name="cpfCnpj"
          label={t('billing.checkout.cpfCnpj')}
          rules={[{ validator: async (_r, v: string | undefined) => { if (!cpfCnpjValid(v ?? '')) throw new Error(t('billing.checkout.cpfCnpjInvalid')); } }]}
        >
          <Input inputMode="numeric" maxLength={20} data-testid="billing-checkout-cpfCnpj" />
        </Form.Item>
      </div>
      {/* Enter in any field goes on, as 'Próximo' does. */}
      <button type="submit" aria-hidden tabIndex={-1} style={{ position: 'absolute', width: 1, height: 1, padding: 0, border: 0, opacity: 0, pointerEvents: 'none' }} />
    </Form>
  );
};

/**
 * Step 2, 'Personalizar': what the invoice bills — its detail and period, and the plan's limits
 * when this session may read them (a billing-only session may not; decision 0285). Read-only:
 * the value is the server's.
 */
export const CheckoutPlanStep = ({ companyId, invoice }: { companyId: number; invoice: InvoiceDto }) => {
  const { t } = useTranslation();
  const billingOnly = useBillingOnly();
  const [plan, setPlan] = useState<CompanyPlanDto['plan'] | null>(null);
  const [loading, setLoading] = useState(!billingOnly);
  useEffect(() => {
    if (billingOnly) return undefined;
    let live = true;
    billingApi.plan(companyId).then(
      (r) => {
        if (!live) return;
        setPlan(r.plan);
        setLoading(false);
      },
      (err: unknown) => {
        if (!live) return;
        setLoading(false);
        toastError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [companyId, billingOnly]);
  if (loading) return (
      <LoadingRows testId="billing-checkout-plan-skeleton" rows={3} />
    );
  return (
    <Descriptions bordered size="small" column={1} title={t('billing.checkout.planTitle')} data-testid="billing-checkout-plan">
      <Descriptions.Item label={t('billing.checkout.invoice')}>{invoice.detail}</Descriptions.Item>
      <Descriptions.Item label={t('billing.dueDate')}>{formatDueDate(invoice.dueDate)}</Descriptions.Item>
      {plan && (
        <>
          <Descriptions.Item label={t('billing.checkout.plan')}>{plan.name}</Descriptions.Item>
          <Descriptions.Item label={t('billing.checkout.users')}>{plan.users}</Descriptions.Item>
          <Descriptions.Item label={t('billing.checkout.connections')}>{plan.connections}</Descriptions.Item>
          <Descriptions.Item label={t('billing.checkout.queues')}>{plan.queues}</Descriptions.Item>
        </>
      )}
      <Descriptions.Item label={t('billing.value')}>{formatPlanValue(invoice.value)}</Descriptions.Item>
    </Descriptions>
  );
};

/** Step 3, 'Revisar': the invoice as the server has it (its value and due date) and the payer. */
export const CheckoutReviewStep = ({ invoice, data }: { invoice: InvoiceDto; data: CheckoutData }) => {
  const { t } = useTranslation();
  const place = [data.city, data.state].filter((s) => s.trim()).join(' - ');
  return (
    <Descriptions bordered size="small" column={1} data-testid="billing-checkout-review">
      <Descriptions.Item label={t('billing.checkout.invoice')}>
        #{invoice.id} {invoice.detail}
      </Descriptions.Item>
      <Descriptions.Item label={t('billing.dueDate')}>{formatDueDate(invoice.dueDate)}</Descriptions.Item>
      <Descriptions.Item label={t('billing.checkout.billingTo')}>
        <Typography.Text>{data.firstName}</Typography.Text>
        <br />
        <Typography.Text type="secondary">
          {data.address2}, {place} {data.zipcode} — {data.country}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('billing.checkout.total')}>
        <Typography.Text strong data-testid="billing-checkout-total">
          {formatPlanValue(invoice.value)}
        </Typography.Text>
        <br />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('billing.checkout.valueNote')}
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
};
