import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { Api, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { snapshot, signIn } from './support/ui';

/**
 * Issue 14 §4–5: the super user's Settings tabs and /helps. The super user uploads a logo (an
 * SVG) for the login page and an anonymous browser sees it there; creates a company in 'Cadastrar
 * Empresa', finds it yellow in 'Empresas' (due in 3 days) and moves its due date on a month with
 * the 'Vencimento' plus; adds a help video in 'Ajuda', and a normal user of another company opens
 * /helps, plays it in the modal and closes it with Escape. Screenshots wide, 390 px and dark.
 */

const stamp = uniqueStamp();
const LOGO_SVG = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 72" width="240" height="72"><rect width="240" height="72" rx="14" fill="#0e7c66"/><circle cx="36" cy="36" r="20" fill="#f5c518"/><text x="68" y="46" font-family="sans-serif" font-size="28" font-weight="700" fill="#fff">E2E ${stamp.slice(-4)}</text></svg>`,
);

const ddmmyyyy = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
const inDays = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return d;
};

const openTab = async (page: Page, key: string) => {
  await page.getByTestId(`settings-tab-${key}`).click();
};

test('the super user uploads a login logo, and the login page shows it', async ({ page, browser }) => {
  await signIn(page, superUser(), '/settings');
  await openTab(page, 'logo');
  const tab = page.getByTestId('logo-tab');
  // The spec's texts when nothing is chosen.
  await tab.getByTestId('logo-send').click();
  await expect(tab.getByText('Escolha um arquivo!')).toBeVisible();
  await expect(tab.getByText('Escolha um destino!')).toBeVisible();

  await tab.locator('input[type="file"]').setInputFiles({ name: 'marca.svg', mimeType: 'image/svg+xml', buffer: LOGO_SVG });
  await tab.getByTestId('logo-dest-login').click();
  await tab.getByTestId('logo-send').click();
  await expect(page.getByText('Arquivo enviado com sucesso!')).toBeVisible();
  await expect(tab.getByTestId('logo-preview-login')).toHaveAttribute('src', /\/public\/logotipos\/login\.svg\?v=\w+$/);
  await snapshot(page, 'logo-tab');

  // Someone who is not logged in: the login page's logo is the new one, drawn.
  const anonymous = await browser.newContext();
  const login = await anonymous.newPage();
  await login.goto('/login');
  const logo = login.getByTestId('login-logo');
  await expect(logo).toHaveAttribute('src', /\/public\/logotipos\/login\.svg\?v=\w+$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const served = await login.request.get(String(await logo.getAttribute('src')));
  expect(served.headers()['content-type']).toBe('image/svg+xml');
  expect(Buffer.from(await served.body()).equals(LOGO_SVG)).toBe(true);
  await snapshot(login, 'login-with-logo');
  await login.setViewportSize({ width: 390, height: 800 });
  await snapshot(login, 'login-with-logo-390');
  await anonymous.close();
});

test("the super user creates a company in 'Cadastrar Empresa' and moves its due date in 'Empresas'", async ({ page }) => {
  const name = `Empresa SaaS ${stamp}`;
  await signIn(page, superUser(), '/settings');
  await openTab(page, 'newCompany');
  const form = page.getByTestId('company-form');
  await form.getByTestId('company-name').fill(name);
  await form.getByTestId('company-email').fill(`saas.${stamp}@${E2E_DOMAIN}`);
  await form.getByTestId('company-phone').fill('11987654321');
  await form.getByTestId('company-plan').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  const due = form.getByPlaceholder('Sem vencimento');
  await due.click();
  await due.fill(ddmmyyyy(inDays(3)));
  await due.press('Enter');
  await form.getByTestId('company-password').fill('Empresa123');
  await snapshot(page, 'company-form');
  await form.getByTestId('company-save').click();
  await expect(page.getByText('Operação realizada com sucesso!').first()).toBeVisible();

  await openTab(page, 'companies');
  const row = page.getByTestId('company-row').filter({ hasText: name });
  await expect(row).toHaveAttribute('data-due-state', 'soon');
  await expect(row.getByTestId('company-due-date')).toHaveText(ddmmyyyy(inDays(3)));
  await snapshot(page, 'companies-tab');
  // Dark mode: the yellow row takes the dark theme's warning shade.
  const cellBg = () => row.locator('td').first().evaluate((td) => getComputedStyle(td).backgroundColor);
  const light = await cellBg();
  await page.getByTestId('theme-toggle').click();
  await expect.poll(cellBg).not.toBe(light);
  await expect(row.getByTestId('company-advance').locator('svg')).toBeVisible();
  await snapshot(page, 'companies-tab-dark');
  await page.getByTestId('theme-toggle').click();
  const nextMonth = inDays(3);
  const day = nextMonth.getDate();
  nextMonth.setDate(1);
  nextMonth.setMonth(nextMonth.getMonth() + 1);
  nextMonth.setDate(Math.min(day, new Date(nextMonth.getFullYear(), nextMonth.getMonth() + 1, 0).getDate()));
  await row.getByTestId('company-advance').click();
  await expect(row.getByTestId('company-due-date')).toHaveText(ddmmyyyy(nextMonth));
  await expect(row).toHaveAttribute('data-due-state', 'none');

  await page.setViewportSize({ width: 390, height: 800 });
  const drawerClose = page.locator('.ant-drawer-open .ant-drawer-close');
  if (await drawerClose.isVisible()) await drawerClose.click();
  await expect(row).toBeVisible();
  await snapshot(page, 'companies-tab-390');
});

test('the super user adds a help video and a normal user plays it on /helps; Escape closes the player', async ({ page, browser, request }) => {
  const title = `Primeiros passos ${stamp}`;
  await signIn(page, superUser(), '/settings');
  await openTab(page, 'helps');
  await page.getByTestId('help-add').click();
  const form = page.getByTestId('help-form');
  await form.getByTestId('help-title').fill(title);
  await form.getByTestId('help-description').fill('Como conectar o WhatsApp e atender o primeiro cliente.');
  await form.getByTestId('help-video').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await page.getByTestId('help-save').click();
  await expect(page.getByTestId('helps-tab').getByTestId('help-title-cell').filter({ hasText: title })).toBeVisible();
  await snapshot(page, 'helps-tab');

  // A normal user (profile user) of another company.
  const owner = await Api.login(request, superUser());
  const admin = { name: 'Admin Ajuda', email: `ajuda.admin.${stamp}@${E2E_DOMAIN}`, password: 'Ajuda123!' };
  await owner.createCompany(`Empresa Ajuda ${stamp}`, admin);
  const companyAdmin = await Api.login(request, admin);
  const user = { name: 'Agente Ajuda', email: `ajuda.user.${stamp}@${E2E_DOMAIN}`, password: 'Ajuda123!', profile: 'user' as const };
  await companyAdmin.createUser(user);

  const context = await browser.newContext();
  const agent = await context.newPage();
  await signIn(agent, user, '/helps');
  const card = agent.getByTestId('help-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(agent.getByTestId('helps-title')).toHaveText(/^Ajuda \(\d+\)$/);
  await snapshot(agent, 'helps-page');
  await card.click();
  const player = agent.getByTestId('help-player');
  await expect(player).toBeVisible();
  await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
  await snapshot(agent, 'helps-player');
  await agent.keyboard.press('Escape');
  await expect(player).toHaveCount(0);
  await agent.setViewportSize({ width: 390, height: 800 });
  const drawerClose = agent.locator('.ant-drawer-open .ant-drawer-close');
  if (await drawerClose.isVisible()) await drawerClose.click();
  await expect(card).toBeVisible();
  await snapshot(agent, 'helps-page-390');
  await context.close();
});
