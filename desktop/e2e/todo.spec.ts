import { expect, test } from './support/test';
import { Api, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { agentPage } from './support/desk';
import { snapshot } from './support/ui';

// Issue 15 part 2: /todolist keeps an agent's tasks on the device (localStorage in the browser,
// electron-store in the app): added, edited and deleted, they survive a reload.

test('to-do items are added, edited, deleted and survive a reload', async ({ browser, request }) => {
  const stamp = uniqueStamp();
  const admin = { name: `Tereza ${stamp}`, email: `tereza.${stamp}@${E2E_DOMAIN}`, password: 'TerezaTodo123!' };
  // One API login (the super user's) and the browser's: the company's own admin is never logged in twice.
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Tarefas ${stamp}`, admin);
  const { page, context } = await agentPage(browser, admin);
  const items = page.getByTestId('todo-item');

  await page.goto('/todolist');
  await expect(page.getByTestId('todo-empty')).toBeVisible();
  await expect(page.getByTestId('todo-submit')).toHaveText('Adicionar');
  await page.getByTestId('todo-input').fill('Ligar para a Ana às 15h');
  await page.getByTestId('todo-input').press('Enter');
  await page.getByTestId('todo-input').fill('   ');
  await page.getByTestId('todo-submit').click();
  await page.getByTestId('todo-input').fill('Enviar o boleto do Bruno');
  await page.getByTestId('todo-submit').click();
  await expect(items).toHaveText([/Enviar o boleto do Bruno/, /Ligar para a Ana às 15h/]);

  await items.filter({ hasText: 'Ligar' }).getByTestId('todo-edit').click();
  await expect(page.getByTestId('todo-submit')).toHaveText('Salvar');
  await page.getByTestId('todo-input').fill('Ligar para a Ana às 16h');
  await page.getByTestId('todo-submit').click();
  await expect(page.getByTestId('todo-submit')).toHaveText('Adicionar');

  await page.reload();
  await expect(items).toHaveText([/Enviar o boleto do Bruno/, /Ligar para a Ana às 16h/]);
  await snapshot(page, 'todo-wide');

  await items.filter({ hasText: 'boleto' }).getByTestId('todo-delete').click();
  await page.getByTestId('todo-delete-confirm').click();
  await expect(items).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
  await page.reload();
  await expect(items).toHaveText([/Ligar para a Ana às 16h/]);
  await snapshot(page, 'todo-390-dark');
  await context.close();
});
