import { expect, test } from './support/test';
import { E2E_ADMIN } from './support/constants';

/** pt-BR text of ERR_INVALID_CREDENTIALS (desktop/src/renderer/app/i18n/errors.ptBR.ts); pt-BR is the default language. */
const INVALID_CREDENTIALS_PT = 'Erro de autenticação. Por favor, tente novamente.';

test('a wrong password shows the pt-BR error toast and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(E2E_ADMIN.email);
  await page.getByTestId('login-password').fill(`${E2E_ADMIN.password}-wrong`);
  const answer = page.waitForResponse((r) => r.url().endsWith('/auth/login') && r.request().method() === 'POST', { timeout: 10_000 });
  await page.getByTestId('login-submit').click();

  const response = await answer;
  expect(response.status()).toBe(401);
  expect(await response.json()).toMatchObject({ error: 'ERR_INVALID_CREDENTIALS' });
  await expect(page.locator('.ant-message').getByText(INVALID_CREDENTIALS_PT, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-submit')).toBeEnabled(); // the form is usable again, not navigating
  await expect(page.getByTestId('login-email')).toHaveValue(E2E_ADMIN.email);
});

test('an unauthenticated visit to /tickets redirects to /login', async ({ page }) => {
  await page.goto('/tickets');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-email')).toBeVisible();
  await expect(page.getByTestId('tab-open')).toHaveCount(0);
});
