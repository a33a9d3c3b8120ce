import { expect, test } from './support/test';
import { Secret, TOTP } from 'otpauth';
import { Api, uniqueStamp } from './support/api';
import { E2E_DOMAIN, superUser } from './support/constants';
import { loginInBrowser, snapshot } from './support/ui';

// Issue 28 §13 (decision 0350): a user turns two-factor sign-in on in the profile (QR code, the
// secret to type, the first code, the recovery codes once) and the next login asks for a code,
// computed here from the secret the screen showed.

const codeAt = (secret: string, ms: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });

test('a user turns on two-factor sign-in in the profile and logs in with a code from the shown secret', async ({ page, request }) => {
  const stamp = uniqueStamp();
  const admin = { name: `Tereza ${stamp}`, email: `tereza.${stamp}@${E2E_DOMAIN}`, password: 'Tereza2fa123!' };
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Duas Etapas ${stamp}`, admin);

  await loginInBrowser(page, admin);
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Perfil' }).click();
  await expect(page.getByTestId('profile-2fa-status')).toHaveText('Desativada');
  await page.getByTestId('profile-2fa-manage').click();

  await expect(page.getByTestId('twofa-qr').locator('svg')).toBeVisible();
  await snapshot(page, 'twofa-setup');
  const secret = (await page.getByTestId('twofa-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const enabledAt = Date.now();
  await page.getByTestId('twofa-enable-code').fill(codeAt(secret, enabledAt));
  await page.getByTestId('twofa-enable').click();
  const codes = page.getByTestId('twofa-recovery-codes');
  await expect(codes).toBeVisible();
  expect((await codes.innerText()).trim().split('\n')).toHaveLength(10);
  await snapshot(page, 'twofa-recovery-codes');
  await page.getByTestId('twofa-done').click();
  await expect(page.getByTestId('profile-2fa-status')).toHaveText('Ativada');
  await page.keyboard.press('Escape');

  // Out, and in again: the password is not enough any more.
  await page.getByTestId('profile-menu').click();
  await page.locator('.ant-dropdown-menu').getByRole('menuitem', { name: 'Sair', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('login-email').fill(admin.email);
  await page.getByTestId('login-password').fill(admin.password);
  await page.getByTestId('login-submit').click();
  const code = page.getByTestId('login-2fa-code');
  await expect(code).toBeVisible();
  await snapshot(page, 'login-2fa-step-390');
  await expect(page).toHaveURL(/\/login$/);

  // A wrong code keeps the step; the step used to enable is spent, so the next one (inside the window) is typed.
  await code.fill(codeAt(secret, enabledAt + 10 * 60_000));
  await page.getByTestId('login-2fa-submit').click();
  await expect(page.locator('.ant-message').getByText('Código inválido', { exact: false })).toBeVisible();
  await code.fill(codeAt(secret, Math.max(Date.now(), enabledAt + 30_000)));
  await page.getByTestId('login-2fa-submit').click();
  await expect(page).toHaveURL(/\/tickets$/);
});
