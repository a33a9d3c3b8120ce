import { expect, test } from './support/test';
import type { PlanDto } from '@balcao/shared';
import { Api, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { resetCodeFor } from './support/mailbox';
import { loginInBrowser, snapshot } from './support/ui';

/**
 * Issue 14 §1–3: the super user opens registration through the API; a visitor signs up from the
 * login page's link and logs in; with registration off the link is gone, /signup goes back to
 * /login and the server refuses. A forgotten password is reset with the code from the mail the
 * e2e server's local SMTP server received. Screenshots: wide, 390 px, dark.
 */

test('sign up with registration on, and refused with it off', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = uniqueStamp();
  const owner = await Api.login(request, superUser());
  const plans = await owner.get<PlanDto[]>('/plans/signup');
  expect(plans.length).toBeGreaterThan(0);
  const newcomer = { name: `Padaria ${stamp}`.slice(0, 50), email: `padaria.${stamp}@${E2E_DOMAIN}`, password: 'pao123' };

  try {
    await test.step('registration off: no link on /login, /signup goes back to /login, the server refuses', async () => {
      await owner.put('/settings/allowregister', { value: 'disabled' });
      await owner.put('/settings/viewregister', { value: 'disabled' });
      await page.goto('/login');
      await expect(page.getByTestId('login-forgot-link')).toHaveText('Esqueceu a senha?');
      await expect(page.getByTestId('login-signup-link')).toHaveCount(0);
      await page.goto('/signup');
      await expect(page).toHaveURL(/\/login$/);
      const refused = await request.post('/companies/cadastro', { data: { ...newcomer, phone: '', planId: plans[0]!.id } });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toBe('ERR_SIGNUP_DISABLED');
    });

    await test.step('registration on: the link, the form with its mask, the signup, then a login', async () => {
      await owner.put('/settings/allowregister', { value: 'enabled' });
      await owner.put('/settings/viewregister', { value: 'enabled' });
      await owner.put('/settings/trial', { value: '5' });
      await page.goto('/login');
      await expect(page.getByTestId('login-signup-link')).toHaveText('Não tem uma conta? Cadastre-se!');
      await snapshot(page, 'login-links');
      await page.getByTestId('login-signup-link').click();
      await expect(page).toHaveURL(/\/signup$/);
      await expect(page.getByTestId('signup-trial')).toContainText('5 dia(s)');
      await page.getByTestId('signup-name').fill(newcomer.name);
      await page.getByTestId('signup-email').fill(newcomer.email);
      await page.getByTestId('signup-phone').pressSequentially('61998765432');
      await expect(page.getByTestId('signup-phone')).toHaveValue('(61) 99876-5432');
      await page.getByTestId('signup-password').fill(newcomer.password);
      await page.getByTestId('signup-plan').click();
      await expect(page.getByTestId('signup-plan-option').first()).toContainText('Atendentes:');
      await snapshot(page, 'signup-plans');
      await page.getByTestId('signup-plan-option').first().click();
      await snapshot(page, 'signup');
      await page.setViewportSize({ width: 390, height: 844 });
      await snapshot(page, 'signup-390');
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('signup-submit').click();
      await expect(page.getByText('Empresa cadastrada com sucesso! Faça seu login.')).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      await loginInBrowser(page, newcomer);
    });

    await test.step("the server gave the trial: today + 5 days, MENSAL, whatever the client could send", async () => {
      const me = await Api.login(request, newcomer);
      expect(me.user.profile).toBe('admin');
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      const due = new Date(Date.parse(`${today}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
      expect(me.user.company.dueDate).toBe(due);
    });
  } finally {
    await owner.put('/settings/allowregister', { value: 'disabled' });
    await owner.put('/settings/viewregister', { value: 'disabled' });
    await owner.put('/settings/trial', { value: '3' });
  }
});

test('reset a forgotten password with the code from the mail', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = uniqueStamp();
  const rita = { name: 'Rita Esquecida', email: `rita.${stamp}@${E2E_DOMAIN}`, password: 'Antiga123!' };
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Empresa Reset ${stamp}`, rita);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await page.getByTestId('login-forgot-link').click();
  await expect(page).toHaveURL(/\/forgetpsw$/);
  await page.getByTestId('forgot-email').fill(rita.email);
  await expect(page.getByTestId('forgot-send')).toHaveText('Enviar Email');
  await page.getByTestId('forgot-send').click();
  await expect(page.getByText('Email enviado com sucesso!')).toBeVisible();
  await expect(page.getByTestId('forgot-reset')).toHaveText('Redefinir Senha');

  const code = await resetCodeFor(request, rita.email);
  await page.getByTestId('forgot-code').fill(code);
  await page.getByTestId('forgot-password').fill('Nova12345');
  await page.getByTestId('forgot-confirm').fill('Nova12345');
  await page.setViewportSize({ width: 390, height: 844 });
  await snapshot(page, 'forgot-step2-390-dark');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('forgot-reset').click();
  await expect(page.getByText('Senha redefinida com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await snapshot(page, 'login-after-reset-dark');

  // The old password is gone, the new one works; the code cannot be used twice.
  const old = await request.post('/auth/login', { data: { email: rita.email, password: rita.password } });
  expect(old.status()).toBe(401);
  const again = await request.post('/resetpasswords', { data: { email: rita.email, token: code, newPassword: 'Outra12345' } });
  expect(((await again.json()) as { error: string }).error).toBe('ERR_INVALID_RESET_CODE');
  await page.emulateMedia({ colorScheme: 'light' });
  await loginInBrowser(page, { email: rita.email, password: 'Nova12345' });
});
