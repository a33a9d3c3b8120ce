// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { clearSession, setSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { billingApi } from './billing.api';
import { makeInvoice } from './billing.fixtures';
import { onPaymentConfirmed } from './billing.socket';
import { InvoicesPage } from './InvoicesPage';
import { useInvoices } from './invoices.store';

vi.mock('./billing.api', () => ({ billingApi: { invoices: vi.fn(), status: vi.fn(), subscribe: vi.fn(), plan: vi.fn() } }));
vi.mock('./billing.socket', () => ({ onPaymentConfirmed: vi.fn() }));
const api = vi.mocked(billingApi);
const socket = vi.mocked(onPaymentConfirmed);
configure({ asyncUtilTimeout: 8000 });

const overdue = makeInvoice({ id: 31, displayStatus: 'overdue', detail: 'Plano Inicial — 11/2026' });
const open = makeInvoice({ id: 32, displayStatus: 'open', dueDate: '2026-12-20', detail: 'Plano Inicial — 12/2026' });
const paid = makeInvoice({ id: 30, status: 'paid', displayStatus: 'paid', dueDate: '2026-10-20', paidAt: '2026-10-19T12:00:00.000Z', detail: 'Plano Inicial — 10/2026' });
const rows = () => screen.queryAllByTestId('invoice-row');
const row = (id: number) => rows().find((r) => r.getAttribute('data-id') === String(id))!;
let paymentHandlers: ((dueDate: string) => void)[];
const admin: SessionUserDto = {
  id: 5,
  name: 'Rita',
  email: 'rita@padaria.example',
  profile: 'admin',
  super: false,
  allTicket: 'disabled',
  whatsappId: null,
  companyId: 7,
  online: true,
  presence: 'online',
  maxTickets: null,
  queues: [],
  company: { id: 7, name: 'Padaria', dueDate: '2026-11-20', settings: [] },
};

const mount = () => {
  const router = createMemoryRouter(
    [
      { path: '/financeiro', element: <InvoicesPage /> },
      { path: '/subscription', element: <div data-testid="subscription-page" /> },
      { path: '/', element: <div data-testid="home" /> },
    ],
    { initialEntries: ['/financeiro'] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  setSession('token', admin);
  paymentHandlers = [];
  socket.mockImplementation((h) => {
    paymentHandlers.push(h);
    return () => undefined;
  });
  api.invoices.mockResolvedValue({ list: [open, overdue, paid], hasMore: false, count: 3 });
});
afterEach(() => {
  cleanup();
  clearSession();
  useInvoices.getState().reset();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('InvoicesPage (/financeiro)', { timeout: 60_000 }, () => {
  it('shows a skeleton, then each invoice with Pago / Vencido / Em Aberto, value in R$ and the due date', async () => {
    let answer!: (v: Awaited<ReturnType<typeof billingApi.invoices>>) => void;
    api.invoices.mockReturnValue(new Promise((r) => (answer = r)));
    mount();
    expect(await screen.findByTestId('invoices-skeleton')).toBeTruthy();
    act(() => answer({ list: [open, overdue, paid], hasMore: false, count: 3 }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(api.invoices).toHaveBeenCalledWith('', 1);
    const status = (id: number) => row(id).querySelector('[data-testid="invoice-status"]')!.textContent;
    expect(status(31)).toBe('Vencido');
    expect(status(32)).toBe('Em Aberto');
    expect(status(30)).toBe('Pago');
    expect(row(31).textContent).toContain('R$ 149,90');
    expect(row(31).textContent).toContain('20/11/2026');
    expect(screen.getByTestId('invoices-count').textContent).toBe('(3)');
  });

  it('shades only the overdue rows', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const bg = (id: number) => (row(id).querySelector('td') as HTMLElement).style.background;
    expect(bg(31)).not.toBe('');
    expect(bg(32)).toBe('');
    expect(bg(30)).toBe('');
  });

  it('offers PAGAR on unpaid rows only and opens the checkout on that invoice', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(row(30).querySelector('[data-testid="invoice-pay"]')).toBeNull();
    expect(row(30).querySelector('[data-testid="invoice-paid"]')).toBeTruthy();
    expect(row(32).querySelector('[data-testid="invoice-pay"]')).toBeTruthy();
    fireEvent.click(row(31).querySelector('[data-testid="invoice-pay"]')!);
    expect(await screen.findByTestId('billing-checkout')).toBeTruthy();
    expect(screen.getByTestId('billing-checkout').getAttribute('data-step')).toBe('0');
  });

  it("shows the spec's empty text, and a failed load as a toast", async () => {
    api.invoices.mockResolvedValue({ list: [], hasMore: false, count: 0 });
    mount();
    expect(await screen.findByText('Nenhuma fatura encontrada.')).toBeTruthy();
    cleanup();
    useInvoices.getState().reset();
    const bad = vi.spyOn(toast, 'error');
    api.invoices.mockRejectedValue(new ApiError(500, { error: 'ERR_INTERNAL' }, 'boom'));
    mount();
    await waitFor(() => expect(bad).toHaveBeenCalledWith('Erro interno do servidor. Tente novamente mais tarde.'));
    expect(await screen.findByText('Nenhuma fatura encontrada.')).toBeTruthy();
  });

  it('loads the next page near the bottom (infinite scroll)', async () => {
    api.invoices.mockImplementation(async (_s, page) =>
      page === 1 ? { list: [open, overdue], hasMore: true, count: 3 } : { list: [paid], hasMore: false, count: 3 },
    );
    mount();
    // A first page that leaves the bottom in view keeps loading.
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(api.invoices).toHaveBeenCalledWith('', 2);
  });

  it('reloads when a payment is confirmed, showing the invoice paid', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(3));
    api.invoices.mockResolvedValue({ list: [open, { ...overdue, status: 'paid', displayStatus: 'paid' }, paid], hasMore: false, count: 3 });
    act(() => paymentHandlers.forEach((h) => h('2026-12-20')));
    await waitFor(() => expect(row(31).querySelector('[data-testid="invoice-status"]')!.textContent).toBe('Pago'));
  });

  it("shows the super user every company's invoices, with the company, and PAGAR on its own only", async () => {
    setSession('token', { ...admin, super: true, companyId: 1, company: { ...admin.company, id: 1, name: 'Plataforma' } });
    api.invoices.mockResolvedValue({ list: [overdue, makeInvoice({ id: 50, companyId: 1, companyName: 'Plataforma', displayStatus: 'open' })], hasMore: false, count: 2 });
    mount();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByText('Empresa')).toBeTruthy();
    expect(row(31).textContent).toContain('Padaria');
    expect(row(31).querySelector('[data-testid="invoice-pay"]')).toBeNull();
    expect(row(50).querySelector('[data-testid="invoice-pay"]')).toBeTruthy();
  });

  it('links to /subscription', async () => {
    const router = mount();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByTestId('invoices-subscription'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });
});
