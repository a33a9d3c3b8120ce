import { expect, test } from './support/test';
import type { CsatRatingsDto, SandboxOutboxItem } from '@balcao/shared';
import { agentPage, customerTicket, deskWorld } from './support/desk';
import { composerInput, snapshot } from './support/ui';

/**
 * Issue 30 §4–5 in Chromium: with the survey enabled on Settings → Opções, the agent resolves the
 * customer's ticket; the customer's phone gets the 1–5 question, answers "5" and a comment; the
 * ticket stays resolved (no new ticket in the lists) and the rating appears on the dashboard's
 * service quality card.
 */
test('CSAT: the customer rates after close without reopening, and the rating is in the report', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const world = await deskWorld(request);
  const { page } = await agentPage(browser, world.ana);

  await test.step('the survey is enabled on Settings → Opções', async () => {
    await page.goto('/settings');
    const select = page.getByTestId('setting-csat');
    await select.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Habilitada', { exact: true }).click();
    await expect(page.getByText('Operação atualizada com sucesso.')).toBeVisible();
  });

  const { customer, ticket } = await customerTicket(world, 'Quero trocar um produto');

  await test.step('the agent answers and resolves the ticket; the phone gets the question', async () => {
    await world.api.put(`/tickets/${ticket.id}`, { status: 'open', userId: world.ana.id, queueId: world.queues[0]!.id });
    await page.goto(`/tickets/${ticket.uuid}`);
    await composerInput(page).fill('Claro, já registrei a troca.');
    await composerInput(page).press('Enter');
    await page.getByTestId('close-button').click();
    await expect.poll(async () => (await world.api.outbox(world.whatsappId, customer.number)).map((m: SandboxOutboxItem) => m.body).join('\n')).toContain('de 1 a 5');
  });

  await test.step('the customer answers 5 and comments: the ticket stays resolved, no new one opens', async () => {
    await world.api.customerSays(world.whatsappId, customer, '5');
    await expect.poll(async () => (await world.api.outbox(world.whatsappId, customer.number)).map((m: SandboxOutboxItem) => m.body).join('\n')).toContain('Obrigado pela sua avaliação');
    await world.api.customerSays(world.whatsappId, customer, 'Muito rápido, obrigado!');
    await expect.poll(async () => (await world.api.get<CsatRatingsDto>('/csat/ratings')).comments.map((c) => c.comment)).toEqual(['Muito rápido, obrigado!']);
    const live = (await world.api.tickets({ showAll: true })).tickets.filter((t) => t.contact.number === customer.number && t.status !== 'closed');
    expect(live).toEqual([]);
    expect((await world.api.ticketByUuid(ticket.uuid)).status).toBe('closed');
  });

  await test.step("the rating is on the dashboard's service quality", async () => {
    await page.goto('/');
    await page.getByTestId('dashboard-period').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Últimos 7 dias', { exact: true }).click();
    const card = page.getByTestId('quality-card');
    await expect(card.getByTestId('quality-csat')).toContainText('5');
    await expect(card.getByTestId('quality-table')).toContainText(world.ana.name);
    await card.scrollIntoViewIfNeeded();
    await snapshot(page, 'csat-quality-1280');
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('dashboard-period').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Últimos 7 dias', { exact: true }).click();
    await page.getByTestId('quality-card').scrollIntoViewIfNeeded();
    await snapshot(page, 'csat-quality-dark-390');
  });

  await test.step('Settings offers the Cloud template for outside the 24-hour window while the survey is on', async () => {
    await page.goto('/settings');
    await expect(page.getByTestId('setting-csatTemplate')).toBeVisible();
    await page.getByTestId('setting-csatTemplate').scrollIntoViewIfNeeded();
    await snapshot(page, 'csat-template-setting-dark-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await snapshot(page, 'csat-template-setting-dark-1280');
  });
});
