import { expect, test } from './support/test';
import type { CompanyDto, PlanDto, SandboxPayResponse } from '@balcao/shared';
import { Api, uniqueStamp } from './support/api';
import { brDate, saoPauloDay } from './support/billing';
import { superUser, E2E_DOMAIN } from './support/constants';
import { snapshot, watchRealtime } from './support/ui';

// Issue 14 §7–8: an overdue company's admin logs in to a billing-only session (decision 0280),
// pays the overdue invoice through the 3-step checkout and the PIX screen; the super user pays
// the sandbox charge; the PIX screen shows the renewal live and, 4 s later, the app lets the
// company back in (a full session, no second login).

test('an overdue company pays its invoice by PIX and is let back in', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const stamp = uniqueStamp();
  const admin = { name: `Rita ${stamp}`, email: `rita.${stamp}@${E2E_DOMAIN}`, password: 'RitaPaga123!' };
  const owner = await Api.login(request, superUser());
  const plan = await owner.post<PlanDto>('/plans', { name: `Cobrança ${stamp}`, users: 5, connections: 2, queues: 3, value: 149.9 });
  const overdueSince = saoPauloDay(-3);
  const billingEmail = `financeiro.${stamp}@${E2E_DOMAIN}`;
  const company = await owner.post<CompanyDto>('/companies', { name: `Padaria ${stamp}`, email: billingEmail, planId: plan.id, admin });
  // The super user moves the due date into the past: the invoice is there to pay the same day,
  // without the night's invoice job (issue 28 §1).
  expect((await owner.put<CompanyDto>(`/companies/${company.id}`, { dueDate: overdueSince })).dueDate).toBe(overdueSince);

  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  let realtime = watchRealtime(page);
  await page.goto('/login');
  await page.getByTestId('login-email').fill(admin.email);
  await page.getByTestId('login-password').fill(admin.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/financeiro$/);
  await expect(page.getByText(`Opss! Sua assinatura venceu em ${brDate(overdueSince)}`)).toBeVisible();
  await realtime;
  await expect(page.getByTestId('billing-only-shell')).toBeVisible();
  await expect(page.getByTestId('billing-overdue-banner')).toContainText(brDate(overdueSince));
  const row = page.getByTestId('invoice-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'overdue');
  await expect(row.getByTestId('invoice-status')).toHaveText('Vencido');
  await expect(row).toContainText('R$ 149,90');
  await snapshot(page, 'billing-financeiro-overdue-wide');

  // Anything but the pay pages goes back to /financeiro, across a reload (the session comes back billing-only).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  realtime = watchRealtime(page);
  await page.goto('/tickets');
  await expect(page).toHaveURL(/\/financeiro$/);
  await realtime;
  await expect(page.getByTestId('billing-only-shell')).toBeVisible();
  await expect(row.getByTestId('invoice-status')).toHaveText('Vencido');
  await snapshot(page, 'billing-financeiro-390-dark');

  // The checkout, at 390 px in dark mode: Dados (the CEP rule), Personalizar, Revisar.
  await row.getByTestId('invoice-pay').click();
  const checkout = page.getByTestId('billing-checkout');
  await expect(checkout).toHaveAttribute('data-step', '0');
  await page.getByTestId('billing-checkout-firstName').fill('Rita de Cássia');
  await page.getByTestId('billing-checkout-address2').fill('Rua das Flores, 10');
  await page.getByTestId('billing-checkout-city').fill('Brasília');
  await page.getByTestId('billing-checkout-state').fill('DF');
  await page.getByTestId('billing-checkout-zipcode').fill('7004-010');
  await page.getByTestId('billing-checkout-next').click();
  await expect(page.getByText('Formato de CEP inválido')).toBeVisible();
  await snapshot(page, 'billing-checkout-dados-390-dark');
  await page.getByTestId('billing-checkout-zipcode').fill('70040-010');
  // Keyboard: Enter in a field goes on, as 'Próximo' does.
  await page.getByTestId('billing-checkout-zipcode').press('Enter');
  await expect(checkout).toHaveAttribute('data-step', '1');
  await expect(page.getByTestId('billing-checkout-plan')).toContainText('R$ 149,90');
  await page.getByTestId('billing-checkout-next').click();
  await expect(checkout).toHaveAttribute('data-step', '2');
  await expect(page.getByTestId('billing-checkout-total')).toHaveText('R$ 149,90');
  await page.getByTestId('billing-checkout-submit').click();

  // The PIX screen: the code, its QR and the server's value.
  const pix = page.getByTestId('billing-pix');
  await expect(pix).toBeVisible();
  await expect(page.getByTestId('billing-pix-value')).toHaveText('Valor: R$ 149,90');
  await expect(page.getByTestId('billing-pix-code')).toHaveValue(/^000201/);
  await expect(page.getByTestId('billing-pix-qr').locator('svg')).toBeVisible();
  await snapshot(page, 'billing-pix-390-dark');
  const chargeId = await pix.getAttribute('data-charge-id');
  expect(chargeId).toBeTruthy();

  // The super user pays the sandbox charge: the provider calls our webhook; the screen hears it live.
  const paid = await owner.post<SandboxPayResponse>(`/sandbox/payments/${chargeId}/pay`, {});
  expect(paid.invoiceStatus).toBe('paid');
  const renewed = page.getByTestId('billing-pix-renewed');
  await expect(renewed).toBeVisible({ timeout: 15_000 });
  const newDue = await renewed.getAttribute('data-due-date');
  expect(newDue! > saoPauloDay(0)).toBe(true);
  await expect(renewed).toContainText(`Sua licença foi renovada até ${brDate(newDue!)}!`);
  await snapshot(page, 'billing-renewed-390-dark');

  // 4 s later: home, in the whole app (a full session: the billing-only shell is gone).
  await expect(page).toHaveURL((u) => u.pathname === '/', { timeout: 15_000 });
  await expect(page.getByTestId('billing-only-shell')).toHaveCount(0);
  await expect(page.getByTestId('greeting')).toBeVisible();

  // The invoice is paid; the new period (due within a month) already has its own, on top;
  // /subscription tells the new due date.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  await page.goto('/financeiro');
  const rows = page.getByTestId('invoice-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute('data-status', 'open');
  await expect(rows.first()).toContainText(brDate(newDue!));
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'paid');
  await expect(rows.nth(1).getByTestId('invoice-status')).toHaveText('Pago');
  await snapshot(page, 'billing-financeiro-paid-wide');
  await page.getByTestId('invoices-subscription').click();
  await expect(page.getByTestId('subscription-email')).toContainText(billingEmail);
  await expect(page.getByTestId('subscription-trial')).toContainText(brDate(newDue!));
  await snapshot(page, 'billing-subscription-wide');
  await context.close();

  // The server agrees: the company's licence runs until the new date.
  const companies = await owner.get<CompanyDto[]>('/companies');
  expect(companies.find((c) => c.id === company.id)?.dueDate).toBe(newDue);
});
