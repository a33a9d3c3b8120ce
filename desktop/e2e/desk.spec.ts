import { expect, test } from '@playwright/test';
import { agentPage, customerTicket, deskWorld } from './support/desk';
import { composerInput, showList, ticketItem } from './support/ui';

/**
 * Issue 10's acceptance ("the agent's desk") in Chromium, each part a test of its own on a company
 * of its own: collision, search, the contact drawer, transfer with the customer notified, the spy
 * modal and close-all, the contacts page's import/export, the new-ticket holder, notifications.
 */

test('the other agent sees "está vendo" and then "está digitando…" live, and nothing once the first leaves', async ({ browser, request }) => {
  const world = await deskWorld(request);
  const { ticket } = await customerTicket(world, 'Olá, preciso de ajuda com meu pedido');
  // Ana holds it (so her message box is enabled); Bruno, an admin, sees it in "Todos".
  await world.api.put(`/tickets/${ticket.id}`, { status: 'open', userId: world.ana.id, queueId: world.queues[0]!.id });
  const ana = await agentPage(browser, world.ana);
  const bruno = await agentPage(browser, world.bruno);
  try {
    await ticketItem(await showList(bruno.page, 'open'), ticket.id).click();
    await expect(composerInput(bruno.page)).toBeVisible();
    const notice = bruno.page.getByTestId('collision-notice');
    await expect(notice).toHaveCount(0);

    await ticketItem(await showList(ana.page, 'open'), ticket.id).click();
    await expect(composerInput(ana.page)).toBeEnabled();
    await expect(notice).toHaveText(`${world.ana.name} está vendo`);
    await expect(notice).toHaveAttribute('data-state', 'viewing');
    // And Ana sees Bruno the same way.
    await expect(ana.page.getByTestId('collision-notice')).toHaveText(`${world.bruno.name} está vendo`);

    await composerInput(ana.page).pressSequentially('Um momento, por favor', { delay: 30 });
    await expect(notice).toHaveText(`${world.ana.name} está digitando…`);
    await expect(notice).toHaveAttribute('data-state', 'typing');

    await ana.context.close();
    await expect(notice).toHaveCount(0);
  } finally {
    await ana.context.close();
    await bruno.context.close();
  }
});

test('search finds a ticket by a word inside a message, accents aside, and the tag filter narrows to the tagged one', async ({ browser, request }) => {
  const world = await deskWorld(request);
  const word = `orçamento${world.stamp}`;
  const tagged = await customerTicket(world, `Bom dia, quero um ${word} para a reforma`, 'Marcado');
  const plain = await customerTicket(world, `Boa tarde, o ${word} chegou?`, 'Simples');
  const tag = await world.api.post<{ id: number; name: string }>('/tags', { name: `Reforma ${world.stamp}`, color: '#52c41a' });
  await world.api.post('/tags/sync', { ticketId: tagged.ticket.id, tags: [{ id: tag.id }] });
  const ana = await agentPage(browser, world.ana);
  try {
    const { page } = ana;
    await page.getByTestId('tab-search').click();
    // Typed without the cedilla: the search ignores accents.
    await page.getByTestId('search-input').fill(`orcamento${world.stamp}`);
    const results = page.getByTestId('ticket-list-search');
    await expect(ticketItem(results, tagged.ticket.id)).toBeVisible();
    await expect(ticketItem(results, plain.ticket.id)).toBeVisible();
    await expect(results.getByTestId('ticket-item')).toHaveCount(2);

    await page.getByTestId('search-tags').click();
    await page.keyboard.type(tag.name);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(results.getByTestId('ticket-item')).toHaveCount(1);
    await expect(ticketItem(results, tagged.ticket.id)).toBeVisible();
  } finally {
    await ana.context.close();
  }
});
