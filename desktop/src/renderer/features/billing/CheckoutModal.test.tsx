// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { billingApi } from './billing.api';
import { makeCharge, makeInvoice, PIX_CODE } from './billing.fixtures';
import { onPaymentConfirmed } from './billing.socket';
import { CheckoutModal } from './CheckoutModal';

vi.mock('./billing.api', () => ({ billingApi: { invoices: vi.fn(), status: vi.fn(), subscribe: vi.fn(), plan: vi.fn() } }));
vi.mock('./billing.socket', () => ({ onPaymentConfirmed: vi.fn() }));
const api = vi.mocked(billingApi);
const socket = vi.mocked(onPaymentConfirmed);
configure({ asyncUtilTimeout: 8000 });

const plan = { id: 4, name: 'Inicial', users: 3, connections: 1, queues: 2, value: 149.9, useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true, useInternal: true, useCopilot: true };
let confirm: ((dueDate: string) => void) | null;
const unsubscribe = vi.fn();
const type = (field: string, value: string) => fireEvent.change(screen.getByTestId(`billing-checkout-${field}`), { target: { value } });
const step = () => screen.getByTestId('billing-checkout').getAttribute('data-step');
const fillData = (zipcode = '70040-010') => {
  type('firstName', 'Maria da Silva');
  type('address2', 'Rua das Flores, 10');
  type('city', 'Brasília');
  type('state', 'DF');
  type('zipcode', zipcode);
};
const mount = (over: Partial<Parameters<typeof CheckoutModal>[0]> = {}) => {
  const props = { open: true, invoice: makeInvoice(), onClose: vi.fn(), onRenewed: vi.fn(), onDone: vi.fn(), ...over };
  render(<CheckoutModal {...props} />);
  return props;
};
/** Dados → Personalizar → Revisar with valid data. */
const toReview = async () => {
  fillData();
  fireEvent.click(screen.getByTestId('billing-checkout-next'));
  await waitFor(() => expect(step()).toBe('1'));
  expect(await screen.findByTestId('billing-checkout-plan')).toBeTruthy();
  fireEvent.click(screen.getByTestId('billing-checkout-next'));
  await waitFor(() => expect(step()).toBe('2'));
};

beforeEach(() => {
  confirm = null;
  socket.mockImplementation((handler) => {
    confirm = handler;
    return unsubscribe;
  });
  api.plan.mockResolvedValue({ id: 7, name: 'Padaria', planId: 4, dueDate: '2026-11-20', plan });
  api.subscribe.mockResolvedValue(makeCharge());
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('CheckoutModal — steps and validations', { timeout: 60_000 }, () => {
  it('starts at Dados and shows the three steps', () => {
    mount();
    expect(step()).toBe('0');
    const steps = screen.getByTestId('billing-checkout-steps').textContent;
    expect(steps).toContain('Dados');
    expect(steps).toContain('Personalizar');
    expect(steps).toContain('Revisar');
    expect((screen.getByTestId('billing-checkout-country') as HTMLInputElement).value).toBe('Brasil');
  });

  it('requires full name, address, city, zipcode and country with the Portuguese texts', async () => {
    mount();
    type('country', '');
    fireEvent.click(screen.getByTestId('billing-checkout-next'));
    for (const text of ['Nome completo é obrigatório', 'Endereço é obrigatório', 'Cidade é obrigatória', 'CEP é obrigatório', 'País é obrigatório']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(step()).toBe('0');
    // Blank is not filled.
    type('firstName', '   ');
    fireEvent.click(screen.getByTestId('billing-checkout-next'));
    await waitFor(() => expect(screen.getByText('Nome completo é obrigatório')).toBeTruthy());
    expect(step()).toBe('0');
  });

  it("refuses a CEP in the wrong format with 'Formato de CEP inválido' and accepts 8 digits with or without the hyphen", async () => {
    mount();
    fillData('7004-010');
    fireEvent.click(screen.getByTestId('billing-checkout-next'));
    expect(await screen.findByText('Formato de CEP inválido')).toBeTruthy();
    expect(step()).toBe('0');
    type('zipcode', '70040010');
    fireEvent.click(screen.getByTestId('billing-checkout-next'));
    await waitFor(() => expect(step()).toBe('1'));
  });

  it('takes an optional CPF or CNPJ, checks its digits and sends it', async () => {
    mount();
    fillData();
    type('cpfCnpj', '123.456.789-0');
    fireEvent.click(screen.getByTestId('billing-checkout-next'));
    expect(await screen.findByText('CPF ou CNPJ inválido')).toBeTruthy();
    expect(step()).toBe('0');
    type('cpfCnpj', '123.456.789-09');
    fireEvent.click(screen.getByTestId('billing-checkout-next'));
    await waitFor(() => expect(step()).toBe('1'));
    fireEvent.click(screen.getByTestId('billing-checkout-next'));
    await waitFor(() => expect(step()).toBe('2'));
    fireEvent.click(screen.getByTestId('billing-checkout-submit'));
    await waitFor(() => expect(api.subscribe).toHaveBeenCalledTimes(1));
    expect(api.subscribe.mock.calls[0]![0]).toMatchObject({ invoiceId: 31, cpfCnpj: '123.456.789-09' });
  });

  it('shows the plan, then the review with the server invoice value; Voltar keeps what was typed', async () => {
    mount();
    await toReview();
    expect(screen.getByTestId('billing-checkout-total').textContent).toBe('R$ 149,90');
    const review = screen.getByTestId('billing-checkout-review').textContent;
    expect(review).toContain('20/11/2026');
    expect(review).toContain('Maria da Silva');
    expect(review).toContain('70040-010');
    fireEvent.click(screen.getByTestId('billing-checkout-back'));
    fireEvent.click(screen.getByTestId('billing-checkout-back'));
    await waitFor(() => expect(step()).toBe('0'));
    expect((screen.getByTestId('billing-checkout-city') as HTMLInputElement).value).toBe('Brasília');
  });

  it('sends the invoice id and the payer only — never a price, plan or due date', async () => {
    const ok = vi.spyOn(toast, 'success');
    mount();
    await toReview();
    fireEvent.click(screen.getByTestId('billing-checkout-submit'));
    await waitFor(() => expect(api.subscribe).toHaveBeenCalledTimes(1));
    expect(api.subscribe.mock.calls[0]![0]).toEqual({
      invoiceId: 31,
      firstName: 'Maria da Silva',
      address2: 'Rua das Flores, 10',
      city: 'Brasília',
      state: 'DF',
      zipcode: '70040-010',
      country: 'Brasil',
    });
    expect(await screen.findByTestId('billing-pix')).toBeTruthy();
    expect(ok).toHaveBeenCalledWith('Assinatura realizada com sucesso!, aguardando a realização do pagamento');
  });

  it('shows a refused charge as a toast from the error catalogue and stays on Revisar', async () => {
    const bad = vi.spyOn(toast, 'error');
    api.subscribe.mockRejectedValue(new ApiError(409, { error: 'ERR_INVOICE_ALREADY_PAID' }, 'paid'));
    mount();
    await toReview();
    fireEvent.click(screen.getByTestId('billing-checkout-submit'));
    await waitFor(() => expect(bad).toHaveBeenCalled());
    expect(step()).toBe('2');
    expect(screen.queryByTestId('billing-pix')).toBeNull();
  });

  it('says so when there is no invoice to pay', () => {
    mount({ invoice: null });
    expect(screen.getByTestId('billing-checkout-none').textContent).toBe('Nenhuma fatura em aberto para pagar.');
    expect(screen.queryByTestId('billing-checkout-submit')).toBeNull();
  });
});

describe('CheckoutModal — the PIX screen', { timeout: 60_000 }, () => {
  it('shows the copy-and-paste code, its QR and the value, and copies the code', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const ok = vi.spyOn(toast, 'success');
    mount();
    await toReview();
    fireEvent.click(screen.getByTestId('billing-checkout-submit'));
    expect(await screen.findByTestId('billing-pix')).toBeTruthy();
    expect((screen.getByTestId('billing-pix-code') as HTMLInputElement).value).toBe(PIX_CODE);
    expect(screen.getByTestId('billing-pix-qr').querySelector('svg')).toBeTruthy();
    expect(screen.getByTestId('billing-pix-value').textContent).toBe('Valor: R$ 149,90');
    fireEvent.click(screen.getByTestId('billing-pix-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(PIX_CODE));
    await waitFor(() => expect(ok).toHaveBeenCalledWith('Código copiado!'));
  });

  it('shows the renewal when the payment event arrives and goes home 4 s later, not before', async () => {
    const props = mount();
    await toReview();
    fireEvent.click(screen.getByTestId('billing-checkout-submit'));
    expect(await screen.findByTestId('billing-pix-waiting')).toBeTruthy();
    expect(confirm).toBeTruthy();
    vi.useFakeTimers();
    act(() => confirm!('2026-12-20'));
    const renewed = screen.getByTestId('billing-pix-renewed');
    expect(renewed.textContent).toContain('Sua licença foi renovada até 20/12/2026!');
    expect(props.onRenewed).toHaveBeenCalledWith('2026-12-20');
    act(() => vi.advanceTimersByTime(3999));
    expect(props.onDone).not.toHaveBeenCalled();
    // A repeated event (a replayed delivery) does not restart the wait.
    act(() => confirm!('2026-12-20'));
    act(() => vi.advanceTimersByTime(1));
    expect(props.onDone).toHaveBeenCalledTimes(1);
    expect(props.onRenewed).toHaveBeenCalledTimes(1);
  });

  it('stops listening when the dialog closes', async () => {
    mount();
    await toReview();
    fireEvent.click(screen.getByTestId('billing-checkout-submit'));
    expect(await screen.findByTestId('billing-pix')).toBeTruthy();
    cleanup();
    expect(unsubscribe).toHaveBeenCalled();
  });
});
