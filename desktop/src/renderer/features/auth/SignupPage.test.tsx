// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanDto } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { LoginPage } from './LoginPage';
import { publicApi } from './public.api';
import { SignupPage } from './SignupPage';

vi.mock('./public.api', () => ({ publicApi: { setting: vi.fn(), signupPlans: vi.fn(), signup: vi.fn(), forgotPassword: vi.fn(), resetPassword: vi.fn() } }));
const api = vi.mocked(publicApi);
configure({ asyncUtilTimeout: 8000 });

const plan: PlanDto = {
  id: 4,
  name: 'Inicial',
  users: 3,
  connections: 1,
  queues: 2,
  value: 49.9,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  useInternal: true,
  useCopilot: true,
};

let settings: Record<string, string>;
const mount = (at = '/signup') => {
  const router = createMemoryRouter(
    [
      { path: '/signup', element: <SignupPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/forgetpsw', element: <div data-testid="forgot-page" /> },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
};
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });
const choosePlan = async () => {
  fireEvent.mouseDown(screen.getByTestId('signup-plan').querySelector('.ant-select-selector') ?? screen.getByTestId('signup-plan'));
  const option = await screen.findByTestId('signup-plan-option');
  expect(option.textContent).toContain('Atendentes: 3 - WhatsApp: 1 - Filas: 2');
  fireEvent.click(within(option).getByText('Inicial - R$ 49,90'));
};
const fill = () => {
  type('signup-name', 'Padaria Pão Quente');
  type('signup-email', 'padaria@example.com');
  type('signup-phone', '61998765432');
  type('signup-password', 'pao123');
};

beforeEach(() => {
  settings = { allowregister: 'enabled', viewregister: 'enabled', trial: '5' };
  api.setting.mockImplementation(async (key) => ({ value: settings[key]! }));
  api.signupPlans.mockResolvedValue([plan]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('the login page links (administration.md §2)', { timeout: 60_000 }, () => {
  it('links to /forgetpsw always and to /signup while viewregister is enabled', async () => {
    mount('/login');
    expect(await screen.findByTestId('login-signup-link')).toBeTruthy();
    expect(screen.getByTestId('login-forgot-link').textContent).toBe('Esqueceu a senha?');
    fireEvent.click(screen.getByTestId('login-forgot-link'));
    expect(await screen.findByTestId('forgot-page')).toBeTruthy();
  });

  it('hides the signup link while viewregister is disabled, or when the setting cannot be read', async () => {
    settings.viewregister = 'disabled';
    mount('/login');
    await waitFor(() => expect(api.setting).toHaveBeenCalledWith('viewregister'));
    expect(screen.queryByTestId('login-signup-link')).toBeNull();
    expect(screen.getByTestId('login-forgot-link')).toBeTruthy();
    cleanup();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.setting.mockRejectedValue(new ApiError(0, null, 'offline'));
    mount('/login');
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(screen.queryByTestId('login-signup-link')).toBeNull();
  });
});

describe('SignupPage (/signup)', { timeout: 60_000 }, () => {
  it('goes to /login when registration is off, without showing the form', async () => {
    settings.allowregister = 'disabled';
    const router = mount();
    expect(screen.getByTestId('signup-loading')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByTestId('signup-name')).toBeNull();
  });

  it('shows the trial and the offered plans, masks the phone, signs up and goes to /login', async () => {
    const ok = vi.spyOn(toast, 'success');
    api.signup.mockResolvedValue({ id: 9, name: 'Padaria Pão Quente', planId: 4, dueDate: '2026-03-14', trialExpiration: '2026-03-14', recurrence: 'MENSAL' });
    const router = mount('/signup?companyId=7');
    expect(await screen.findByTestId('signup-name')).toBeTruthy();
    expect((await screen.findByTestId('signup-trial')).textContent).toContain('5 dia(s)');
    fill();
    expect((screen.getByTestId('signup-phone') as HTMLInputElement).value).toBe('(61) 99876-5432');
    await choosePlan();
    fireEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(api.signup).toHaveBeenCalled());
    // Only the person's choices: no due date, recurrence, status, price nor the URL's companyId.
    expect(api.signup.mock.calls[0]![0]).toEqual({ name: 'Padaria Pão Quente', email: 'padaria@example.com', phone: '(61) 99876-5432', password: 'pao123', planId: 4 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(ok).toHaveBeenCalledWith('Empresa cadastrada com sucesso! Faça seu login.');
  });

  it("validates with the spec's texts and sends nothing", async () => {
    mount();
    await screen.findByTestId('signup-name');
    type('signup-name', 'A');
    type('signup-email', 'padaria');
    type('signup-password', '1234');
    fireEvent.click(screen.getByTestId('signup-submit'));
    // Name and password both too short.
    // Each field's message appears when its own validation settles: wait for each, not one.
    await waitFor(() => expect(screen.getAllByText('Too Short!')).toHaveLength(2));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect((await screen.findAllByText('Required')).length).toBeGreaterThan(0);
    type('signup-name', 'x'.repeat(51));
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByText('Too Long!')).toBeTruthy();
    expect(api.signup).not.toHaveBeenCalled();
  });

  it('shows a refusal as the catalogue toast and stays on the page', async () => {
    const shown = vi.spyOn(toast, 'error');
    api.signup.mockRejectedValue(new ApiError(409, { error: 'ERR_DUPLICATED_EMAIL' }, 'conflict'));
    const router = mount();
    await screen.findByTestId('signup-name');
    fill();
    await choosePlan();
    fireEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Já existe um usuário com este e-mail.'));
    expect(router.state.location.pathname).toBe('/signup');
    expect((screen.getByTestId('signup-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so when no plan is offered', async () => {
    api.signupPlans.mockResolvedValue([]);
    mount();
    await screen.findByTestId('signup-name');
    fireEvent.mouseDown(screen.getByTestId('signup-plan').querySelector('.ant-select-selector') ?? screen.getByTestId('signup-plan'));
    expect(await screen.findByText('Nenhum plano disponível para cadastro')).toBeTruthy();
  });
});
