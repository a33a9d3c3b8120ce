import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { uniqueCustomer } from './support/api';
import { agentPage, customerTicket, deskWorld, pick } from './support/desk';
import { Phone } from './support/simulator';
import { composerInput, showList, ticketItem, storeSession } from './support/ui';

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

test('search finds a ticket by a word inside a message, accents aside, and the tag and user filters narrow it', async ({ browser, request }) => {
  const world = await deskWorld(request);
  const word = `orçamento${world.stamp}`;
  const tagged = await customerTicket(world, `Bom dia, quero um ${word} para a reforma`, 'Marcado');
  const plain = await customerTicket(world, `Boa tarde, o ${word} chegou?`, 'Simples');
  const tag = await world.api.post<{ id: number; name: string }>('/tags', { name: `Reforma ${world.stamp}`, color: '#52c41a' });
  await world.api.post('/tags/sync', { ticketId: tagged.ticket.id, tags: [{ id: tag.id }] });
  // The untagged one is Bruno's: the user filter finds it alone.
  await world.api.put(`/tickets/${plain.ticket.id}`, { status: 'open', userId: world.bruno.id, queueId: world.queues[0]!.id });
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

    // Without the tag, filtered by user: Bruno's ticket alone.
    await page.getByTestId('search-tags').hover();
    await page.getByTestId('search-tags').locator('.ant-select-clear').click();
    await expect(results.getByTestId('ticket-item')).toHaveCount(2);
    await page.getByTestId('search-users').click();
    await page.keyboard.type(world.bruno.name);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(results.getByTestId('ticket-item')).toHaveCount(1);
    await expect(ticketItem(results, plain.ticket.id)).toBeVisible();
  } finally {
    await ana.context.close();
  }
});

test('the contact drawer: edit the contact with an extra-info row, add a note and delete it', async ({ browser, request }) => {
  const world = await deskWorld(request);
  const { ticket } = await customerTicket(world, 'Quero atualizar meu cadastro');
  await world.api.put(`/tickets/${ticket.id}`, { status: 'open', userId: world.ana.id, queueId: world.queues[0]!.id });
  const ana = await agentPage(browser, world.ana);
  try {
    const { page } = ana;
    await ticketItem(await showList(page, 'open'), ticket.id).click();
    await page.getByTestId('contact-drawer-open').click();
    const drawer = page.getByTestId('contact-drawer');
    await expect(drawer.getByTestId('drawer-details')).toBeVisible();

    await test.step('edit: a new name and one extra-info row', async () => {
      const newName = `Cliente Editado ${world.stamp}`;
      await drawer.getByTestId('drawer-edit').click();
      const form = drawer.getByTestId('drawer-edit-form');
      await form.getByTestId('drawer-name').fill(newName);
      await form.getByTestId('drawer-extra-add').click();
      await form.getByTestId('drawer-extra-name').last().fill('CPF');
      await form.getByTestId('drawer-extra-value').last().fill('123.456.789-00');
      await form.getByTestId('drawer-save').click();
      await expect(page.getByText('Contato salvo com sucesso!')).toBeVisible();
      await expect(drawer.getByTestId('drawer-contact-name')).toHaveText(newName);
      await expect(drawer.getByTestId('drawer-extra')).toContainText('CPF');
      await expect(drawer.getByTestId('drawer-extra')).toContainText('123.456.789-00');
      const saved = await world.api.get<{ name: string; extraInfo: { name: string; value: string }[] }>(`/contacts/${ticket.contact.id}`);
      expect(saved.name).toBe(newName);
      expect(saved.extraInfo.map((e) => [e.name, e.value])).toEqual([['CPF', '123.456.789-00']]);
    });

    await test.step('a note added, then deleted after the confirmation', async () => {
      const text = `Cliente pediu retorno à tarde ${world.stamp}`;
      await drawer.getByTestId('note-input').fill(text);
      await drawer.getByTestId('note-add').click();
      await expect(page.getByText('Observação adicionada com sucesso!')).toBeVisible();
      const note = drawer.getByTestId('note-item').filter({ hasText: text });
      await expect(note).toBeVisible();
      await note.getByTestId('note-delete').click();
      await expect(page.getByText('Deseja realmente excluir este registro?')).toBeVisible();
      await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Confirmar' }).click();
      await expect(page.getByText('Observação excluída com sucesso!')).toBeVisible();
      await expect(note).toHaveCount(0);
    });
  } finally {
    await ana.context.close();
  }
});

test('a transfer to another queue with sendMsgTransfTicket enabled notifies the customer in the Simulador', async ({ browser, request }) => {
  const world = await deskWorld(request);
  const customer = uniqueCustomer('Transferido');
  const phoneSide = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const ana = await agentPage(browser, world.ana);
  try {
    const phonePage = await phoneSide.newPage();
    await storeSession(phonePage, world.phoneUser);
    const phone = new Phone(phonePage);
    await phone.open(customer);
    await phone.say('Preciso falar com o financeiro');
    let ticketId = 0;
    await expect(async () => {
      ticketId = (await world.api.liveTicketOf(customer.number)).id;
    }).toPass({ timeout: 15_000 });
    await world.api.put(`/tickets/${ticketId}`, { status: 'open', userId: world.ana.id, queueId: world.queues[0]!.id });
    // Enabled after that set-up assignment (itself a transfer) so the only notice is the agent's.
    await world.api.put('/settings/sendMsgTransfTicket', { value: 'enabled' });

    const { page } = ana;
    await ticketItem(await showList(page, 'open'), ticketId).click();
    await page.getByTestId('transfer-button').click();
    await pick(page, page.getByTestId('transfer-queue'), 'Financeiro');
    await page.getByTestId('transfer-submit').click();
    const notice = phone.receivedWith('Você foi transferido para o departamento');
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText('Financeiro');
    await expect(notice).toContainText('aguarde, já vamos te atender!');
    const moved = await world.api.get<{ queueId: number | null }>(`/tickets/${ticketId}`);
    expect(moved.queueId).toBe(world.queues[1]!.id);
  } finally {
    await ana.context.close();
    await phoneSide.close();
  }
});

test("an admin spies a pending ticket read-only, and close-all (confirmed) empties the open list", async ({ browser, request }) => {
  const world = await deskWorld(request);
  const words = 'Alguém pode me atender? Estou esperando';
  const waiting = await customerTicket(world, words, 'Esperando');
  const first = await customerTicket(world, 'Primeiro atendimento', 'Aberto');
  const second = await customerTicket(world, 'Segundo atendimento', 'Aberto');
  for (const { ticket } of [first, second]) await world.api.put(`/tickets/${ticket.id}`, { status: 'open', userId: world.ana.id, queueId: world.queues[0]!.id });
  const ana = await agentPage(browser, world.ana);
  try {
    const { page } = ana;
    await test.step("'Espiar Conversa' shows the pending ticket's messages, without a message box", async () => {
      const pending = await showList(page, 'pending');
      await ticketItem(pending, waiting.ticket.id).getByTestId('spy-button').click();
      const modal = page.getByRole('dialog').filter({ hasText: 'Espiar Conversa' });
      await expect(modal).toContainText(`Espiar Conversa — ${waiting.customer.name} #${waiting.ticket.id}`);
      await expect(modal.getByTestId('spy-conversation')).toContainText(words);
      await expect(modal.getByTestId('message-input')).toHaveCount(0);
      await expect(modal.locator('textarea, input')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
      // Spying took nothing: the ticket still waits, unassigned.
      const after = await world.api.get<{ status: string; userId: number | null }>(`/tickets/${waiting.ticket.id}`);
      expect([after.status, after.userId]).toEqual(['pending', null]);
    });

    await test.step('close-all with its confirmation resolves the "Atendendo" list', async () => {
      const open = await showList(page, 'open');
      await expect(open.getByTestId('ticket-item')).toHaveCount(2);
      await page.getByTestId('close-all-button').click();
      await expect(page.getByText('Fechar todos os tickets?')).toBeVisible();
      await page.getByTestId('close-all-confirm').click();
      await expect(page.getByText('2 ticket(s) resolvido(s)')).toBeVisible();
      await expect(open.getByTestId('ticket-item')).toHaveCount(0);
      // The pending one is another list: untouched.
      await expect(ticketItem(await showList(page, 'pending'), waiting.ticket.id)).toBeVisible();
    });
  } finally {
    await ana.context.close();
  }
});

test("a new ticket for a contact the other agent holds names the holder and the queue", async ({ browser, request }) => {
  const world = await deskWorld(request);
  const held = await customerTicket(world, 'Estou falando com o Bruno', 'Ocupado');
  await world.api.put(`/tickets/${held.ticket.id}`, { status: 'open', userId: world.bruno.id, queueId: world.queues[0]!.id });
  const ana = await agentPage(browser, world.ana);
  try {
    const { page } = ana;
    await page.getByTestId('new-ticket-button').click();
    const contact = page.getByTestId('new-ticket-contact');
    await contact.click();
    await page.keyboard.type(held.customer.name);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: held.customer.name }).click();
    await pick(page, page.getByTestId('new-ticket-queue'), 'Financeiro');
    await page.getByTestId('new-ticket-submit').click();
    await expect(page.getByTestId('new-ticket-holder')).toHaveText(`Este contato já tem um atendimento com ${world.bruno.name} na fila Atendimento.`);
    // Nothing was created: the contact still has its one ticket, Bruno's.
    const live = await world.api.liveTicketOf(held.customer.number);
    expect([live.id, live.userId]).toEqual([held.ticket.id, world.bruno.id]);
  } finally {
    await ana.context.close();
  }
});

test('the notifications bell counts a new pending ticket from a new number', async ({ browser, request }) => {
  const world = await deskWorld(request);
  const ana = await agentPage(browser, world.ana);
  try {
    const { page } = ana;
    const count = page.getByTestId('notifications-count');
    await expect(page.getByTestId('notifications-button')).toBeVisible();
    // The badge wraps the bell; with nothing waiting it shows no number.
    await expect(count).not.toHaveText(/\d/);
    const { ticket } = await customerTicket(world, 'Olá, é a primeira vez que escrevo', 'Novo');
    await expect(count).toHaveText('1');
    await page.getByTestId('notifications-button').click();
    await expect(page.getByTestId('notifications-list').locator(`[data-testid="notification-item"][data-ticket-id="${ticket.id}"]`)).toBeVisible();
  } finally {
    await ana.context.close();
  }
});

test('contacts page: a spreadsheet import reports its one bad row, and the CSV export downloads every contact', async ({ browser, request }) => {
  const world = await deskWorld(request);
  // Real mobile numbers (13 digits): longer test numbers share their first 15 digits, and the
  // import reads two of them as the same number repeated.
  const good = [1, 2].map((i) => ({ name: `Planilha ${i} ${world.stamp}`, number: `55119${world.stamp.slice(-7)}${i}` }));
  // A name that starts like a spreadsheet formula (issue 28 §9): it exports as text, never a live formula.
  const formula = { name: `=2+2 Fórmula ${world.stamp}`, number: `55119${world.stamp.slice(-7)}3` };
  const csv = ['nome;numero;email', `${good[0]!.name};${good[0]!.number};um@exemplo.com`, `Número Ruim ${world.stamp};12;`, `${good[1]!.name};${good[1]!.number};`, `${formula.name};${formula.number};`].join('\r\n');
  const ana = await agentPage(browser, world.ana);
  try {
    const { page } = ana;
    await page.goto('/contacts');
    await expect(page.getByTestId('contacts-table')).toBeVisible();

    await test.step('import: two contacts made, the third row refused with its reason', async () => {
      await page.getByTestId('contacts-import').click();
      await page.getByTestId('contact-import-file').setInputFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
      const report = page.getByTestId('contact-import-report');
      await expect(report).toContainText('3 de 4 contato(s) importado(s); 1 linha(s) recusada(s).');
      const refused = report.getByTestId('contact-import-refused');
      await expect(refused).toHaveCount(1);
      await expect(refused).toContainText('Número inválido (8 a 50 dígitos)');
      await expect(refused).toContainText('3');
      await page.getByTestId('contact-import-close').click();
      for (const c of good) await expect(page.getByTestId('contacts-table')).toContainText(c.name);
    });

    await test.step('export: a ";" CSV with name;number;email and the imported contacts, a formula-like name as text', async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('contacts-export').click()]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const text = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
      const lines = text.split(/\r?\n/).filter(Boolean);
      expect(lines[0]).toBe('name;number;email');
      expect(lines).toContain(`${good[0]!.name};${good[0]!.number};um@exemplo.com`);
      expect(lines).toContain(`${good[1]!.name};${good[1]!.number};`);
      expect(lines.some((l) => l.includes('Número Ruim'))).toBe(false);
      // Quoted and led by an apostrophe: a spreadsheet shows the name, it does not compute it.
      expect(lines).toContain(`"'${formula.name}";${formula.number};`);
    });
  } finally {
    await ana.context.close();
  }
});
