import { expect, test } from './support/test';
import { Api, uniqueCustomer, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { UUID_URL, conversationRows, showList, ticketIdOf, ticketItem, ticketItems, ticketList, uuidFromUrl, watchRealtime, loginInBrowser, signIn } from './support/ui';

/** "Within 2 s" of the customer's message, measured from the inbound call. */
const LIVE_MS = 2_000;
/** The sandbox phone reports "delivered" (3) 300 ms and "read" (4) 1 s after a send. */
const ACK_DELIVERED_OR_MORE = /^[3-5]$/;

/** A regex source matching `text` literally. */
const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The attendance acceptance scenario: a customer writes, an agent accepts, replies and closes;
 * the customer writes again and the new ticket shows the earlier conversation; another
 * company sees none of it.
 */
test('a customer is attended from first message to a second ticket, unseen by another company', async ({ page, browser, request }) => {
  const stamp = uniqueStamp();
  const customer = uniqueCustomer('Cliente A');
  const firstWords = 'Oi';
  const reply = `Olá! Como posso ajudar? ${stamp}`;
  const secondWords = `Voltei com outra dúvida ${stamp}`;
  const companyB = { name: `Empresa B ${stamp}` };
  const adminB = { name: 'Admin B', email: `admin.b.${stamp}@${E2E_DOMAIN}`, password: 'AdminB123!' };
  const helperA = { name: 'API A', email: `api.a.${stamp}@${E2E_DOMAIN}`, password: 'ApiA12345!', profile: 'admin' as const };

  // API sessions come first: a browser login of the same user would end them (one session per user).
  // The browser is this worker's super user (the platform company); the customer is played through another admin of it.
  const { agentId, agentName, apiA, apiB, sandboxA, sandboxB } = await test.step('setup: API users, company B and its sandbox phone', async () => {
    const owner = await Api.login(request, superUser());
    expect(owner.user.super).toBe(true);
    await owner.createUser(helperA);
    await owner.createCompany(companyB.name, adminB);
    const apiA = await Api.login(request, helperA);
    const apiB = await Api.login(request, adminB);
    expect(apiB.user.companyId).not.toBe(apiA.user.companyId);
    const sandboxA = await apiA.sandboxConnection();
    const sandboxB = await apiB.createSandboxConnection();
    expect(sandboxB.provider).toBe('sandbox');
    return { agentId: owner.user.id, agentName: owner.user.name, apiA, apiB, sandboxA, sandboxB };
  });

  const realtime = watchRealtime(page);

  await test.step('1. the admin logs in and reaches /tickets', async () => {
    await loginInBrowser(page, superUser());
    await expect(page.getByTestId('tab-open')).toBeVisible();
    await realtime; // live events reach the page from here on
  });

  let firstId = 0;
  let firstUuid = '';
  let secondId = 0;
  await test.step('2. "Oi" from the customer shows under Aguardando without reload within 2 s', async () => {
    const pending = await showList(page, 'pending');
    const before = await apiA.listCounts();
    await expect(page.getByTestId('count-pending')).toHaveText(String(before.pending)); // lists loaded
    const item = ticketItems(pending).filter({ hasText: customer.name });
    await expect(item).toHaveCount(0);

    const navigations: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
    const startedAt = Date.now();
    const inbound = apiA.inbound(sandboxA.id, customer, firstWords); // the clock starts here
    await expect(item).toBeVisible({ timeout: LIVE_MS });
    test.info().annotations.push({ type: 'live pending latency (ms)', description: String(Date.now() - startedAt) });
    expect((await inbound).status()).toBe(202);

    await expect(item).toHaveAttribute('data-status', 'pending');
    await expect(item).toContainText(firstWords);
    await expect(page.getByTestId('count-pending')).toHaveText(String(before.pending + 1));
    expect(navigations, 'no reload or navigation brought the ticket').toEqual([]);
    await expect(page).toHaveURL(/\/tickets$/);
    firstId = await ticketIdOf(item);
  });

  await test.step('3. accepting moves it to Atendendo (open) and opens its conversation', async () => {
    const pending = ticketList(page, 'pending');
    const before = await apiA.listCounts();
    await ticketItem(pending, firstId).getByTestId('accept-button').click();

    await expect(page).toHaveURL(UUID_URL);
    firstUuid = uuidFromUrl(page);
    const open = ticketList(page, 'open');
    await expect(open).toBeVisible(); // the view switched to "Atendendo"
    await expect(ticketItem(open, firstId)).toHaveAttribute('data-status', 'open');
    await expect(page.getByTestId('count-open')).toHaveText(String(before.open + 1));
    await expect(page.getByTestId('count-pending')).toHaveText(String(before.pending - 1));

    const conversation = page.getByTestId('conversation');
    await expect(conversation).toHaveAttribute('data-ticket-id', String(firstId));
    await expect(conversation.getByTestId('conversation-title')).toContainText(`${customer.name} #${firstId}`);
    await expect(conversationRows(page)).toHaveText([new RegExp(`^${firstWords}`)]);
    await expect(conversation.getByTestId('close-button')).toBeVisible();
    await expect(conversation.getByTestId('accept-button')).toHaveCount(0);

    const ticket = await apiA.ticketByUuid(firstUuid);
    expect(ticket).toMatchObject({ id: firstId, status: 'open', userId: agentId }); // assigned to the browser's user
  });

  await test.step('4. a reply typed + Enter shows with a live ack ≥ 3 and reaches the customer', async () => {
    const input = page.getByTestId('message-input');
    await expect(input).toBeEnabled();
    await input.fill(reply);
    await input.press('Enter');
    await expect(input).toHaveValue('');

    const sent = page.getByTestId('message-list').getByTestId('message').filter({ hasText: reply });
    await expect(sent).toBeVisible();
    await expect(sent).toHaveAttribute('data-from-me', 'true');
    await expect(sent).toHaveAttribute('data-ack', ACK_DELIVERED_OR_MORE);

    await expect
      .poll(async () => (await apiA.outbox(sandboxA.id, customer.number)).map((m) => m.body), {
        message: `outbox of ${customer.number}`,
      })
      .toContain(`*${agentName}:*\n${reply}`); // the sign switch is on by default (attendance §9 signOption)
  });

  await test.step('5. closing puts it under Resolvidos', async () => {
    const before = await apiA.listCounts();
    await page.getByTestId('conversation').getByTestId('close-button').click();
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(ticketItem(ticketList(page, 'open'), firstId)).toHaveCount(0);
    await expect(page.getByTestId('count-open')).toHaveText(String(before.open - 1));

    const closed = await showList(page, 'closed');
    await expect(ticketItem(closed, firstId)).toBeVisible();
    await expect(ticketItem(closed, firstId)).toHaveAttribute('data-status', 'closed');
  });

  await test.step('6. the customer writes again: a new ticket whose conversation shows the earlier one above a marker', async () => {
    const pending = await showList(page, 'pending');
    const item = ticketItems(pending).filter({ hasText: customer.name });
    await expect(item).toHaveCount(0);

    await apiA.customerSays(sandboxA.id, customer, secondWords);
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('data-status', 'pending');
    secondId = await ticketIdOf(item);
    expect(secondId).not.toBe(firstId);

    await item.getByTestId('accept-button').click();
    await expect(page).toHaveURL(UUID_URL);
    expect(uuidFromUrl(page)).not.toBe(firstUuid);
    await expect(page.getByTestId('conversation')).toHaveAttribute('data-ticket-id', String(secondId));
    await expect(ticketItem(ticketList(page, 'open'), secondId)).toHaveAttribute('data-status', 'open');

    const rows = conversationRows(page);
    await expect(rows).toHaveText([
      new RegExp(`^${firstWords}`),
      // Signed (the switch is on by default); WhatsApp's *bold* is drawn, so the asterisks may not show.
      new RegExp(`^\\*?${literal(agentName)}:\\*?\\s*${literal(reply)}`),
      new RegExp(`#${secondId}$`),
      new RegExp(`^${literal(secondWords)}`),
    ]);
    await expect(rows.nth(0)).toHaveAttribute('data-from-me', 'false');
    await expect(rows.nth(1)).toHaveAttribute('data-from-me', 'true');
    await expect(rows.nth(2)).toHaveAttribute('data-testid', 'ticket-marker');
    await expect(rows.nth(3)).toHaveAttribute('data-from-me', 'false');
  });

  await test.step('7. company B sees none of it, in its lists or through the API', async () => {
    const ticketIdsOfA = (await apiA.tickets({ showAll: true })).tickets
      .filter((t) => t.contact.number === customer.number)
      .map((t) => t.id);
    expect(ticketIdsOfA.sort((a, b) => a - b)).toEqual([firstId, secondId]);

    // B's own traffic, one ticket per list, so an empty list cannot pass for an isolated one.
    const [waitingB, attendedB, resolvedB] = [uniqueCustomer('Cliente B'), uniqueCustomer('Cliente B'), uniqueCustomer('Cliente B')];
    for (const c of [waitingB, attendedB, resolvedB]) await apiB.customerSays(sandboxB.id, c, `Olá da empresa B ${stamp}`);
    const attendedTicket = await apiB.liveTicketOf(attendedB.number);
    await apiB.updateTicket(attendedTicket.id, { status: 'open', userId: apiB.user.id });
    const resolvedTicket = await apiB.liveTicketOf(resolvedB.number);
    await apiB.updateTicket(resolvedTicket.id, { status: 'closed' });

    const seenByB = await apiB.tickets({ showAll: true });
    expect(seenByB.tickets.map((t) => t.contact.number)).toEqual(
      expect.arrayContaining([waitingB.number, attendedB.number, resolvedB.number]),
    );
    expect(seenByB.tickets.every((t) => t.companyId === apiB.user.companyId)).toBe(true);
    expect(seenByB.tickets.filter((t) => t.contact.number === customer.number)).toEqual([]);
    expect(seenByB.tickets.filter((t) => ticketIdsOfA.includes(t.id))).toEqual([]);

    const contextB = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const pageB = await contextB.newPage();
      await signIn(pageB, adminB);
      const lists = [
        { key: 'pending', own: waitingB },
        { key: 'open', own: attendedB },
        { key: 'closed', own: resolvedB },
      ] as const;
      for (const { key, own } of lists) {
        const list = await showList(pageB, key);
        await expect(ticketItems(list).filter({ hasText: own.name }), `B's own ${key} ticket`).toBeVisible();
        await expect(ticketItems(list).filter({ hasText: customer.name }), `A's customer in B's ${key} list`).toHaveCount(0);
        for (const id of ticketIdsOfA) await expect(ticketItem(list, id)).toHaveCount(0);
      }
    } finally {
      await contextB.close();
    }
  });
});
