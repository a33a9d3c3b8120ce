import { expect, test } from './support/test';
import type { QueueDto, QueueOptionDto, TicketDto } from '@balcao/shared';
import { Api, uniqueCustomer, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { Phone } from './support/simulator';
import { showList, snapshot, ticketItem, watchRealtime, signIn, storeSession } from './support/ui';

/**
 * Issue 12's bot through the Simulador (server-behaviour §4, §6): the queue menu, an invalid
 * answer, a queue, an option-tree leaf → pending in the queue; the out-of-hours notice; the
 * rating after close. The agent then reads the ticket's "Linha do tempo" (wide, 390 px, dark).
 */
test('the bot: menu → invalid → queue → leaf → pending; out of hours; rating after close; the timeline', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const stamp = uniqueStamp();
  const agent = { name: 'Agente Bot', email: `bot.${stamp}@${E2E_DOMAIN}`, password: 'BotAgente1!' };
  const phoneUser = { name: 'Telefone', email: `bot.tel.${stamp}@${E2E_DOMAIN}`, password: 'Telefone123!', profile: 'admin' as const };
  const helper = { name: 'API', email: `bot.api.${stamp}@${E2E_DOMAIN}`, password: 'ApiBot12345!', profile: 'admin' as const };
  const customer = uniqueCustomer('Cliente Bot');
  const late = uniqueCustomer('Cliente Noite');

  const { api, companyId, agentId, suporte } = await test.step('setup: two queues on the sandbox connection, a tree under Suporte', async () => {
    const owner = await Api.login(request, superUser());
    const company = await owner.createCompany(`Empresa Bot ${stamp}`, agent);
    const first = await Api.login(request, agent);
    await first.createUser(phoneUser);
    await first.createUser(helper);
    const api = await Api.login(request, helper);
    const w = await api.createSandboxConnection();
    const suporte = await api.post<QueueDto>('/queue', { name: 'Suporte', color: '#1677ff', orderQueue: 1, greetingMessage: 'Bem-vindo ao Suporte' });
    const vendas = await api.post<QueueDto>('/queue', { name: 'Vendas', color: '#52c41a', orderQueue: 2 });
    const tecnico = await api.post<QueueOptionDto>('/queue-options', { queueId: suporte.id, title: 'Técnico', option: '1', message: 'Qual serviço?' });
    await api.post<QueueOptionDto>('/queue-options', { queueId: suporte.id, parentId: tecnico.id, title: 'Internet', option: '1', message: 'Reinicie o roteador e aguarde um atendente' });
    await api.put(`/whatsapp/${w.id}`, {
      queueIds: [suporte.id, vendas.id],
      greetingMessage: 'Olá! Escolha um setor:',
      outOfHoursMessage: 'Estamos fora do expediente',
      complationMessage: 'Obrigado pela avaliação!',
      maxUseBotQueues: 3,
    });
    return { api, companyId: company.id, agentId: company.adminUserId, suporte };
  });

  const realtime = watchRealtime(page);
  await signIn(page, agent);
  await realtime;
  const phoneContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const phone = new Phone(await phoneContext.newPage());
  await storeSession(phone.page, phoneUser);
  await phone.open(customer);

  let ticket: TicketDto | undefined;
  await test.step('menu → invalid answer → Suporte → Técnico → Internet (a leaf): pending in Suporte', async () => {
    await phone.say('oi');
    await expect(phone.receivedWith('Olá! Escolha um setor:')).toContainText('Suporte');
    await expect(phone.receivedWith('Olá! Escolha um setor:')).toContainText('Vendas');
    await phone.say('7');
    await expect(phone.receivedWith('Opção inválida, por favor, escolha uma opção válida.')).toBeVisible();
    await expect(phone.receivedWith('Olá! Escolha um setor:')).toHaveCount(2);
    await phone.say('1');
    await expect(phone.receivedWith('Bem-vindo ao Suporte')).toContainText('Técnico');
    await phone.say('1');
    await expect(phone.receivedWith('Qual serviço?')).toContainText('Internet');
    await phone.say('1');
    await expect(phone.receivedWith('Reinicie o roteador')).toBeVisible();
    await expect
      .poll(async () => {
        const t = (await api.tickets({ showAll: true })).tickets.find((x) => x.contact.number === customer.number);
        ticket = t;
        return t && { status: t.status, queueId: t.queueId };
      })
      .toEqual({ status: 'pending', queueId: suporte.id });
    const pending = await showList(page, 'pending');
    await expect(ticketItem(pending, ticket!.id)).toBeVisible();
  });

  await test.step('the agent takes the ticket and reads its timeline (wide, 390 px, dark)', async () => {
    await api.put(`/tickets/${ticket!.id}`, { status: 'open', userId: agentId });
    await page.goto(`/tickets/${ticket!.uuid}`);
    await expect(page.getByTestId('conversation-title')).toContainText(`#${ticket!.id}`);
    await page.getByTestId('bot-timeline-open').click();
    const entries = page.getByTestId('bot-timeline-entry');
    await expect(entries).toHaveCount(8);
    await expect(entries.first()).toContainText('Menu enviado');
    await expect(entries.nth(1)).toContainText('Opção inválida');
    await expect(entries.last()).toContainText('Entregue a um atendente');
    await expect(entries.last()).toContainText('Fila: Suporte');
    await snapshot(page, 'bot-timeline');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'bot-timeline-390');
    await page.locator('.ant-drawer-close').click();
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await page.getByTestId('bot-timeline-open').click();
    await expect(page.getByTestId('bot-timeline-entry')).toHaveCount(8);
    await snapshot(page, 'bot-timeline-dark');
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
    await page.reload();
  });

  await test.step('out of hours: the notice, once; the ticket still waits for a person', async () => {
    const closed = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => ({ weekday: d, weekdayEn: d, startTime: '', endTime: '' }));
    await api.put(`/companies/${companyId}/schedules`, { id: companyId, schedules: closed });
    await api.put('/settings/scheduleType', { value: 'company' });
    await phone.open(late);
    await phone.say('boa noite');
    await expect(phone.receivedWith('Estamos fora do expediente')).toBeVisible();
    await phone.say('alguém?');
    await expect
      .poll(async () => (await api.tickets({ showAll: true })).tickets.find((x) => x.contact.number === late.number)?.status)
      .toBe('pending');
    // Within 30 minutes the notice is not repeated.
    await expect(phone.receivedWith('Estamos fora do expediente')).toHaveCount(1);
    await api.put('/settings/scheduleType', { value: 'disabled' });
  });

  await test.step('rating after close: the question, a 3, the completion message; the ticket rated', async () => {
    await api.put('/settings/userRating', { value: 'enabled' });
    await api.put(`/tickets/${ticket!.id}`, { status: 'closed' });
    await phone.open(customer);
    await expect(phone.receivedWith('Muito Satisfeito')).toContainText('Insatisfeito');
    await phone.say('3');
    await expect(phone.receivedWith('Obrigado pela avaliação!')).toBeVisible();
    await expect.poll(async () => (await api.ticketByUuid(ticket!.uuid)).status).toBe('closed');
    // The answer opened no new conversation.
    expect((await api.tickets({ showAll: true })).tickets.filter((x) => x.contact.number === customer.number && x.status !== 'closed')).toEqual([]);
  });
  await phoneContext.close();
});
