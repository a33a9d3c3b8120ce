import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { uniqueCustomer } from './support/api';
import { agentPage, customerTicket, deskWorld } from './support/desk';
import { Phone } from './support/simulator';
import { customerMessages, ourMessages, snapshot, storeSession } from './support/ui';

/**
 * Issue 32 in Chromium: an admin writes an article on "Base de conhecimento" and points the
 * copilot at a LOCAL fake OpenAI-compatible server this test starts; an agent opens the customer's
 * ticket, picks a suggested reply citing that article, edits and sends it; the ticket's drawer
 * summarises the conversation, and a transfer leaves one for the next agent. What the fake received holds none of the customer's personal data.
 * Screenshots of /knowledge wide, at 390 px and dark, and of the suggestions.
 */

const EMAIL = 'maria.copiloto@example.com';
const CPF = '123.456.789-09';

interface Fake {
  base: string;
  bodies: string[];
  close: () => Promise<void>;
}

/**
 * OpenAI's chat completions: drafts citing passage [1] when asked for drafts, a translation when
 * asked to translate (Spanish to Portuguese and back), else a summary; `/audio/transcriptions`
 * answers a voice note's words.
 */
const fakeOpenAi = async (): Promise<Fake> => {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body);
      if (req.url === '/v1/audio/transcriptions') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ text: 'Quiero saber del reembolso de mi pedido' }));
      }
      const drafts = body.includes('rascunhos');
      const content = drafts
        ? JSON.stringify({ drafts: [{ text: 'Olá! Entregamos em São Paulo em até 2 dias úteis.', sources: [1] }, { text: 'Posso ajudar em algo mais?', sources: [] }] })
        : body.includes('do espanhol para o português')
          ? 'Olá, quanto tempo leva o envio para Madri? Meu e-mail é [email1].'
          : body.includes('para o espanhol')
            ? 'Llega en 2 días hábiles.'
            : 'Cliente pergunta o prazo de entrega para São Paulo; o atendente respondeu 2 dias úteis.';
      res.writeHead(req.url === '/v1/chat/completions' ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }], usage: { total_tokens: 321 } }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    bodies,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
};

const articleRow = (page: Page, title: string) => page.getByTestId('article-row').filter({ hasText: title });

test('an agent sends a suggested reply citing a knowledge article, edited, and the drawer summarises the ticket', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const fake = await fakeOpenAi();
  const world = await deskWorld(request);
  const ana = await agentPage(browser, world.ana);
  const { page } = ana;
  try {
    await test.step('Base de conhecimento: empty, then an article and the copilot set up', async () => {
      await page.goto('/knowledge');
      await expect(page.getByTestId('knowledge-empty')).toContainText('Nenhum artigo ainda');
      // No key yet: the copilot's form is open.
      await page.getByTestId('copilot-base-url').fill(fake.base);
      await page.getByTestId('copilot-model').fill('modelo-local');
      await page.getByTestId('copilot-api-key').fill('sk-e2e-copiloto-0001');
      await page.getByTestId('copilot-enabled').click();
      // Transcription stays off by default, and the form says what turning it on sends (decision 0482).
      await expect(page.getByTestId('copilot-transcribe')).toHaveAttribute('aria-checked', 'false');
      await expect(page.getByTestId('copilot-transcribe-warning')).toContainText('Desligado por padrão. O áudio vai inteiro, como foi gravado');
      await snapshot(page, 'copilot-settings-form');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('copilot-transcribe-warning').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('copilot-transcribe-warning')).toBeVisible();
      await snapshot(page, 'copilot-settings-form-390');
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('copilot-save').click();
      await expect(page.getByText('Configurações do copiloto salvas.')).toBeVisible();
      // Set up: the form folds away, the usage line stays.
      await expect(page.getByTestId('copilot-form')).toBeHidden();
      await expect(page.getByTestId('copilot-usage')).toContainText('0 tokens em 0 chamadas');
      await page.getByTestId('knowledge-add').click();
      await page.getByTestId('article-title').fill('Prazo de entrega');
      await page.getByTestId('article-body').fill('Entregamos em São Paulo em até 2 dias úteis; frete grátis acima de R$ 200.');
      await page.getByTestId('article-save').click();
      await expect(articleRow(page, 'Prazo de entrega')).toBeVisible();
      await page.getByTestId('knowledge-add').click();
      await page.getByTestId('article-title').fill('Trocas e devoluções');
      await page.getByTestId('article-body').fill('Trocas em até 30 dias com a nota fiscal.');
      await page.getByTestId('article-save').click();
      await expect(page.getByTestId('article-row')).toHaveCount(2);
      await page.getByTestId('knowledge-search').fill('PRAZO entrega');
      await expect(page.getByTestId('article-row')).toHaveCount(1);
      await page.getByTestId('knowledge-search').fill('');
      await expect(page.getByTestId('article-row')).toHaveCount(2);
      await snapshot(page, 'knowledge-wide');
      await page.setViewportSize({ width: 390, height: 844 });
      await snapshot(page, 'knowledge-390');
      await page.getByTestId('theme-toggle').click();
      await snapshot(page, 'knowledge-390-dark');
      await page.setViewportSize({ width: 1280, height: 800 });
      await snapshot(page, 'knowledge-wide-dark');
      await page.getByTestId('theme-toggle').click();
    });

    const { customer, ticket } = await customerTicket(world, `Qual o prazo de entrega para São Paulo? Meu e-mail é ${EMAIL} e meu CPF ${CPF}.`, 'Maria');
    await world.api.put(`/tickets/${ticket.id}`, { status: 'open', userId: world.ana.id, queueId: world.queues[0]!.id });

    await test.step('the composer\'s "Sugestões": a draft citing the article, inserted, edited, sent', async () => {
      await page.goto(`/tickets/${ticket.uuid}`);
      await expect(page.getByTestId('conversation-title')).toContainText(`#${ticket.id}`);
      await page.getByTestId('suggestions-button').click();
      const first = page.getByTestId('suggestion').first();
      await expect(first).toContainText('Entregamos em São Paulo em até 2 dias úteis.');
      await expect(first.getByTestId('suggestion-citation')).toHaveText('Prazo de entrega');
      await snapshot(page, 'copilot-suggestions');
      await first.getByTestId('suggestion-insert').click();
      const input = page.getByTestId('message-input');
      await expect(input).toHaveValue('Olá! Entregamos em São Paulo em até 2 dias úteis.');
      // Inserted, not sent: the agent edits it first.
      await expect(ourMessages(page).filter({ hasText: 'Entregamos em São Paulo' })).toHaveCount(0);
      await input.press('End');
      await input.pressSequentially(' Posso confirmar o endereço?');
      await input.press('Enter');
      await expect(ourMessages(page).filter({ hasText: 'Entregamos em São Paulo em até 2 dias úteis. Posso confirmar o endereço?' })).toHaveCount(1);
      await expect(async () => {
        const got = await world.api.outbox(world.whatsappId, customer.number);
        expect(got.map((m) => m.body).join('\n')).toContain('Posso confirmar o endereço?');
      }).toPass({ timeout: 15_000 });
    });

    await test.step('the drawer summarises the conversation', async () => {
      await page.getByTestId('contact-drawer-open').click();
      const drawer = page.getByTestId('contact-drawer');
      await expect(drawer.getByTestId('summary-empty')).toBeVisible();
      await drawer.getByTestId('summarize-button').click();
      await expect(drawer.getByTestId('summary-latest')).toHaveText('Cliente pergunta o prazo de entrega para São Paulo; o atendente respondeu 2 dias úteis.');
      await snapshot(page, 'copilot-summary');
    });

    await test.step('with summaries on transfer, the next agent finds one in the drawer', async () => {
      await world.api.put('/copilot/settings', { autoSummary: true });
      await world.api.put(`/tickets/${ticket.id}`, { status: 'open', userId: world.bruno.id, queueId: world.queues[0]!.id });
      // The job made it (the drawer reads the summaries once, when it opens).
      await expect
        .poll(async () => (await world.api.get<{ reason: string }[]>(`/tickets/${ticket.id}/copilot/summaries`)).map((x) => x.reason), { timeout: 20_000 })
        .toEqual(['transfer', 'manual']);
      const bruno = await agentPage(browser, world.bruno);
      try {
        await bruno.page.goto(`/tickets/${ticket.uuid}`);
        await expect(bruno.page.getByTestId('conversation-title')).toContainText(`#${ticket.id}`);
        // The agent it was transferred to reads the summary above the composer (decision 0481).
        await expect(bruno.page.getByTestId('transfer-notice')).toBeVisible();
        await snapshot(bruno.page, 'copilot-transfer-notice');
        await bruno.page.getByTestId('contact-drawer-open').click();
        const drawer = bruno.page.getByTestId('contact-drawer');
        await expect(drawer.getByTestId('summary-latest')).toBeVisible();
        await expect(drawer.getByTestId('ticket-summaries')).toContainText('na transferência');
        await bruno.page.setViewportSize({ width: 390, height: 844 });
        await snapshot(bruno.page, 'copilot-summary-390');
        // On a phone-sized window the notice is above the composer too.
        await bruno.page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();
        await expect(bruno.page.getByTestId('transfer-notice')).toBeVisible();
        await snapshot(bruno.page, 'copilot-transfer-notice-390');
      } finally {
        await bruno.context.close();
      }
    });

    await test.step('the model never received the customer\'s e-mail, CPF or phone', async () => {
      const all = fake.bodies.join('\n');
      expect(fake.bodies.length).toBe(3);
      expect(all).toContain('Prazo de entrega');
      for (const pii of [EMAIL, CPF, customer.number]) expect(all).not.toContain(pii);
    });
  } finally {
    await ana.context.close();
    await fake.close();
  }
});

test('a Spanish-speaking customer in the Simulador reads Spanish while the agent reads and writes Portuguese; a voice note shows its transcript', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const fake = await fakeOpenAi();
  const world = await deskWorld(request);
  // Set up through the API (the screen's form is the first test's): translating and transcribing.
  await world.api.put('/copilot/settings', { enabled: true, baseUrl: fake.base, model: 'modelo-local', apiKey: 'sk-e2e-traducao-01', translate: true, transcribe: true, agentLanguage: 'pt' });
  const phoneContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const phone = new Phone(await phoneContext.newPage());
  const ana = await agentPage(browser, world.ana);
  const { page } = ana;
  const customer = uniqueCustomer('Lucía');
  const email = 'lucia.e2e@example.com';
  try {
    await storeSession(phone.page, world.phoneUser);
    await phone.open(customer);
    await phone.say(`Hola, ¿cuánto tarda el envío a Madrid? Mi correo es ${email}`);
    let ticketId = 0;
    await expect(async () => {
      ticketId = (await world.api.liveTicketOf(customer.number)).id;
    }).toPass({ timeout: 15_000 });
    const ticket = await world.api.put<{ uuid: string }>(`/tickets/${ticketId}`, { status: 'open', userId: world.ana.id, queueId: world.queues[0]!.id });

    await test.step("the agent reads the customer's Spanish with its Portuguese translation under it", async () => {
      await page.goto(`/tickets/${ticket.uuid}`);
      const theirs = customerMessages(page).filter({ hasText: 'cuánto tarda el envío' });
      // The customer's e-mail is back in the translation the agent reads; the model saw a placeholder.
      await expect(theirs.getByTestId('message-translation')).toContainText(`Olá, quanto tempo leva o envio para Madri? Meu e-mail é ${email}.`);
      await expect(page.getByTestId('translation-bar')).toHaveAttribute('data-outgoing', 'true');
      await expect(page.getByTestId('translation-bar')).toContainText('espanhol');
    });

    await test.step('the agent writes Portuguese; the customer receives Spanish, the original stays visible to the agent', async () => {
      const input = page.getByTestId('message-input');
      await input.fill('Chega em 2 dias úteis.');
      await input.press('Enter');
      const ours = ourMessages(page).filter({ hasText: 'Llega en 2 días hábiles.' });
      await expect(ours.getByTestId('message-original')).toHaveText(/Chega em 2 dias úteis\.$/);
      await expect(phone.receivedWith('Llega en 2 días hábiles.')).toBeVisible({ timeout: 15_000 });
      await expect(phone.receivedWith('Chega em 2 dias')).toHaveCount(0);
    });

    await test.step('a voice note shows its transcript under the player', async () => {
      await phone.startRecording();
      await phone.finishRecording();
      const voice = customerMessages(page).last();
      await expect(voice).toHaveAttribute('data-kind', 'ptt');
      await expect(voice.getByTestId('message-transcript')).toContainText('Quiero saber del reembolso de mi pedido', { timeout: 20_000 });
      await snapshot(page, 'copilot-translation-wide');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('theme-toggle').click();
      await snapshot(page, 'copilot-translation-390-dark');
    });

    for (const pii of [email, customer.number]) expect(fake.bodies.join('\n')).not.toContain(pii);
  } finally {
    await phoneContext.close();
    await ana.context.close();
    await fake.close();
  }
});
