// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { refreshSession } from '../../lib/http';
import { clearSession, setSession } from '../../lib/session';
import { startSocket, stopSocket } from '../../lib/socket';
import { onPaymentConfirmed } from './billing.socket';
import { BillingGate } from './BillingGate';

vi.mock('../../lib/http', async (original) => ({ ...(await original<typeof import('../../lib/http')>()), refreshSession: vi.fn() }));
vi.mock('../../lib/socket', async (original) => ({ ...(await original<typeof import('../../lib/socket')>()), startSocket: vi.fn(), stopSocket: vi.fn() }));
vi.mock('./billing.socket', () => ({ onPaymentConfirmed: vi.fn() }));
configure({ asyncUtilTimeout: 8000 });

const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (claims: Record<string, unknown>) => `${b64url({ alg: 'HS256' })}.${b64url(claims)}.sig`;
const user: SessionUserDto = {
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
  company: { id: 7, name: 'Padaria Pão Quente', dueDate: '2026-11-20', settings: [] },
};
let confirm: ((dueDate: string) => void) | null;

const mount = (at: string) => {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <BillingGate>
            <div data-testid="full-shell">
              <Outlet />
            </div>
          </BillingGate>
        ),
        children: [
          { index: true, element: <div data-testid="home" /> },
          { path: 'tickets', element: <div data-testid="tickets" /> },
          { path: 'financeiro', element: <div data-testid="invoices" /> },
          { path: 'subscription', element: <div data-testid="subscription" /> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  confirm = null;
  vi.mocked(onPaymentConfirmed).mockImplementation((h) => {
    confirm = h;
    return () => undefined;
  });
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.clearAllMocks();
});

describe('BillingGate (decision 0280)', { timeout: 60_000 }, () => {
  it('gives a full session the whole app', () => {
    setSession(jwt({ sub: '5', companyId: 7 }), user);
    mount('/tickets');
    expect(screen.getByTestId('full-shell')).toBeTruthy();
    expect(screen.getByTestId('tickets')).toBeTruthy();
    expect(screen.queryByTestId('billing-only-shell')).toBeNull();
  });

  it('keeps a billing-only session on the pay pages, with the expiry notice and its own socket', async () => {
    setSession(jwt({ sub: '5', companyId: 7, billing: true }), user);
    const router = mount('/tickets');
    await waitFor(() => expect(router.state.location.pathname).toBe('/financeiro'));
    expect(screen.getByTestId('billing-only-shell')).toBeTruthy();
    expect(screen.getByTestId('invoices')).toBeTruthy();
    expect(screen.queryByTestId('full-shell')).toBeNull();
    expect(screen.getByTestId('billing-overdue-banner').textContent).toContain('Sua assinatura venceu em 20/11/2026.');
    expect(startSocket).toHaveBeenCalledWith(7);
    act(() => void router.navigate('/subscription'));
    expect(await screen.findByTestId('subscription')).toBeTruthy();
  });

  it('once paid, Continuar trades the session for a full one and goes home', async () => {
    setSession(jwt({ sub: '5', companyId: 7, billing: true }), user);
    vi.mocked(refreshSession).mockImplementation(async () => {
      setSession(jwt({ sub: '5', companyId: 7 }), { ...user, company: { ...user.company, dueDate: '2026-12-20' } });
      return true;
    });
    const router = mount('/financeiro');
    expect(confirm).toBeTruthy();
    act(() => confirm!('2026-12-20'));
    expect(screen.getByTestId('billing-renewed-banner').textContent).toContain('Sua licença foi renovada até 20/12/2026!');
    fireEvent.click(screen.getByTestId('billing-continue'));
    await waitFor(() => expect(screen.getByTestId('home')).toBeTruthy());
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByTestId('full-shell')).toBeTruthy();
    expect(refreshSession).toHaveBeenCalledTimes(1);
    // The billing socket closes so the full shell opens one with every room.
    expect(stopSocket).toHaveBeenCalled();
  });
});
