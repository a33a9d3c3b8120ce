// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionStatusResponse } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { billingApi } from './billing.api';
import { makeInvoice } from './billing.fixtures';
import { SubscriptionPage } from './SubscriptionPage';

vi.mock('./billing.api', () => ({ billingApi: { invoices: vi.fn(), status: vi.fn(), subscribe: vi.fn(), plan: vi.fn() } }));
vi.mock('./billing.socket', () => ({ onPaymentConfirmed: vi.fn(() => () => undefined) }));
const api = vi.mocked(billingApi);
configure({ asyncUtilTimeout: 8000 });

const status = (over: Partial<SubscriptionStatusResponse> = {}): SubscriptionStatusResponse => ({
  companyId: 7,
  email: 'financeiro@padaria.example',
  dueDate: '2026-11-29',
  trialExpiration: '2026-11-29',
  recurrence: 'MENSAL',
  daysLeft: 3,
  trialDaysLeft: 3,
  overdue: false,
  billingOnly: false,
  openInvoice: makeInvoice({ id: 40, displayStatus: 'open', dueDate: '2026-11-29' }),
  ...over,
});

const mount = () => {
  const router = createMemoryRouter(
    [
      { path: '/subscription', element: <SubscriptionPage /> },
      { path: '/financeiro', element: <div data-testid="invoices-page" /> },
    ],
    { initialEntries: ['/subscription'] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  api.status.mockResolvedValue(status());
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('SubscriptionPage (/subscription)', { timeout: 60_000 }, () => {
  it('shows a skeleton, then the trial days left and the billing e-mail', async () => {
    mount();
    expect(screen.getByTestId('subscription-skeleton')).toBeTruthy();
    expect((await screen.findByTestId('subscription-trial')).textContent).toBe('Você está no período de teste: restam 3 dia(s).');
    expect(screen.getByTestId('subscription-email').textContent).toBe('Email de cobrança: financeiro@padaria.example');
    expect(screen.getByTestId('subscription-subscribe').textContent).toContain('Assine Agora!');
  });

  it('says when the trial is over, the subscription is overdue or simply active', async () => {
    api.status.mockResolvedValue(status({ trialDaysLeft: 0, overdue: true, dueDate: '2026-11-20', daysLeft: -6 }));
    mount();
    expect((await screen.findByTestId('subscription-trial')).textContent).toBe('Sua assinatura venceu em 20/11/2026.');
    cleanup();
    api.status.mockResolvedValue(status({ trialDaysLeft: 0 }));
    mount();
    expect((await screen.findByTestId('subscription-trial')).textContent).toBe('Seu período de teste terminou.');
    cleanup();
    api.status.mockResolvedValue(status({ trialExpiration: null, trialDaysLeft: 0, dueDate: '2027-01-10' }));
    mount();
    expect((await screen.findByTestId('subscription-trial')).textContent).toBe('Sua assinatura está ativa até 10/01/2027.');
  });

  it("'Assine Agora!' opens the checkout on the server's open invoice", async () => {
    mount();
    fireEvent.click(await screen.findByTestId('subscription-subscribe'));
    expect(await screen.findByTestId('billing-checkout-form')).toBeTruthy();
    expect(screen.getByTestId('billing-checkout').getAttribute('data-step')).toBe('0');
  });

  it('shows a failed load as a toast from the error catalogue', async () => {
    const bad = vi.spyOn(toast, 'error');
    api.status.mockRejectedValue(new ApiError(402, { error: 'ERR_BILLING_ONLY' }, 'billing'));
    mount();
    await waitFor(() => expect(bad).toHaveBeenCalled());
    expect(await screen.findByTestId('subscription-failed')).toBeTruthy();
  });
});
