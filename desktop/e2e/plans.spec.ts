import { expect, test } from './support/test';
import type { PlanDto } from '@balcao/shared';
import { Api, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { snapshot, signIn } from './support/ui';

/**
 * Issue 11 part 5: plans enforced. A company on a plan without kanban does not see the menu item,
 * and a direct visit to /kanban shows the spec's toast and lands on / after a second (the server
 * refuses the feature's routes too: server tests). The super user creates a plan in the 'Planos'
 * tab (today mounted alone at /settings until the Settings page lands).
 */

const DENIED = 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.';
const stamp = uniqueStamp();
const planBody = (name: string, over: Partial<PlanDto> = {}) => ({
  name, users: 5, connections: 2, queues: 3, value: 59.9,
  useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true, useInternal: true,
  ...over,
});

test('a plan without kanban hides the menu item and a direct visit goes back to / with the toast', async ({ page, request }) => {
  const admin = { name: 'Admin Planos', email: `planos.${stamp}@${E2E_DOMAIN}`, password: 'Planos123!' };
  const owner = await Api.login(request, superUser());
  const plan = await owner.post<PlanDto>('/plans', planBody(`Sem Kanban ${stamp}`, { useKanban: false }));
  await owner.post('/companies', { name: `Empresa Planos ${stamp}`, planId: plan.id, admin });

  await signIn(page, admin);
  const menu = page.getByRole('menu').first();
  await expect(menu.getByText('Conexões')).toBeVisible();
  await expect(menu.getByText('Respostas Rápidas')).toBeVisible();
  await expect(menu.getByText('Kanban', { exact: true })).toHaveCount(0);

  await page.goto('/kanban');
  await expect(page.getByText(DENIED)).toBeVisible();
  await snapshot(page, 'kanban-denied');
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByTestId('plan-denied')).toHaveCount(0);
});

test('the super user creates a plan in the Planos tab', async ({ page }) => {
  const name = `Ouro ${stamp}`;
  await signIn(page, superUser(), '/settings');
  await page.getByTestId('settings-tab-plans').click();
  const tab = page.getByTestId('plans-tab');
  await expect(tab.getByTestId('plan-row').first()).toBeVisible();
  // The plan of the first test carries its company: it cannot be deleted.
  const busy = tab.getByTestId('plan-row').filter({ hasText: `Sem Kanban ${stamp}` });
  await expect(busy.getByTestId('plan-delete')).toBeDisabled();

  await tab.getByTestId('plans-add').click();
  const form = page.getByTestId('plan-form');
  await expect(form).toBeVisible();
  await page.getByTestId('plan-name').fill(name);
  await page.getByTestId('plan-users').fill('8');
  await page.getByTestId('plan-connections').fill('3');
  await page.getByTestId('plan-queues').fill('6');
  await page.getByTestId('plan-value').fill('129,90');
  await page.getByTestId('plan-flag-useOpenAi').click();
  await snapshot(page, 'plan-form');
  await page.getByTestId('plan-save').click();
  await expect(page.getByText('Operação realizada com sucesso!')).toBeVisible();
  const row = tab.getByTestId('plan-row').filter({ hasText: name });
  await expect(row).toContainText('R$ 129,90');
  await expect(row).toContainText('Kanban');
  await expect(row).not.toContainText('Open.Ai');
  await snapshot(page, 'plans-tab');

  await page.setViewportSize({ width: 390, height: 800 });
  // At phone width the side menu is a drawer: close it to see the tab.
  const drawerClose = page.locator('.ant-drawer-open .ant-drawer-close');
  if (await drawerClose.isVisible()) await drawerClose.click();
  await expect(page.locator('.ant-drawer-content-wrapper')).toBeHidden();
  await expect(row).toBeVisible();
  await snapshot(page, 'plans-tab-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('theme-toggle').click();
  await snapshot(page, 'plans-tab-dark');

  await row.getByTestId('plan-delete').click();
  await page.getByTestId('plan-delete-confirm').click();
  await expect(row).toHaveCount(0);
});
