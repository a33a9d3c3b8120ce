import { useEffect, useState } from 'react';
import { Button, Flex, Form, Modal, Steps, Typography } from 'antd';
import type { InvoiceDto, SubscriptionResponse } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { billingApi } from './billing.api';
import { checkoutDataProblems, type CheckoutData } from './billing.logic';
import { CheckoutDataStep, CheckoutPlanStep, CheckoutReviewStep } from './CheckoutSteps';
import { PixPayment } from './PixPayment';

export interface CheckoutModalProps {
  open: boolean;
  /** The invoice to pay (null: nothing open to pay). */
  invoice: InvoiceDto | null;
  onClose: () => void;
  /** The payment was confirmed: the licence now runs until `dueDate`. */
  onRenewed: (dueDate: string) => void;
  /** 4 s after the confirmation (the spec's return home). */
  onDone: () => void;
}

const emptyData = (country: string): CheckoutData => ({ firstName: '', address2: '', city: '', state: '', zipcode: '', country, cpfCnpj: '' });

/**
 * The pay dialog (administration.md §2 Invoices, §4 Checkout): Dados → Personalizar → Revisar,
 * then the PIX screen. Only the invoice's id and the payer's data are sent: the server charges
 * its own invoice value (decision 0282); the review shows that value.
 */
export const CheckoutModal = ({ open, invoice, onClose, onRenewed, onDone }: CheckoutModalProps) => {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 575px)');
  const companyId = useSession((s) => s.user?.companyId ?? 0);
  const [form] = Form.useForm<CheckoutData>();
  const [step, setStep] = useState(0);
  const [data, setData] = useState<CheckoutData>(() => emptyData(t('billing.checkout.defaultCountry')));
  const [charge, setCharge] = useState<SubscriptionResponse | null>(null);
  const [busy, setBusy] = useState(false);

  // Each opening starts over at 'Dados' (decision 0285); the typed data stays for a retry.
  useEffect(() => {
    if (!open) return;
    setStep(0);
    setCharge(null);
    setBusy(false);
  }, [open, invoice?.id]);

  const next = (d: CheckoutData) => {
    setData(d);
    setStep(1);
  };

  const submit = async () => {
    if (!invoice) return;
    // The data step could only be left valid; checked again so a stale state never reaches the server.
    if (Object.keys(checkoutDataProblems(data)).length) return setStep(0);
    setBusy(true);
    try {
      const answer = await billingApi.subscribe({
        invoiceId: invoice.id,
        firstName: data.firstName.trim(),
        address2: data.address2.trim(),
        city: data.city.trim(),
        state: data.state.trim(),
        zipcode: data.zipcode.trim(),
        country: data.country.trim(),
        ...(data.cpfCnpj.trim() ? { cpfCnpj: data.cpfCnpj.trim() } : {}),
      });
      toast.success(t('billing.checkout.subscribed'));
      setCharge(answer);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const steps = [
    { title: t('billing.checkout.steps.data') },
    { title: t('billing.checkout.steps.plan') },
    { title: t('billing.checkout.steps.review') },
  ];

  const footer = charge ? (
    <Button onClick={onClose} data-testid="billing-checkout-close">
      {t('billing.checkout.close')}
    </Button>
  ) : !invoice ? null : (
    <Flex justify="space-between" gap={8}>
      <Button onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0 || busy} data-testid="billing-checkout-back">
        {t('billing.checkout.back')}
      </Button>
      {step === 0 ? (
        <Button type="primary" onClick={() => form.submit()} data-testid="billing-checkout-next">
          {t('billing.checkout.next')}
        </Button>
      ) : step === 1 ? (
        <Button type="primary" onClick={() => setStep(2)} data-testid="billing-checkout-next">
          {t('billing.checkout.next')}
        </Button>
      ) : (
        <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="billing-checkout-submit">
          {t('billing.checkout.submit')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Modal
      open={open}
      title={t('billing.checkout.title')}
      onCancel={onClose}
      footer={footer}
      width={narrow ? 'calc(100vw - 16px)' : 640}
      style={narrow ? { top: 8, maxWidth: 'calc(100vw - 16px)' } : undefined}
      destroyOnHidden
    >
      <div data-testid="billing-checkout" data-step={charge ? 'pix' : step}>
      {!invoice ? (
        <Typography.Text type="secondary" data-testid="billing-checkout-none">
          {t('billing.checkout.noInvoice')}
        </Typography.Text>
      ) : charge ? (
        <PixPayment charge={charge} onRenewed={onRenewed} onDone={onDone} />
      ) : (
        <>
          <Steps current={step} items={steps} size="small" responsive={false} style={{ marginBottom: 20 }} data-testid="billing-checkout-steps" />
          {step === 0 && <CheckoutDataStep form={form} initial={data} onNext={next} />}
          {step === 1 && <CheckoutPlanStep companyId={companyId} invoice={invoice} />}
          {step === 2 && <CheckoutReviewStep invoice={invoice} data={data} />}
        </>
      )}
      </div>
    </Modal>
  );
};
