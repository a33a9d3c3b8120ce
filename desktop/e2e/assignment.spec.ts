import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { PresenceDto, QueueDto, UserDto } from '@balcao/shared';
import { agentPage, customerTicket, deskWorld, pick } from './support/desk';
import { E2E_DOMAIN } from './support/constants';
import { showList, snapshot, ticketItem } from './support/ui';

/**
 * Issue 30 §1–2 in Chromium (decisions 0380, 0381): an admin sets a queue to round robin in its
 * modal; two agents of that queue (each their own user, in their own browser context) are online;
 * customers writing through the sandbox are given to them in turn, each ticket showing up live in
 * its agent's "Atendendo"; one agent sets "Ausente" in the top bar and the next customers' tickets
 * go only to the other.
 */
test('assignment: round robin spreads customers between two online agents live; an away agent gets none', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const world = await deskWorld(request);
  const queue = world.queues[0]!;

  const agents = await test.step('two agents of the queue and the connection into that queue', async () => {
    await world.api.put(`/whatsapp/${world.whatsappId}`, { queueIds: [queue.id] });
    const made = [];
    // Created in this order, Carla has the lower id: round robin's first pick among the never assigned.
    for (const [name, password] of [['Carla', 'CarlaDesk123!'], ['Diego', 'DiegoDesk123!']] as const) {
      const who = { name: `${name} ${world.stamp}`, email: `${name.toLowerCase()}.${world.stamp}@${E2E_DOMAIN}`, password };
      const user = await world.api.post<UserDto>('/users', { ...who, profile: 'user', queueIds: [queue.id] });
      made.push({ ...who, id: user.id });
    }
    return made;
  });

  await test.step('the admin sets the queue to round robin in its modal on /queues', async () => {
    const { context, page } = await agentPage(browser, world.ana, '/queues');
    await page.getByTestId('queue-row').filter({ hasText: queue.name }).getByTestId('queue-edit').click();
    await pick(page, page.getByTestId('queue-assignment'), 'Rodízio');
    await snapshot(page, 'assignment-queue-modal-1280');
    await page.getByTestId('queue-save').click();
    await expect.poll(async () => (await world.api.get<QueueDto>(`/queue/${queue.id}`)).assignment).toBe('round_robin');
    await context.close();
  });

  const [carla, diego] = agents as [(typeof agents)[number], (typeof agents)[number]];
  const pages = new Map<number, Page>();
  await test.step('both agents log in, each in a browser context of their own, and are online', async () => {
    for (const agent of [carla, diego]) pages.set(agent.id, (await agentPage(browser, agent)).page);
    for (const agent of [carla, diego]) await expect(pages.get(agent.id)!.getByTestId('presence-toggle')).toHaveAttribute('data-status', 'online');
    await expect
      .poll(async () => (await world.api.get<PresenceDto[]>('/users/presence')).filter((p) => p.id === carla.id || p.id === diego.id).map((p) => p.status))
      .toEqual(['online', 'online']);
  });

  const attending = (agent: { id: number }) => pages.get(agent.id)!.getByTestId('ticket-list-open');
  /** A customer writes; the ticket is `agent`'s and shows up live in their "Atendendo" only. */
  const customerGoesTo = async (agent: { id: number; name: string }, other: { id: number }, label: string): Promise<void> => {
    const { ticket } = await customerTicket(world, `Olá, preciso de ajuda (${label})`, label);
    await expect(ticketItem(attending(agent), ticket.id), `${label}'s ticket in ${agent.name}'s Atendendo`).toBeVisible();
    const stored = await world.api.ticketByUuid(ticket.uuid);
    expect({ status: stored.status, userId: stored.userId }).toEqual({ status: 'open', userId: agent.id });
    await expect(ticketItem(attending(other), ticket.id)).toHaveCount(0);
  };

  await test.step('customers from the sandbox go to Carla and Diego in turn, live in each one\'s Atendendo', async () => {
    for (const agent of [carla, diego]) await showList(pages.get(agent.id)!, 'open');
    await customerGoesTo(carla, diego, 'Cliente 1');
    await customerGoesTo(diego, carla, 'Cliente 2');
    await customerGoesTo(carla, diego, 'Cliente 3');
    await customerGoesTo(diego, carla, 'Cliente 4');
    await snapshot(pages.get(carla.id)!, 'assignment-carla-attending-1280');
  });

  await test.step('Diego sets "Ausente" in the top bar: the next customers go only to Carla', async () => {
    const page = pages.get(diego.id)!;
    await page.getByTestId('presence-toggle').click();
    await expect(page.getByText('Você está ausente')).toBeVisible();
    await expect(page.getByTestId('presence-toggle')).toHaveAttribute('data-status', 'away');
    await expect.poll(async () => (await world.api.get<PresenceDto[]>('/users/presence')).find((p) => p.id === diego.id)?.status).toBe('away');
    await snapshot(page, 'assignment-away-1280');
    await customerGoesTo(carla, diego, 'Cliente 5');
    await customerGoesTo(carla, diego, 'Cliente 6');
    await expect(ticketItemsOf(page)).toHaveCount(2);
    await expect(ticketItemsOf(pages.get(carla.id)!)).toHaveCount(4);
  });
});

const ticketItemsOf = (page: Page) => page.getByTestId('ticket-list-open').getByTestId('ticket-item');
