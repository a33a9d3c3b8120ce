import { expect, test } from './support/test';
import type { TicketDto } from '@balcao/shared';
import { E2E_DOMAIN } from './support/constants';
import { agentPage, customerTicket, deskWorld, pick } from './support/desk';
import { showList, snapshot, ticketItem } from './support/ui';

// Issue 11 parts 2 and 4: an admin creates a user in one queue on /users, and that user, in a
// browser of their own, sees only that queue's tickets; /tags: create, edit, delete.

test('a user created on /users with one queue sees only that queue’s tickets', async ({ browser, request }) => {
  const world = await deskWorld(request);
  const [atendimento, financeiro] = world.queues as [{ id: number; name: string }, { id: number; name: string }];
  const place = async (words: string, queueId: number): Promise<TicketDto> => {
    const { ticket } = await customerTicket(world, words);
    return world.api.put<TicketDto>(`/tickets/${ticket.id}`, { queueId });
  };
  const mine = await place('Quero falar com o atendimento', atendimento.id);
  const other = await place('Minha fatura veio errada', financeiro.id);
  const carla = { name: `Carla ${world.stamp}`, email: `carla.${world.stamp}@${E2E_DOMAIN}`, password: 'CarlaUser123!' };

  const ana = await agentPage(browser, world.ana);
  const { page } = ana;
  await test.step('the admin adds the user with one queue', async () => {
    await page.goto('/users');
    const rows = page.getByTestId('user-row');
    await expect(rows.first()).toBeVisible();
    await page.getByTestId('users-add').click();
    await page.getByTestId('user-name').fill(carla.name);
    await page.getByTestId('user-email').fill(carla.email);
    await page.getByTestId('user-password').fill(carla.password);
    await pick(page, page.getByTestId('user-queues'), atendimento.name);
    // Closes the multiple select's dropdown (Escape would close the dialog too).
    await page.locator('.ant-modal-title:visible').click();
    await page.getByTestId('user-save').click();
    await expect(page.getByTestId('user-form')).toBeHidden();
    const row = rows.filter({ hasText: carla.name });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Usuário');
    await expect(row.getByTestId('user-online')).toHaveAttribute('data-online', 'false');
  });

  const carlaPage = await agentPage(browser, carla);
  await test.step('the new user sees the waiting ticket of her queue, not the other queue’s', async () => {
    const pending = await showList(carlaPage.page, 'pending');
    await expect(ticketItem(pending, mine.id)).toBeVisible();
    await expect(ticketItem(pending, other.id)).toHaveCount(0);
    await snapshot(carlaPage.page, 'users-new-user-tickets');
  });

  await test.step('the admin’s list shows her online, live, and finds her by a search without accents', async () => {
    const row = page.getByTestId('user-row').filter({ hasText: carla.name });
    await expect(row.getByTestId('user-online')).toHaveAttribute('data-online', 'true');
    await page.getByTestId('users-search').fill(`carla ${world.stamp}`);
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await page.getByTestId('users-search').fill('');
    await expect(page.getByTestId('user-row')).toHaveCount(5);
    await snapshot(page, 'users-wide');
    // A phone opens the page narrow (the side menu starts closed there): resize, then reload.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    await expect(page.getByTestId('user-row')).toHaveCount(5);
    await snapshot(page, 'users-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
  });

  await test.step('the admin edits her name, then deletes her after the confirmation; her browser is logged out', async () => {
    const row = page.getByTestId('user-row').filter({ hasText: carla.name });
    await row.getByTestId('user-edit').click();
    await expect(page.getByTestId('user-name')).toHaveValue(carla.name);
    await page.getByTestId('user-name').fill(`${carla.name} Souza`);
    await page.getByTestId('user-save').click();
    const renamed = page.getByTestId('user-row').filter({ hasText: `${carla.name} Souza` });
    await expect(renamed).toBeVisible();
    await renamed.getByTestId('user-delete').click();
    await page.getByTestId('user-delete-confirm').click();
    await expect(renamed).toHaveCount(0);
    await expect(carlaPage.page).toHaveURL(/\/login$/, { timeout: 20_000 });
  });
  await carlaPage.context.close();
  await ana.context.close();
});

test('tags: create, edit (colour, kanban) and delete on /tags', async ({ browser, request }) => {
  const world = await deskWorld(request);
  const name = `Prioridade ${world.stamp}`;
  const { context, page } = await agentPage(browser, world.ana);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/tags');
  await expect(page.getByTestId('tags-table')).toContainText('Nenhuma tag ainda: crie a primeira.');

  await test.step('create', async () => {
    await page.getByTestId('tags-add').click();
    await page.getByTestId('tag-name').fill('ab');
    await page.getByTestId('tag-save').click();
    await expect(page.getByText('Mensagem muito curta')).toBeVisible();
    await page.getByTestId('tag-name').fill(name);
    await page.getByTestId('tag-save').click();
    await expect(page.getByTestId('tag-form')).toBeHidden();
    const row = page.getByTestId('tag-row').filter({ hasText: name });
    await expect(row.getByTestId('tag-chip')).toHaveText(name);
    await expect(row.getByTestId('tag-count')).toHaveText('0');
  });

  await test.step('edit: a new name, a preset colour, a kanban lane', async () => {
    const row = page.getByTestId('tag-row').filter({ hasText: name });
    await row.getByTestId('tag-edit').click();
    await page.getByTestId('tag-name').fill(`${name} alta`);
    await page.getByTestId('tag-color').click();
    await page.locator('.ant-color-picker-presets-color').first().click();
    await page.locator('.ant-modal-title:visible').click();
    await page.getByTestId('tag-kanban').click();
    await page.getByTestId('tag-save').click();
    await expect(page.getByTestId('tag-form')).toBeHidden();
    const edited = page.getByTestId('tag-row').filter({ hasText: `${name} alta` });
    await expect(edited.getByTestId('tag-kanban-switch')).toHaveAttribute('aria-checked', 'true');
    const saved = (await world.api.get<{ tags: { name: string; color: string; kanban: number }[] }>('/tags', { searchParam: `${name} alta` })).tags[0]!;
    expect(saved).toMatchObject({ name: `${name} alta`, color: '#f5222d', kanban: 1 });
    await snapshot(page, 'tags-dark');
  });

  await test.step('delete after the confirmation', async () => {
    const row = page.getByTestId('tag-row').filter({ hasText: `${name} alta` });
    await row.getByTestId('tag-delete').click();
    await page.getByTestId('tag-delete-confirm').click();
    await expect(page.getByTestId('tag-row')).toHaveCount(0);
  });
  await context.close();
});
