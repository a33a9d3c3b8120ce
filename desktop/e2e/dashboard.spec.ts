/**
 * Issue 11 §6 and §8: the dashboard at / with a period and both charts drawn from tickets seeded
 * through the sandbox, and the first-run checklist of a new company — visible, ticking itself
 * when a queue is created, dismissed for good. Screenshots: wide, 390 px, dark.
 */
import { expect, test } from './support/test';
import { Api, uniqueCustomer, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { snapshot, watchRealtime, signIn } from './support/ui';

test('a new company: the checklist ticks and goes; the dashboard shows a period and both charts', async ({ page, request }) => {
  // Two API logins (the super user, the company's first admin) and one in the browser (a second admin).
  const stamp = uniqueStamp();
  const first = { name: 'Dona', email: `dona.${stamp}@${E2E_DOMAIN}`, password: 'DonaPainel123!' };
  const viewer = { name: `Gerente ${stamp}`, email: `gerente.${stamp}@${E2E_DOMAIN}`, password: 'GerentePainel1!' };
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Empresa Painel ${stamp}`, first);
  const api = await Api.login(request, first);
  await api.createUser({ ...viewer, profile: 'admin' });
  const sandbox = await api.createSandboxConnection();

  const live = watchRealtime(page);
  await signIn(page, viewer);
  await live;
  // Client-side, through the side menu (no second full page load).
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);

  const checklist = page.getByTestId('onboarding');
  const step = (name: string) => checklist.locator(`[data-testid="onboarding-step"][data-step="${name}"]`);
  await test.step('the checklist of a new company: queues to create', async () => {
    await expect(checklist).toBeVisible({ timeout: 20_000 });
    await expect(step('queues')).toHaveAttribute('data-done', 'false');
    await expect(step('users')).toHaveAttribute('data-done', 'true');
    await expect(step('simulator')).toHaveAttribute('data-done', 'false');
    await expect(page.getByTestId('dashboard-no-filter')).toContainText('Parametrize o filtro');
  });

  await test.step('creating a queue ticks its step, live', async () => {
    await api.post('/queue', { name: 'Suporte', color: '#1677ff' });
    await expect(step('queues')).toHaveAttribute('data-done', 'true');
  });

  await test.step('seed: three customers write on the sandbox, two are served and closed', async () => {
    const customers = [uniqueCustomer('Carla'), uniqueCustomer('Davi'), uniqueCustomer('Elisa')];
    for (const c of customers) await api.customerSays(sandbox.id, c, `Olá, sou ${c.name}`);
    for (const c of customers.slice(0, 2)) {
      await expect.poll(async () => (await api.tickets({ showAll: true })).tickets.some((x) => x.contact.number === c.number)).toBe(true);
      const t = await api.liveTicketOf(c.number);
      await api.updateTicket(t.id, { status: 'open', userId: api.user.id });
      await api.updateTicket(t.id, { status: 'closed', userId: api.user.id });
    }
  });

  await test.step('a period: cards and the attendants table', async () => {
    await page.getByTestId('dashboard-period').click();
    await page.locator('.ant-select-item-option', { hasText: 'Últimos 7 dias' }).click();
    await expect(page.getByTestId('card-finished')).toContainText('2');
    await expect(page.getByTestId('card-waiting')).toContainText('1');
    await expect(page.getByTestId('attendants-table').locator(`[data-testid="attendant-row"][data-id="${api.user.id}"]`)).toContainText('Dona');
  });

  await test.step('both charts filtered: bars drawn from the seeded tickets', async () => {
    for (const chart of ['chart-users', 'chart-day']) {
      await page.getByTestId(`${chart}-filter`).click();
      await expect(page.getByTestId(chart)).toHaveAttribute('data-count', chart === 'chart-users' ? '2' : '3');
      await expect(page.getByTestId(`${chart}-bars`).locator('.recharts-bar-rectangle').first()).toBeVisible();
    }
    await expect(step('simulator')).toHaveAttribute('data-done', 'true');
    await snapshot(page, 'dashboard-wide');
  });

  await test.step('the CSV export of the attendants', async () => {
    const download = page.waitForEvent('download');
    await page.getByTestId('attendants-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('atendentes.csv');
  });

  await test.step('dismissed, it stays gone after a reload', async () => {
    await page.getByTestId('onboarding-dismiss').click();
    await expect(checklist).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect(page.getByTestId('chart-day')).toHaveAttribute('data-count', '3');
    await expect(checklist).toHaveCount(0);
  });

  await test.step('390 px wide, and dark', async () => {
    // Loaded at 390 px the menu starts closed (the mobile layout's drawer).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('dashboard-period').click();
    await page.locator('.ant-select-item-option', { hasText: 'Últimos 30 dias' }).click();
    await expect(page.getByTestId('card-finished')).toContainText('2');
    await snapshot(page, 'dashboard-390');
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await page.getByTestId('dashboard-period').click();
    await page.locator('.ant-select-item-option', { hasText: 'Últimos 15 dias' }).click();
    await expect(page.getByTestId('card-finished')).toContainText('2');
    await expect(page.getByTestId('chart-users-bars')).toBeVisible();
    await snapshot(page, 'dashboard-dark');
  });
});
