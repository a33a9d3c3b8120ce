import { expect, test } from './support/test';
import { agentPage, customerTicket, deskWorld } from './support/desk';
import { showList, snapshot, ticketItem } from './support/ui';

/**
 * Issue 10's leftovers (decisions 0150–0153): the contacts page imports the sandbox phone's
 * address book with a progress bar; a contact tagged in the conversation's drawer shows the tag
 * on its ticket's list item.
 */

test("import from the phone: confirmed, the bar reports it, and the sandbox phone's contacts appear", async ({ browser, request }) => {
  const world = await deskWorld(request);
  const ana = await agentPage(browser, world.ana);
  try {
    const { page } = ana;
    await page.goto('/contacts');
    await expect(page.getByTestId('contacts-table')).toBeVisible();
    await page.getByTestId('contacts-import-phone').click();
    await expect(page.getByText('Deseja importar todos os contatos do telefone?')).toBeVisible();
    await page.getByTestId('contacts-import-phone-confirm').click();
    const bar = page.getByTestId('contacts-import-phone-progress');
    await expect(bar).toHaveAttribute('data-state', 'done');
    // Six people; the group, the broadcast list and the hidden entry skipped.
    await expect(bar).toContainText('6 contato(s) importado(s), 3 ignorado(s).');
    const table = page.getByTestId('contacts-table');
    for (const name of ['Beatriz Carvalho', 'Camila Rocha', 'Padaria Pão Dourado', 'Rafael Nogueira']) await expect(table).toContainText(name);
    await expect(table).toContainText('5561970000105');
    await expect(table).not.toContainText('Família');
    await snapshot(page, 'contacts-phone-import');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    await expect(page.getByTestId('contacts-table')).toContainText('Beatriz Carvalho');
    await expect(page.getByTestId('contacts-import-phone')).toBeVisible();
    await snapshot(page, 'contacts-phone-import-390');
  } finally {
    await ana.context.close();
  }
});

test("a contact tagged in the drawer shows the tag on its ticket's list item", async ({ browser, request }) => {
  const world = await deskWorld(request);
  const tag = await world.api.post<{ id: number; name: string }>('/tags', { name: `VIP ${world.stamp}`, color: '#722ed1' });
  const { ticket } = await customerTicket(world, 'Quero ser cliente especial');
  await world.api.put(`/tickets/${ticket.id}`, { status: 'open', userId: world.ana.id, queueId: world.queues[0]!.id });
  const ana = await agentPage(browser, world.ana);
  try {
    const { page } = ana;
    await page.getByTestId('theme-toggle').click();
    const list = await showList(page, 'open');
    const item = ticketItem(list, ticket.id);
    await item.click();
    await page.getByTestId('contact-drawer-open').click();
    const drawer = page.getByTestId('contact-drawer');
    const select = drawer.getByTestId('drawer-contact-tags');
    await expect(select).toBeVisible();
    await select.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: tag.name }).first().click();
    await expect(select).toContainText(tag.name);
    await expect(item.getByTestId('ticket-contact-tag')).toHaveText(tag.name);
    await expect(select).not.toHaveClass(/ant-select-disabled/);
    await snapshot(page, 'drawer-contact-tags-dark');
    const saved = await world.api.get<{ tags: { id: number }[] }>(`/contacts/${ticket.contact.id}`);
    expect(saved.tags.map((t) => t.id)).toEqual([tag.id]);
    await page.keyboard.press('Escape');
    await expect(item.getByTestId('ticket-contact-tag')).toHaveText(tag.name);
  } finally {
    await ana.context.close();
  }
});
