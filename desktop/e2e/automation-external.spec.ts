import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { PromptDto, QueueDto, QueueIntegrationDto, TicketDto } from '@balcao/shared';
import { Api, uniqueCustomer, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { Phone } from './support/simulator';
import { ourMessages, snapshot, watchRealtime, signIn, storeSession } from './support/ui';

/**
 * Issue 12's acceptance for outside responders, through the Simulador: a webhook queue
 * integration and an AI prompt answer the customer through LOCAL fake HTTP services this test
 * starts (no outside network; the e2e server allows private hosts, decision 0195). The webhook
 * fake refuses a call whose X-Balcao-Signature is not the HMAC-SHA256 of its body; the AI fake is
 * an OpenAI-compatible /chat/completions. Each reply shows on the phone and in the agent's
 * conversation; the ticket's "Linha do tempo" shows the integration and AI calls in words.
 */

const HMAC_KEY = 'e2e-hmac-segredo';
const API_KEY = 'sk-e2e-fake-0001';
const TRAINING = 'Você é a atendente virtual da Padaria Central. Responda com educação, em português e de forma breve.';

interface Fake {
  base: string;
  calls: { path: string; headers: IncomingMessage['headers']; body: string }[];
  close: () => Promise<void>;
}

/** A local HTTP service on 127.0.0.1 (a free port) recording every call. */
const fakeService = async (answer: (path: string, headers: IncomingMessage['headers'], body: string, res: ServerResponse) => void): Promise<Fake> => {
  const calls: Fake['calls'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      calls.push({ path: req.url ?? '', headers: req.headers, body });
      answer(req.url ?? '', req.headers, body, res);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  };
};

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** The receiver's check of docs/webhooks.md: `t=…,v1=HMAC(secret, "t.body")`, at most 5 minutes old. */
const signed = (headers: IncomingMessage['headers'], body: string): boolean => {
  const fields = new Map(String(headers['x-balcao-signature'] ?? '').split(',').map((kv) => kv.trim().split('=', 2) as [string, string]));
  const t = Number(fields.get('t'));
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const got = Buffer.from(fields.get('v1') ?? '');
  const want = Buffer.from(createHmac('sha256', HMAC_KEY).update(`${t}.${body}`).digest('hex'));
  return got.length === want.length && timingSafeEqual(got, want);
};

/**
 * What the server does (the bot's replies, the lists) is awaited longer than the default: the
 * machine running the suite may be loaded (CI, parallel work), and a turn calls two services.
 */
const slow = expect.configure({ timeout: 30_000 });

/** `Phone.open` with the slow expectations: the Simulador's connection list is a server call. */
const openPhone = async (phone: Phone, customer: { number: string; name: string }) => {
  await phone.page.goto('/simulator');
  await slow(phone.page.getByTestId('sim-connection')).toContainText('Sandbox');
  await phone.page.getByTestId('sim-number').fill(customer.number);
  await phone.page.getByTestId('sim-name').fill(customer.name);
  await slow(phone.input).toBeEnabled();
};

/** The agent's conversation of `ticket`, then its timeline drawer. */
const openTimeline = async (page: Page, ticket: TicketDto) => {
  await page.goto(`/tickets/${ticket.uuid}`);
  await slow(page.getByTestId('conversation-title')).toContainText(`#${ticket.id}`);
  await page.getByTestId('bot-timeline-open').click();
  return page.getByTestId('bot-timeline-entry');
};

test('a webhook integration and an AI prompt answer the customer through local fakes; the timeline tells the calls', async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const stamp = uniqueStamp();
  const agent = { name: 'Agente Externo', email: `ext.${stamp}@${E2E_DOMAIN}`, password: 'ExtAgente12!' };
  const phoneUser = { name: 'Telefone', email: `ext.tel.${stamp}@${E2E_DOMAIN}`, password: 'Telefone123!', profile: 'admin' as const };
  const helper = { name: 'API', email: `ext.api.${stamp}@${E2E_DOMAIN}`, password: 'ApiExt12345!', profile: 'admin' as const };
  const hookCustomer = uniqueCustomer('Cliente Hook');
  const aiCustomer = uniqueCustomer('Marina Souza');

  // The webhook: signed calls only; it answers { reply, stop } and hands over on "humano".
  const hook = await fakeService((_path, headers, body, res) => {
    if (!signed(headers, body)) return json(res, 401, { error: 'bad signature' });
    const payload = JSON.parse(body) as { message: { body: string }; contact: { number: string } };
    const text = payload.message.body.trim();
    if (text === 'humano') return json(res, 200, { reply: 'Webhook: chamando um atendente.', stop: true });
    return json(res, 200, { reply: `Webhook recebeu: ${text}`, queueId: null, userId: null, stop: false });
  });
  // The AI: OpenAI's chat completions shape; "atendente" asks for a person.
  const ai = await fakeService((path, headers, body, res) => {
    if (path !== '/v1/chat/completions') return json(res, 404, { error: 'not found' });
    if (headers.authorization !== `Bearer ${API_KEY}`) return json(res, 401, { error: 'bad key' });
    const req = JSON.parse(body) as { model: string; messages: { role: string; content: string }[] };
    const last = req.messages.at(-1)!.content;
    const content = /atendente/i.test(last)
      ? 'Claro, Marina! Ação: Transferir para o setor de atendimento'
      : `Olá, Marina! Temos pão de queijo quentinho. (${req.model})`;
    return json(res, 200, { choices: [{ message: { role: 'assistant', content } }], usage: { prompt_tokens: 120, completion_tokens: 14, total_tokens: 134 } });
  });

  try {
    const { api, suporte, padaria } = await test.step('setup: a webhook on Suporte, a prompt on Padaria, both queues on the sandbox connection', async () => {
      const owner = await Api.login(request, superUser());
      await owner.createCompany(`Empresa Externa ${stamp}`, agent);
      const first = await Api.login(request, agent);
      await first.createUser(phoneUser);
      await first.createUser(helper);
      const api = await Api.login(request, helper);
      const w = await api.createSandboxConnection();
      const integration = await api.post<QueueIntegrationDto>('/queueIntegration', { name: 'Webhook Pedidos', type: 'webhook', urlN8N: `${hook.base}/hook`, secret: HMAC_KEY });
      const suporte = await api.post<QueueDto>('/queue', { name: 'Suporte', color: '#1677ff', orderQueue: 1, integrationId: integration.id });
      const padaria = await api.post<QueueDto>('/queue', { name: 'Padaria', color: '#52c41a', orderQueue: 2, greetingMessage: 'Bem-vinda à Padaria! Um atendente já vem.' });
      const prompt = await api.post<PromptDto>('/prompt', { name: 'Atendente Padaria', prompt: TRAINING, apiKey: API_KEY, baseUrl: `${ai.base}/v1`, model: 'modelo-local', queueId: padaria.id, maxTokens: 100 });
      await api.put(`/queue/${padaria.id}`, { promptId: prompt.id });
      await api.put(`/whatsapp/${w.id}`, { queueIds: [suporte.id, padaria.id], greetingMessage: 'Olá! Escolha um setor:', maxUseBotQueues: 3 });
      return { api, suporte, padaria };
    });

    const realtime = watchRealtime(page);
    await signIn(page, agent);
    await realtime;
    const phoneContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const phone = new Phone(await phoneContext.newPage());
    await storeSession(phone.page, phoneUser);

    let hookTicket: TicketDto | undefined;
    await test.step('the webhook: signed calls, its replies on the phone; "humano" hands the ticket to a person in Suporte', async () => {
      await openPhone(phone, hookCustomer);
      await phone.say('oi');
      await slow(phone.receivedWith('Olá! Escolha um setor:')).toContainText('Padaria');
      await phone.say('1');
      await slow(phone.receivedWith('Webhook recebeu: 1')).toBeVisible();
      await phone.say('quero meu pedido 42');
      await slow(phone.receivedWith('Webhook recebeu: quero meu pedido 42')).toBeVisible();
      await phone.say('humano');
      await slow(phone.receivedWith('Webhook: chamando um atendente.')).toBeVisible();
      // Every call was signed (the fake answers 401 otherwise) and carried the documented payload.
      expect(hook.calls).toHaveLength(3);
      for (const c of hook.calls) expect(signed(c.headers, c.body)).toBe(true);
      expect(JSON.parse(hook.calls[1]!.body)).toMatchObject({ event: 'message', contact: { number: hookCustomer.number }, message: { body: 'quero meu pedido 42' }, ticket: { queueId: suporte.id } });
      await slow
        .poll(async () => {
          hookTicket = (await api.tickets({ showAll: true })).tickets.find((x) => x.contact.number === hookCustomer.number);
          return hookTicket && { status: hookTicket.status, queueId: hookTicket.queueId };
        })
        .toEqual({ status: 'pending', queueId: suporte.id });
    });

    await test.step("the agent's conversation shows the webhook's replies; the timeline its calls, in words", async () => {
      const entries = await openTimeline(page, hookTicket!);
      await slow(ourMessages(page).filter({ hasText: 'Webhook recebeu: quero meu pedido 42' })).toHaveCount(1);
      await slow(entries.filter({ hasText: 'Integração' }).filter({ hasText: 'Status: 200' })).toHaveCount(3);
      await slow(entries.filter({ hasText: 'Tipo: Webhook' }).first()).toBeVisible();
      await slow(entries.last()).toContainText('Entregue a um atendente');
      await slow(entries.last()).toContainText('Motivo: A integração ou a IA encerrou');
      await snapshot(page, 'external-webhook-timeline');
      await page.locator('.ant-drawer-close').click();
    });

    let aiTicket: TicketDto | undefined;
    await test.step('the AI prompt: its answer on the phone; "atendente" hands the ticket to Padaria with its greeting', async () => {
      await openPhone(phone, aiCustomer);
      await phone.say('oi');
      await slow(phone.receivedWith('Olá! Escolha um setor:')).toHaveCount(1);
      await phone.say('2');
      await slow(phone.receivedWith('Olá, Marina! Temos pão de queijo quentinho. (modelo-local)')).toHaveCount(1);
      // The request: the admin's prompt and the contact's first name as system text, the history as turns.
      const request1 = JSON.parse(ai.calls[0]!.body) as { model: string; max_tokens: number; messages: { role: string; content: string }[] };
      expect(request1).toMatchObject({ model: 'modelo-local', max_tokens: 100 });
      expect(request1.messages[0]).toMatchObject({ role: 'system' });
      expect(request1.messages[0]!.content).toContain('Padaria Central');
      expect(request1.messages[0]!.content).toContain('Marina');
      expect(request1.messages.at(-1)).toEqual({ role: 'user', content: '2' });
      await phone.say('quero falar com um atendente');
      await slow(phone.receivedWith('Claro, Marina!')).toBeVisible();
      // The action itself never reaches the customer; the queue's greeting does (decision 0196).
      await slow(phone.receivedWith('Ação: Transferir')).toHaveCount(0);
      await slow(phone.receivedWith('Bem-vinda à Padaria! Um atendente já vem.')).toBeVisible();
      // The AI's words first, then the queue's greeting (one turn's messages go out in the order queued).
      const received = await phone.received.allTextContents();
      expect(received.findIndex((x) => x.includes('Claro, Marina!'))).toBeLessThan(received.findIndex((x) => x.includes('Bem-vinda à Padaria!')));
      await slow
        .poll(async () => {
          aiTicket = (await api.tickets({ showAll: true })).tickets.find((x) => x.contact.number === aiCustomer.number);
          return aiTicket && { status: aiTicket.status, queueId: aiTicket.queueId };
        })
        .toEqual({ status: 'pending', queueId: padaria.id });
      await snapshot(phone.page, 'external-ai-phone');
    });

    await test.step("the agent's conversation shows the AI's answer; the timeline its calls with tokens (wide, 390 px, dark)", async () => {
      const entries = await openTimeline(page, aiTicket!);
      await slow(ourMessages(page).filter({ hasText: 'Temos pão de queijo quentinho' })).toHaveCount(1);
      await slow(ourMessages(page).filter({ hasText: 'Bem-vinda à Padaria!' })).toHaveCount(1);
      await slow(entries.filter({ hasText: 'Inteligência artificial' }).filter({ hasText: 'Tokens: 134 (prompt 120 + resposta 14)' })).toHaveCount(2);
      await slow(entries.filter({ hasText: 'IA pediu um atendente' })).toHaveCount(1);
      await slow(entries.last()).toContainText('Motivo: A integração ou a IA escolheu a fila');
      await slow(entries.last()).toContainText('Fila: Padaria');
      await snapshot(page, 'external-ai-timeline');
      await page.setViewportSize({ width: 390, height: 844 });
      await snapshot(page, 'external-ai-timeline-390');
      await page.locator('.ant-drawer-close').click();
      await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.reload();
      await page.getByTestId('bot-timeline-open').click();
      await slow(page.getByTestId('bot-timeline-entry').last()).toContainText('Fila: Padaria');
      await snapshot(page, 'external-ai-timeline-dark');
      await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
    });
    await phoneContext.close();
  } finally {
    await hook.close();
    await ai.close();
  }
});
