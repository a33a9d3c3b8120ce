// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { clearSession, useSession } from '../../lib/session';
import { authApi, twoFactorApi } from './auth.api';
import { LoginPage } from './LoginPage';
import { publicApi } from './public.api';

vi.mock('./auth.api', () => ({
  authApi: { login: vi.fn(), logout: vi.fn() },
  twoFactorApi: { verify: vi.fn(), status: vi.fn(), setup: vi.fn(), enable: vi.fn(), disable: vi.fn() },
}));
vi.mock('./public.api', () => ({ publicApi: { setting: vi.fn() } }));
vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));
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
  company: { id: 7, name: 'Padaria', dueDate: '2999-12-31', settings: [] },
};
const CHALLENGE = 'c'.repeat(43);
const loginAnswer = (a: unknown) => vi.mocked(authApi.login).mockResolvedValue(a as Awaited<ReturnType<typeof authApi.login>>);

const logIn = async () => {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
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
});

describe("the login's second step (decision 0350)", { timeout: 60_000 }, () => {
  it('asks for the 6-digit code, sends it with the challenge and enters', async () => {
    loginAnswer({ twoFactorRequired: true, challenge: CHALLENGE });
    vi.mocked(twoFactorApi.verify).mockResolvedValue({ token: 'full-token', user });
    const router = await logIn();
    const code = await screen.findByTestId('login-2fa-code');
    expect(useSession.getState().token).toBeNull();
    fireEvent.change(code, { target: { value: '12a34' } });
    // Digits only, and the button waits for six of them.
    expect((code as HTMLInputElement).value).toBe('1234');
    expect(screen.getByTestId('login-2fa-submit').hasAttribute('disabled')).toBe(true);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('login-2fa-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    expect(twoFactorApi.verify).toHaveBeenCalledWith(CHALLENGE, '123456');
    expect(useSession.getState().token).toBe('full-token');
  });

  it('takes a recovery code through the link instead', async () => {
    loginAnswer({ twoFactorRequired: true, challenge: CHALLENGE });
    vi.mocked(twoFactorApi.verify).mockResolvedValue({ token: 'full-token', user });
    const router = await logIn();
    fireEvent.click(await screen.findByTestId('login-2fa-toggle'));
    fireEvent.change(screen.getByTestId('login-2fa-recovery'), { target: { value: ' abcde-23456 ' } });
    fireEvent.click(screen.getByTestId('login-2fa-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    expect(twoFactorApi.verify).toHaveBeenCalledWith(CHALLENGE, 'abcde-23456');
  });

  it('goes back to the password when the challenge expired, and stays on the code for a wrong one', async () => {
    loginAnswer({ twoFactorRequired: true, challenge: CHALLENGE });
    vi.mocked(twoFactorApi.verify).mockRejectedValueOnce(new ApiError(400, { error: 'ERR_INVALID_2FA_CODE' }, 'bad'));
    await logIn();
    fireEvent.change(await screen.findByTestId('login-2fa-code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByTestId('login-2fa-submit'));
    await waitFor(() => expect((screen.getByTestId('login-2fa-code') as HTMLInputElement).value).toBe(''));
    vi.mocked(twoFactorApi.verify).mockRejectedValueOnce(new ApiError(401, { error: 'ERR_INVALID_2FA_CHALLENGE' }, 'expired'));
    fireEvent.change(screen.getByTestId('login-2fa-code'), { target: { value: '222222' } });
    fireEvent.click(screen.getByTestId('login-2fa-submit'));
    expect(await screen.findByTestId('login-email')).toBeTruthy();
    expect(screen.queryByTestId('login-2fa-code')).toBeNull();
  });

  it('leads through the required setup: QR code and secret, the first code, the recovery codes, then enters', async () => {
    loginAnswer({ twoFactorSetupRequired: true, challenge: CHALLENGE });
    vi.mocked(twoFactorApi.setup).mockResolvedValue({ otpauthUrl: 'otpauth://totp/Balc%C3%A3o:rita?secret=JBSWY3DPEHPK3PXP', secret: 'JBSWY3DPEHPK3PXP' });
    vi.mocked(twoFactorApi.enable).mockResolvedValue({ recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'], session: { token: 'full-token', user } });
    const router = await logIn();
    expect(await screen.findByTestId('login-2fa-setup-required')).toBeTruthy();
    expect((await screen.findByTestId('twofa-secret')).textContent).toContain('JBSWY3DPEHPK3PXP');
    expect(screen.getByTestId('twofa-qr').querySelector('svg')).not.toBeNull();
    expect(twoFactorApi.setup).toHaveBeenCalledTimes(1);
    expect(twoFactorApi.setup).toHaveBeenCalledWith(CHALLENGE);
    fireEvent.change(screen.getByTestId('twofa-enable-code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('twofa-enable'));
    const codes = await screen.findByTestId('twofa-recovery-codes');
    expect(codes.textContent).toContain('aaaaa-bbbbb');
    expect(twoFactorApi.enable).toHaveBeenCalledWith('654321', CHALLENGE);
    // Not in yet: the codes are read first.
    expect(useSession.getState().token).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    fireEvent.click(screen.getByTestId('twofa-done'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    expect(useSession.getState().token).toBe('full-token');
  });

  it('goes back to the password when the setup challenge is gone', async () => {
    loginAnswer({ twoFactorSetupRequired: true, challenge: CHALLENGE });
    vi.mocked(twoFactorApi.setup).mockResolvedValue({ otpauthUrl: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', secret: 'JBSWY3DPEHPK3PXP' });
    vi.mocked(twoFactorApi.enable).mockRejectedValue(new ApiError(401, { error: 'ERR_INVALID_2FA_CHALLENGE' }, 'expired'));
    await logIn();
    fireEvent.change(await screen.findByTestId('twofa-enable-code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('twofa-enable'));
    expect(await screen.findByTestId('login-email')).toBeTruthy();
    expect(screen.queryByTestId('twofa-enable-code')).toBeNull();
    expect(useSession.getState().token).toBeNull();
  });

  it('logs a user without 2FA straight in, as before', async () => {
    loginAnswer({ token: 'full-token', user });
    const router = await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    expect(twoFactorApi.verify).not.toHaveBeenCalled();
  });
});
