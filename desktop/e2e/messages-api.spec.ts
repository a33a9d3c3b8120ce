import { expect, test } from './support/test';
import { Api, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { agentPage } from './support/desk';
import { Phone } from './support/simulator';
import { snapshot } from './support/ui';

// Issue 15 §3: an admin generates the connection's API token (shown once), opens /messages-api,
// and its test form sends a text that the customer's phone (the Simulador) receives.

test("the Messages API page's test form sends a message the Simulador receives", async ({ browser, request }) => {
  const stamp = uniqueStamp();
  const first = { name: `Iara ${stamp}`, email: `iara.${stamp}@${E2E_DOMAIN}`, password: 'IaraApi12345!' };
  const admin = { name: `Otto ${stamp}`, email: `otto.${stamp}@${E2E_DOMAIN}`, password: 'OttoApi12345!' };
  // Three logins: the super user, the company's first admin (API setup) and the browser's admin.
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Integra ${stamp}`, first);
  const setup = await Api.login(request, first);
  await setup.createUser({ ...admin, profile: 'admin' });
  const sandbox = await setup.createSandboxConnection('Sandbox');
  // A Brazilian mobile (E.164 has at most 15 digits; the API checks it): 55 11 9xxxx-xxxx.
  const customer = { number: `55119${stamp.slice(-8)}`, name: `Cliente API ${stamp}` };
  const { page, context } = await agentPage(browser, admin);

  // The connection dialog: no token yet → 'Gerar novo token' → shown once, with a copy button.
  await page.goto('/connections');
  const row = page.locator(`[data-testid="connection-row"][data-connection-id="${sandbox.id}"]`);
  await row.getByTestId('conn-edit').click();
  await expect(page.getByTestId('connection-api-token-tail')).toHaveText('Nenhum token gerado');
  await page.getByTestId('connection-api-token-generate').click();
  const shown = page.getByTestId('api-token-value');
  await expect(shown).toHaveValue(/^blc_[A-Za-z0-9_-]{43}$/);
  const token = await shown.inputValue();
  await snapshot(page, 'messages-api-token-once');
  await page.getByTestId('api-token-close').click();
  await expect(shown).toBeHidden();
  await expect(page.getByTestId('connection-api-token-tail')).toHaveText(`…${token.slice(-4)}`);
  await page.keyboard.press('Escape');

  // /messages-api: the real address, /docs, and the text test form.
  await page.goto('/messages-api');
  const base = new URL(page.url()).origin;
  await expect(page.getByTestId('messages-api-url')).toContainText(`${base}/api/messages/send`);
  await expect(page.getByTestId('messages-api-docs-link')).toHaveAttribute('href', `${base}/docs`);
  await page.getByTestId('messages-api-text-token').fill(token);
  await page.getByTestId('messages-api-text-number').fill(customer.number);
  const text = `Seu pedido ${stamp} saiu para entrega`;
  await page.getByTestId('messages-api-text-body').fill(text);
  await page.getByTestId('messages-api-text-send').click();
  await expect(page.getByTestId('messages-api-text-answer')).toContainText('"mensagem": "Mensagem enviada"');
  await expect(page.getByText(/Mensagem enviada \(id \d+\)/)).toBeVisible();
  await snapshot(page, 'messages-api-wide');

  // A wrong token: the coded error as a toast in Portuguese.
  await page.getByTestId('messages-api-text-token').fill(`${token}x`);
  await page.getByTestId('messages-api-text-send').click();
  await expect(page.getByText(/Token da API inválido/)).toBeVisible();
  await expect(page.getByTestId('messages-api-text-answer')).toContainText('ERR_INVALID_API_TOKEN');

  // The customer's phone got it.
  const phone = new Phone(page);
  await phone.open(customer);
  await expect(phone.receivedWith(text)).toBeVisible({ timeout: 30_000 });

  // 390 px and dark mode.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.goto('/messages-api');
  await expect(page.getByTestId('messages-api-text-form')).toBeVisible();
  await snapshot(page, 'messages-api-390-dark');
  await page.getByTestId('messages-api-fields').scrollIntoViewIfNeeded();
  await snapshot(page, 'messages-api-390-dark-fields');
  await page.getByTestId('messages-api-text-send').scrollIntoViewIfNeeded();
  await snapshot(page, 'messages-api-390-dark-form');
  await context.close();
});
