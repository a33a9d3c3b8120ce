// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { clearSession, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { authApi } from './auth.api';
import { LoginPage } from './LoginPage';
import { publicApi } from './public.api';

vi.mock('./auth.api', () => ({ authApi: { login: vi.fn(), logout: vi.fn() } }));
vi.mock('./public.api', () => ({ publicApi: { setting: vi.fn() } }));
configure({ asyncUtilTimeout: 8000 });

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
  company: { id: 7, name: 'Padaria', dueDate: '2026-11-20', settings: [] },
};
const EXPIRED = 'Opss! Sua assinatura venceu em 20/11/2026. Entre em contato com o Suporte para mais informações!';

const loginAs = async () => {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/financeiro', element: <div data-testid="invoices" /> },
      { path: '/tickets', element: <div data-testid="tickets" /> },
    ],
    { initialEntries: ['/login'] },
  );
  render(<RouterProvider router={router} />);
  fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'rita@padaria.example' } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Segredo123' } });
  fireEvent.click(screen.getByTestId('login-submit'));
  return router;
};

beforeEach(() => {
  vi.mocked(publicApi.setting).mockResolvedValue({ value: 'disabled' });
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('login of an overdue company (decision 0280)', { timeout: 60_000 }, () => {
  it("shows the server's expiry text and goes to /financeiro with the billing-only session", async () => {
    const warn = vi.spyOn(toast, 'warning');
    const ok = vi.spyOn(toast, 'success');
    vi.mocked(authApi.login).mockResolvedValue({ token: 'billing-token', user, billingOnly: true, message: EXPIRED } as Awaited<ReturnType<typeof authApi.login>>);
    const router = await loginAs();
    await waitFor(() => expect(router.state.location.pathname).toBe('/financeiro'));
    expect(warn).toHaveBeenCalledWith(EXPIRED, 6);
    expect(ok).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBe('billing-token');
  });

  it('goes to /tickets as before for a company in good standing', async () => {
    vi.mocked(authApi.login).mockResolvedValue({ token: 'full-token', user });
    const router = await loginAs();
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
  });
});
