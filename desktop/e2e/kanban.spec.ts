import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { TicketDto } from '@balcao/shared';
import { Api, uniqueCustomer, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { agentPage } from './support/desk';
import { snapshot, watchRealtime, signIn } from './support/ui';

/**
 * Issue 13 §7 (administration.md §2 Kanban, §4 "Kanban drag"): a company of its own with two
 * kanban tags and two customers' tickets. An admin drags a card with the mouse from 'Em aberto'
 * to a lane: the ticket gets the tag, the spec's toast shows, and a second admin's board (another
 * browser context) moves it live; then back to 'Em aberto'. Screenshots wide, 390 px, dark.
 */

const lane = (page: Page, name: string): Locator => page.getByTestId('kanban-lane').filter({ has: page.getByTestId('kanban-lane-name').getByText(name, { exact: true }) });
const card = (scope: Locator, ticketId: number): Locator => scope.locator(`[data-testid="kanban-card"][data-id="${ticketId}"]`);

/** A mouse drag the way a person does it: press on the card, move in steps past the 5 px threshold, release over the lane. */
const drag = async (page: Page, from: Locator, to: Locator) => {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + 20);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + 30, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + 80, { steps: 12 });
  await page.mouse.up();
};

test('a card dragged to another lane moves, the ticket gets the tag, and another browser sees it live', async ({ browser, page, request }) => {
  const stamp = uniqueStamp();
  const ana = { name: 'Ana Quadro', email: `kanban.ana.${stamp}@${E2E_DOMAIN}`, password: 'Kanban12345!' };
  const bruno = { name: 'Bruno Quadro', email: `kanban.bruno.${stamp}@${E2E_DOMAIN}`, password: 'Kanban12345!' };
  // One session per user (decision 0004): the API works as a third admin, never as a browser's user.
  const helper = { name: 'Apoio Quadro', email: `kanban.apoio.${stamp}@${E2E_DOMAIN}`, password: 'Kanban12345!' };
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Empresa Kanban ${stamp}`, helper);
  const api = await Api.login(request, helper);
  await api.createUser({ ...ana, profile: 'admin' });
  await api.createUser({ ...bruno, profile: 'admin' });
  const sandbox = await api.createSandboxConnection();
  const proposta = await api.post<{ id: number }>('/tags', { name: 'Proposta', color: '#1677ff', kanban: true });
  await api.post('/tags', { name: 'Fechado', color: '#52c41a', kanban: true });
  const maria = uniqueCustomer('Maria');
  const joao = uniqueCustomer('João');
  await api.customerSays(sandbox.id, maria, 'Quero um orçamento de 20 cadeiras');
  await api.customerSays(sandbox.id, joao, 'Vocês entregam no sábado?');
  let found: TicketDto | undefined;
  await expect
    .poll(async () => {
      found = (await api.tickets({ showAll: true })).tickets.find((t) => t.contact.number === maria.number);
      return found?.id;
    })
    .toBeTruthy();
  const ticket = found!;

  const realtime = watchRealtime(page);
  await signIn(page, ana);
  await realtime;
  const { context: other, page: brunoPage } = await agentPage(browser, bruno);

  await test.step("both boards: 'Em aberto' holds the new tickets, one lane per kanban tag", async () => {
    for (const [p, who] of [[page, 'ana'], [brunoPage, 'bruno']] as const) {
      await p.goto('/kanban');
      try {
        await expect(p.getByTestId('kanban-lane-name')).toHaveText(['Em aberto', 'Proposta', 'Fechado']);
        await expect(card(lane(p, 'Em aberto'), ticket.id)).toBeVisible();
      } catch (err) {
        await snapshot(p, `kanban-failed-${who}`);
        throw err;
      }
    }
    const shown = card(lane(page, 'Em aberto'), ticket.id);
    await expect(shown.getByTestId('kanban-card-number')).toHaveText(`Ticket #${ticket.id}`);
    await expect(shown.getByTestId('kanban-card-name')).toHaveText(maria.name);
    await expect(shown).toContainText(maria.number);
    await expect(shown.getByTestId('kanban-card-last')).toHaveText('Quero um orçamento de 20 cadeiras');
    await expect(shown.getByTestId('kanban-card-open')).toHaveText('Ver Ticket');
  });

  await test.step('drag with the mouse to Proposta: the card moves, the ticket has the tag, the other board follows', async () => {
    await drag(page, card(lane(page, 'Em aberto'), ticket.id), lane(page, 'Proposta'));
    await expect(card(lane(page, 'Proposta'), ticket.id)).toBeVisible();
    await expect(page.getByText('Ticket Tag Adicionado com Sucesso!')).toBeVisible();
    await expect.poll(async () => (await api.get<TicketDto>(`/tickets/${ticket.id}`)).tags.map((t) => t.id)).toEqual([proposta.id]);
    await expect(card(lane(brunoPage, 'Proposta'), ticket.id)).toBeVisible();
    await expect(card(lane(brunoPage, 'Em aberto'), ticket.id)).toHaveCount(0);
    await snapshot(page, 'kanban-wide');
  });

  await test.step("and back to 'Em aberto': the tag goes", async () => {
    await drag(page, card(lane(page, 'Proposta'), ticket.id), lane(page, 'Em aberto'));
    await expect(card(lane(page, 'Em aberto'), ticket.id)).toBeVisible();
    await expect(page.getByText('Ticket Tag Removido!')).toBeVisible();
    await expect.poll(async () => (await api.get<TicketDto>(`/tickets/${ticket.id}`)).tags).toEqual([]);
    await expect(card(lane(brunoPage, 'Em aberto'), ticket.id)).toBeVisible();
  });

  await test.step("'Ver Ticket' opens the conversation", async () => {
    await card(lane(brunoPage, 'Em aberto'), ticket.id).getByTestId('kanban-card-open').click();
    await expect(brunoPage).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  });

  await test.step('390 px: the lanes scroll sideways; dark mode', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    const board = page.getByTestId('kanban-board');
    await expect.poll(() => board.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await snapshot(page, 'kanban-390');
    // The theme follows the system at load: dark from the next load on.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await expect(card(lane(page, 'Em aberto'), ticket.id)).toBeVisible();
    await snapshot(page, 'kanban-dark');
  });
  await other.close();
});
