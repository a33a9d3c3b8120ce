// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { twoFactorApi } from '../auth/auth.api';
import { TwoFactorSection } from './TwoFactorSection';

vi.mock('../auth/auth.api', () => ({
  authApi: { login: vi.fn(), logout: vi.fn() },
  twoFactorApi: { verify: vi.fn(), status: vi.fn(), setup: vi.fn(), enable: vi.fn(), disable: vi.fn() },
}));
vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));
const api = vi.mocked(twoFactorApi);
configure({ asyncUtilTimeout: 8000 });

const off = { enabled: false, recoveryCodesLeft: 0, required: false };
const on = { enabled: true, recoveryCodesLeft: 10, required: false };
const show = () =>
  render(
    <Form>
      <TwoFactorSection open />
    </Form>,
  );

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("the profile's two-factor sign-in (issue 28 §13)", { timeout: 60_000 }, () => {
  it('turns it on: QR code and secret, the first code, the recovery codes once, then shows it on', async () => {
    api.status.mockResolvedValueOnce(off).mockResolvedValueOnce(on);
    api.setup.mockResolvedValue({ otpauthUrl: 'otpauth://totp/Balc%C3%A3o:ana?secret=JBSWY3DPEHPK3PXP', secret: 'JBSWY3DPEHPK3PXP' });
    api.enable.mockResolvedValue({ recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] });
    show();
    expect((await screen.findByTestId('profile-2fa-status')).textContent).toBe('Desativada');
    fireEvent.click(screen.getByTestId('profile-2fa-manage'));
    expect((await screen.findByTestId('twofa-secret')).textContent).toContain('JBSWY3DPEHPK3PXP');
    expect(screen.getByTestId('twofa-qr').querySelector('svg')).not.toBeNull();
    expect(api.setup).toHaveBeenCalledWith(undefined);
    fireEvent.change(screen.getByTestId('twofa-enable-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('twofa-enable'));
    expect((await screen.findByTestId('twofa-recovery-codes')).textContent).toContain('ccccc-ddddd');
    expect(api.enable).toHaveBeenCalledWith('123456', undefined);
    fireEvent.click(screen.getByTestId('twofa-done'));
    await waitFor(() => expect(screen.getByTestId('profile-2fa-status').textContent).toBe('Ativada'));
    expect(screen.queryByTestId('twofa-recovery-codes')).toBeNull();
  });

  it('keeps the setup open on a wrong code, with the field cleared', async () => {
    api.status.mockResolvedValue(off);
    api.setup.mockResolvedValue({ otpauthUrl: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', secret: 'JBSWY3DPEHPK3PXP' });
    api.enable.mockRejectedValue(new ApiError(400, { error: 'ERR_INVALID_2FA_CODE' }, 'bad'));
    show();
    fireEvent.click(await screen.findByTestId('profile-2fa-manage'));
    const code = (await screen.findByTestId('twofa-enable-code')) as HTMLInputElement;
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('twofa-enable'));
    await waitFor(() => expect(code.value).toBe(''));
    expect(screen.queryByTestId('twofa-recovery-codes')).toBeNull();
  });

  it('turns it off with the password (or a code)', async () => {
    api.status.mockResolvedValueOnce(on).mockResolvedValueOnce(off);
    api.disable.mockResolvedValue({ ok: true });
    show();
    expect((await screen.findByTestId('profile-2fa-status')).textContent).toBe('Ativada');
    expect(screen.getByText('10 código(s) de recuperação restante(s)')).toBeTruthy();
    fireEvent.click(screen.getByTestId('profile-2fa-manage'));
    fireEvent.change(await screen.findByTestId('twofa-disable-code'), { target: { value: '12345' } });
    expect(screen.getByTestId('twofa-disable').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('twofa-disable-toggle'));
    fireEvent.change(screen.getByTestId('twofa-disable-password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByTestId('twofa-disable'));
    await waitFor(() => expect(screen.getByTestId('profile-2fa-status').textContent).toBe('Desativada'));
    expect(api.disable).toHaveBeenCalledWith({ password: 'Secret123' });
  });

  it('stays away, without a toast, for a billing-only session', async () => {
    api.status.mockRejectedValue(new ApiError(402, { error: 'ERR_BILLING_ONLY' }, 'billing'));
    show();
    await waitFor(() => expect(api.status).toHaveBeenCalled());
    // The refusal's handler runs in the promises act flushes.
    await act(async () => {
      await api.status.mock.results[0]!.value.catch(() => undefined);
    });
    expect(screen.queryByTestId('profile-2fa-status')).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says it is required instead of offering to turn it off', async () => {
    api.status.mockResolvedValue({ ...on, required: true });
    show();
    fireEvent.click(await screen.findByTestId('profile-2fa-manage'));
    expect(await screen.findByTestId('twofa-required')).toBeTruthy();
    expect(screen.queryByTestId('twofa-disable')).toBeNull();
  });
});
