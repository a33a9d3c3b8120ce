// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { publicApi } from './public.api';

vi.mock('./public.api', () => ({ publicApi: { setting: vi.fn(), signupPlans: vi.fn(), signup: vi.fn(), forgotPassword: vi.fn(), resetPassword: vi.fn() } }));
const api = vi.mocked(publicApi);
configure({ asyncUtilTimeout: 8000 });

const WEAK = 'Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.';

const mount = () => {
  const router = createMemoryRouter(
    [
      { path: '/forgetpsw', element: <ForgotPasswordPage /> },
      { path: '/login', element: <div data-testid="login-page" /> },
      { path: '/signup', element: <div data-testid="signup-page" /> },
    ],
    { initialEntries: ['/forgetpsw'] },
  );
  render(<RouterProvider router={router} />);
  return router;
};
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });
const toStepTwo = async () => {
  api.forgotPassword.mockResolvedValue({ status: 200 });
  type('forgot-email', 'ana@example.com');
  fireEvent.click(screen.getByTestId('forgot-send'));
  expect(await screen.findByTestId('forgot-code')).toBeTruthy();
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('ForgotPasswordPage (/forgetpsw, two steps)', { timeout: 60_000 }, () => {
  it("step one: 'Enviar Email' asks for the code, toasts and moves to step two", async () => {
    const ok = vi.spyOn(toast, 'success');
    mount();
    expect(screen.getByTestId('forgot-send').textContent).toBe('Enviar Email');
    expect(screen.queryByTestId('forgot-code')).toBeNull();
    await toStepTwo();
    expect(api.forgotPassword).toHaveBeenCalledWith('ana@example.com');
    expect(ok).toHaveBeenCalledWith('Email enviado com sucesso!');
    expect(screen.getByTestId('forgot-reset').textContent).toBe('Redefinir Senha');
    expect(screen.getByTestId('forgot-password')).toBeTruthy();
    expect(screen.getByTestId('forgot-confirm')).toBeTruthy();
  });

  it("refuses an invalid e-mail with the spec's text and sends nothing", async () => {
    mount();
    type('forgot-email', 'ana');
    fireEvent.click(screen.getByTestId('forgot-send'));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(api.forgotPassword).not.toHaveBeenCalled();
  });

  it("step two: the password rule, the confirmation, then the reset with everything in the body and /login", async () => {
    const ok = vi.spyOn(toast, 'success');
    api.resetPassword.mockResolvedValue({ ok: true });
    const router = mount();
    await toStepTwo();
    type('forgot-code', '042913');
    type('forgot-password', 'fraca');
    fireEvent.click(screen.getByTestId('forgot-reset'));
    expect(await screen.findByText(WEAK)).toBeTruthy();
    expect(screen.getByText('Campo obrigatório')).toBeTruthy();
    type('forgot-password', 'NovaSenha1');
    type('forgot-confirm', 'NovaSenha2');
    fireEvent.click(screen.getByTestId('forgot-reset'));
    expect(await screen.findByText('As senhas não correspondem')).toBeTruthy();
    expect(api.resetPassword).not.toHaveBeenCalled();
    type('forgot-confirm', 'NovaSenha1');
    fireEvent.click(screen.getByTestId('forgot-reset'));
    await waitFor(() => expect(api.resetPassword).toHaveBeenCalledWith({ email: 'ana@example.com', token: '042913', newPassword: 'NovaSenha1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(ok).toHaveBeenLastCalledWith('Senha redefinida com sucesso.');
  });

  it('shows a wrong or expired code as the catalogue toast and stays on step two', async () => {
    const shown = vi.spyOn(toast, 'error');
    api.resetPassword.mockRejectedValue(new ApiError(400, { error: 'ERR_INVALID_RESET_CODE' }, 'bad code'));
    const router = mount();
    await toStepTwo();
    type('forgot-code', '111111');
    type('forgot-password', 'NovaSenha1');
    type('forgot-confirm', 'NovaSenha1');
    fireEvent.click(screen.getByTestId('forgot-reset'));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Código de verificação inválido ou expirado. Peça um novo código.'));
    expect(router.state.location.pathname).toBe('/forgetpsw');
    expect(screen.getByTestId('forgot-code')).toBeTruthy();
  });

  it("shows 'Email não encontrado' if a server answers status 404 in the body, and stays on step one", async () => {
    const shown = vi.spyOn(toast, 'error');
    api.forgotPassword.mockResolvedValue({ status: 404 } as never);
    mount();
    type('forgot-email', 'ana@example.com');
    fireEvent.click(screen.getByTestId('forgot-send'));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Email não encontrado'));
    expect(screen.queryByTestId('forgot-code')).toBeNull();
  });

  it('links to /signup', async () => {
    mount();
    fireEvent.click(screen.getByTestId('forgot-signup-link'));
    expect(await screen.findByTestId('signup-page')).toBeTruthy();
  });
});
