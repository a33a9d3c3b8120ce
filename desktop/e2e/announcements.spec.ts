import { expect, test } from './support/test';
import { Api, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { agentPage, pick } from './support/desk';
import { PNG_2x1 } from './support/files';
import { snapshot } from './support/ui';

// Issue 14 §6: the super user writes an announcement on /announcements and a user of another
// company, already looking at the top bar's popover, sees it arrive live (no reload) with its
// priority's colour; its picture is served to that company too.

test('an announcement created by the super user appears live in another company’s popover', async ({ browser, request }) => {
  // Two browsers, two logins and a reload at 390 px on a shared, loaded machine.
  test.setTimeout(180_000);
  const stamp = uniqueStamp();
  const other = { name: `Olga ${stamp}`, email: `olga.${stamp}@${E2E_DOMAIN}`, password: 'OlgaAvisos123!' };
  // The super user's API login makes the other company; then each browser logs in once.
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Avisos ${stamp}`, other);

  const reader = await agentPage(browser, other, '/');
  await reader.page.getByTestId('announcements-button').click();
  const list = reader.page.getByTestId('announcements-popover-list');
  await expect(list).toBeVisible();
  const title = `Manutenção ${stamp}`;
  await expect(list.getByTestId('announcement-item').filter({ hasText: title })).toHaveCount(0);

  // A company admin is not the super user: the spec's toast, then the dashboard.
  await reader.page.goto('/announcements');
  await expect(reader.page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')).toBeVisible();
  await expect(reader.page).toHaveURL(/\/$/);
  await reader.page.getByTestId('announcements-button').click();
  await expect(list).toBeVisible();

  const writer = await agentPage(browser, superUser());
  const page = writer.page;
  await page.goto('/announcements');
  await expect(page.getByTestId('announcements-table')).toBeVisible();
  await page.getByTestId('announcements-add').click();
  await page.getByTestId('announcement-save').click();
  await expect(page.getByTestId('announcement-form').getByText('Obrigatório')).toHaveCount(2);
  await page.getByTestId('announcement-title').fill(title);
  await page.getByTestId('announcement-text').fill('O sistema ficará indisponível no sábado das 22h às 23h.');
  await pick(page, page.getByTestId('announcement-priority-select'), 'Alta');
  await page.getByTestId('announcement-file').setInputFiles({ name: 'manutencao.png', mimeType: 'image/png', buffer: PNG_2x1 });
  await expect(page.getByTestId('announcement-attachment-name')).toHaveText('manutencao.png');
  await snapshot(page, 'announcements-modal-wide');
  await page.getByTestId('announcement-save').click();
  const row = page.getByTestId('announcement-row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('announcement-priority')).toHaveText('Alta');
  await expect(row).toContainText('manutencao.png');
  await snapshot(page, 'announcements-wide');

  // The other company's popover, still open, got it without a reload: on top, red, with its picture.
  const item = list.getByTestId('announcement-item').filter({ hasText: title });
  await expect(item).toBeVisible({ timeout: 15_000 });
  await expect(item).toHaveAttribute('data-priority', '1');
  await expect(item.getByTestId('announcement-picture')).toBeVisible({ timeout: 15_000 });
  await expect(reader.page.getByTestId('announcements-count')).toContainText(/[1-9]/);
  await snapshot(reader.page, 'announcements-popover-wide');

  // Made inactive: it leaves the popover live too.
  await row.getByTestId('announcement-edit').click();
  await page.getByTestId('announcement-status-switch').click();
  await page.getByTestId('announcement-save').click();
  await expect(row).toHaveAttribute('data-status', 'inactive');
  await expect(item).toHaveCount(0, { timeout: 15_000 });

  // 390 px, dark: the table folds its columns under the title; the popover fits the screen.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.reload();
  await expect(page.getByTestId('announcement-row').filter({ hasText: title })).toBeVisible();
  await snapshot(page, 'announcements-390-dark');
  await page.getByTestId('announcements-button').click();
  await expect(page.getByTestId('announcements-popover-list')).toBeVisible();
  await snapshot(page, 'announcements-popover-390-dark');

  await writer.context.close();
  await reader.context.close();
});
