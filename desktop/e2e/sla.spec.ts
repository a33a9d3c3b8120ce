import { expect, test } from './support/test';
import type { SlaSettingsDto } from '@balcao/shared';
import { agentPage, customerTicket, deskWorld } from './support/desk';
import { composerInput, showList, snapshot, ticketItem } from './support/ui';

/**
 * Issue 30 §3 in Chromium: an admin sets the SLA (company default and business hours on
 * /settings, a queue's own targets in its modal); a customer's new ticket shows its time left in
 * the list and counts down in the conversation's header, amber in its last fifth and red at the
 * breach; the agent's answer meets the first response.
 */
test('SLA: targets set on screen, the list badge and the header countdown turn amber then red', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const world = await deskWorld(request);
  const { page } = await agentPage(browser, world.ana);

  await test.step('the company default and two periods a day on Settings → SLA', async () => {
    await page.goto('/settings');
    await page.getByTestId('settings-tab-sla').click();
    await page.getByTestId('sla-default-firstResponse').fill('1');
    await page.getByTestId('sla-default-resolution').fill('120');
    await snapshot(page, 'sla-settings-1280');
    await page.getByTestId('sla-save').click();
    await expect(page.getByText('SLA salvo.')).toBeVisible();
    const stored = await world.api.get<SlaSettingsDto>('/sla');
    expect(stored.company).toEqual({ firstResponseMinutes: 1, nextResponseMinutes: null, resolutionMinutes: 120 });
  });

  await test.step("a queue's own targets in its modal", async () => {
    await page.goto('/queues');
    await page.getByTestId('queue-row').filter({ hasText: world.queues[1]!.name }).getByTestId('queue-edit').click();
    await page.getByRole('tab', { name: 'SLA' }).click();
    // An empty field shows the company default it keeps (decision 0432).
    await expect(page.getByTestId('queue-sla-resolution')).toHaveAttribute('placeholder', 'Padrão: 120');
    await page.getByTestId('queue-sla-firstResponse').fill('30');
    await snapshot(page, 'sla-queue-modal-1280');
    await page.getByTestId('queue-save').click();
    await expect.poll(async () => (await world.api.get<SlaSettingsDto>('/sla')).queues).toEqual([{ queueId: world.queues[1]!.id, firstResponseMinutes: 30, nextResponseMinutes: null, resolutionMinutes: null }]);
  });

  const { customer, ticket } = await customerTicket(world, 'Preciso de ajuda com o pedido');

  await test.step('the waiting ticket shows its time left; the header counts down, amber then red', async () => {
    await page.goto('/tickets');
    const pending = await showList(page, 'pending');
    const item = ticketItem(pending, ticket.id);
    await expect(item.getByTestId('sla-badge')).toBeVisible();
    await snapshot(page, 'sla-list-1280');
    await item.getByTestId('accept-button').click();
    await expect(page.getByTestId('conversation').getByTestId('sla-badge')).toBeVisible();
    // A minute of the page's time, not of the run's: a second browser of the same agent's session
    // (its stored tokens, no new login) with its own clock, moved to the last fifth and past the
    // deadline (the badge reads Date.now() each second). A clock is the whole context's, so the
    // agent's own browser keeps the real one and its live connection for the answer.
    const watcher = await browser.newContext({ baseURL: test.info().project.use.baseURL, storageState: await page.context().storageState() });
    const watch = await watcher.newPage();
    await watch.clock.install();
    await watch.goto(`/tickets/${ticket.uuid}`);
    const header = watch.getByTestId('conversation').getByTestId('sla-badge');
    await expect(header).toBeVisible();
    const first = (await world.api.liveTicketOf(customer.number)).sla!.firstResponse!;
    await watch.clock.setSystemTime(Date.parse(first.warnAt) + 1_000);
    await expect(header).toHaveAttribute('data-level', 'warn');
    await snapshot(watch, 'sla-header-amber-1280');
    await watch.clock.setSystemTime(Date.parse(first.dueAt) + 2_000);
    await expect(header).toHaveAttribute('data-level', 'breach');
    await expect(header).toContainText('atrasado');
    await snapshot(watch, 'sla-header-red-1280');
    // The watcher's first load rotated the session's refresh token: the agent's browser takes the
    // newest one back, or its next reload would present a used one (more than 5 s later on a busy
    // machine: the reuse check ends the whole login, and the page showed the login screen).
    await page.context().addCookies(await watcher.cookies());
    await watcher.close();
  });

  await test.step("the agent's answer meets the first response: the header shows the resolution's time", async () => {
    await composerInput(page).fill(`Olá ${customer.name}, já vejo o seu pedido.`);
    await composerInput(page).press('Enter');
    const header = page.getByTestId('conversation').getByTestId('sla-badge');
    await expect(header).toHaveAttribute('data-level', 'ok');
    await expect(header).toHaveAttribute('aria-label', /^Resolução/);
  });

  await test.step('dark mode at 390 px', async () => {
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/tickets/${ticket.uuid}`);
    await expect(page.getByTestId('conversation').getByTestId('sla-badge')).toBeVisible();
    await snapshot(page, 'sla-header-dark-390');
    await page.goto('/settings');
    await page.getByTestId('settings-tab-sla').click();
    await expect(page.getByTestId('sla-default-firstResponse')).toHaveValue('1');
    await page.getByTestId('sla-add-period').click();
    await snapshot(page, 'sla-settings-dark-390');
  });
});
