import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { Api, uniqueStamp } from './support/api';
import { FakeNetwork } from './support/fake-network';
import { E2E_CONTROL_PORT, E2E_DOMAIN, superUser } from './support/constants';
import { customerMessages, ourMessages, showList, snapshot, ticketIdOf, ticketItem, ticketItems, UUID_URL, watchRealtime, signIn } from './support/ui';

/**
 * Issue 29's acceptance in Chromium through the fake Graph API (server/test/e2e/fake-cloud.ts):
 * an admin creates a Cloud API connection on the connections page (webhook URL and verify token
 * shown to paste into Meta's console, the token tested), a customer's message arrives live through
 * Meta's signed webhook, the agent replies and the reply reaches Meta; a customer whose last
 * message is 25 hours old gets the composer's window-closed notice, and a template chosen, filled
 * and previewed in the picker reaches Meta.
 *
 * The 25 hours are the customer's message's own time (Meta's webhook timestamp, as a redelivery
 * days later carries it), not a moved server clock: the e2e server is shared by two workers, and
 * moving its clock would expire other specs' codes and fire their timers. The server tests move
 * the injected clock (cloud-templates.test.ts).
 */

const control = `http://127.0.0.1:${E2E_CONTROL_PORT}`;
interface CloudFacts {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
}
interface GraphSend {
  wamid?: string;
  body: { to?: string; type?: string; text?: { body?: string }; template?: { name?: string; components?: { type: string; parameters: { text?: string }[] }[] } };
}

const sends = async (request: APIRequestContext): Promise<GraphSend[]> => (await (await request.get(`${control}/cloud/sends`)).json()) as GraphSend[];
const customerWrites = async (request: APIRequestContext, from: string, body: string, ageMs = 0) => {
  const res = await request.post(`${control}/cloud/inbound`, { data: { from, body, name: `Cliente ${from.slice(-4)}`, ageMs } });
  expect(res.ok()).toBe(true);
  expect(((await res.json()) as { status: number }).status, "the product's webhook answers Meta 200").toBe(200);
};
/** Opens the pending list, accepts the customer's ticket (found by their words) and waits for its conversation. */
const acceptTicket = async (page: Page, words: string): Promise<number> => {
  const pending = await showList(page, 'pending');
  const item = ticketItems(pending).filter({ hasText: words });
  await expect(item).toHaveCount(1, { timeout: 20_000 });
  const id = await ticketIdOf(item);
  await ticketItem(pending, id).getByTestId('accept-button').click();
  await expect(page).toHaveURL(UUID_URL);
  await expect(page.getByTestId('conversation')).toHaveAttribute('data-ticket-id', String(id));
  return id;
};

test('a Cloud API connection: created on the page, a customer live, a reply, and a template 25 hours on', async ({ page, request }) => {
  // Two connections, two browsers and a phone paired on the fake network: over 90 s on a loaded CI machine.
  test.setTimeout(180_000);
  const stamp = uniqueStamp();
  const admin = { name: 'Admin Oficial', email: `oficial.${stamp}@${E2E_DOMAIN}`, password: 'Oficial123!' };
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Empresa Oficial ${stamp}`, admin);
  const facts = (await (await request.get(`${control}/cloud`)).json()) as CloudFacts;
  const realtime = watchRealtime(page);
  await signIn(page, admin);
  await realtime;
  const name = `Oficial ${stamp}`;
  const row = page.getByTestId('connection-row').filter({ hasText: name });

  await test.step("the admin adds the Cloud connection: Meta's facts, the webhook URL and verify token to paste, saved, started", async () => {
    await page.goto('/connections');
    await page.getByTestId('add-connection').click();
    await page.getByTestId('connection-name').fill(name);
    await page.getByTestId('connection-provider').click();
    await page.locator('.ant-select-item-option[title="WhatsApp Cloud API (oficial)"]').click();
    await expect(page.getByTestId('connection-cloud')).toBeVisible();
    await expect(page.getByTestId('cloud-webhook-url')).toHaveText(/\/channels\/whatsapp-cloud\/webhook$/);
    const verify = await page.getByTestId('cloud-verifyToken').inputValue();
    expect(verify).toMatch(/^balcao-[0-9a-f]{36}$/);
    await expect(page.getByTestId('cloud-webhook-verify')).toHaveText(verify);
    await page.getByTestId('cloud-phoneNumberId').fill(facts.phoneNumberId);
    await page.getByTestId('cloud-wabaId').fill(facts.wabaId);
    await page.getByTestId('cloud-accessToken').fill(facts.accessToken);
    await page.getByTestId('cloud-appSecret').fill(facts.appSecret);
    await page.getByTestId('connection-cloud').scrollIntoViewIfNeeded();
    await snapshot(page, 'cloud-form-wide');
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/whatsapp' && r.request().method() === 'POST');
    await page.getByTestId('connection-save').click();
    expect(((await (await created).json()) as { provider: string }).provider).toBe('cloud');
    await expect(page.getByTestId('connection-form')).toBeHidden();
    // Meta's check of the webhook answers only that verify token.
    const check = await request.get(`/channels/whatsapp-cloud/webhook?hub.mode=subscribe&hub.verify_token=${verify}&hub.challenge=314159`);
    expect(await check.text()).toBe('314159');
    await row.getByTestId('conn-retry').click();
    await expect(row).toHaveAttribute('data-status', 'CONNECTED');
    await expect(row).toContainText('+55 (61) 3000-0001');
  });

  await test.step("the saved connection's test reads the number with its token; its secrets are not shown back", async () => {
    await row.getByTestId('conn-edit').click();
    await expect(page.getByTestId('cloud-accessToken')).toHaveValue('');
    await page.getByTestId('cloud-test').click();
    await expect(page.getByTestId('cloud-test-result')).toHaveText('A Meta respondeu: +55 61 3000-0001 · Balcão Teste · qualidade GREEN');
    await snapshot(page, 'cloud-form-tested');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('connection-form')).toBeHidden();
  });

  const live = { number: `55619${stamp.slice(-8)}`, words: `Bom dia, meu pedido ${stamp} chegou?` };
  await test.step("a customer's message arrives live; the agent accepts and replies; the reply reaches Meta", async () => {
    await page.goto('/tickets');
    await customerWrites(request, live.number, live.words);
    await acceptTicket(page, live.words);
    await expect(page.getByTestId('window-closed')).toHaveCount(0);
    const input = page.getByTestId('message-input');
    await input.fill(`Chegou sim, ${stamp}!`);
    await input.press('Enter');
    await expect.poll(async () => (await sends(request)).some((s) => s.body.to === live.number && s.body.text?.body?.includes(`Chegou sim, ${stamp}!`)), { timeout: 20_000 }).toBe(true);

    // Meta may refuse a message after taking it: the failed status's reason shows under it (issue 29 §2).
    const words = `Segue o comprovante, ${stamp}`;
    await input.fill(words);
    await input.press('Enter');
    let wamid: string | undefined;
    await expect.poll(async () => (wamid = (await sends(request)).find((s) => s.body.to === live.number && s.body.text?.body?.includes(words))?.wamid), { timeout: 20_000 }).toBeTruthy();
    const res = await request.post(`${control}/cloud/status`, { data: { wamid, status: 'failed', error: { code: 131026, title: 'Message undeliverable', details: 'Message Undeliverable.' } } });
    expect(((await res.json()) as { status: number }).status).toBe(200);
    const bubble = ourMessages(page).filter({ hasText: words });
    await expect(bubble.getByTestId('message-failure')).toHaveText('Não enviada: 131026 Message Undeliverable.');
    await snapshot(page, 'cloud-message-failed');
    // On a phone-sized window the reason stays under the bubble.
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(bubble.getByTestId('message-failure')).toBeVisible();
    await snapshot(page, 'cloud-message-failed-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step("failover (§6): a Baileys number whose fallback is the Cloud one drops; the agent's reply goes out through Meta, marked", async () => {
    const network = new FakeNetwork(request);
    const phoneName = `Celular ${stamp}`;
    await page.goto('/connections');
    await page.getByTestId('add-connection').click();
    await page.getByTestId('connection-name').fill(phoneName);
    await page.getByTestId('connection-fallback').click();
    await page.locator(`.ant-select-item-option[title="${name}"]`).click();
    await page.getByTestId('connection-fallback').scrollIntoViewIfNeeded();
    await snapshot(page, 'cloud-failover-dialog-wide');
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/whatsapp' && r.request().method() === 'POST');
    await page.getByTestId('connection-save').click();
    const phone = (await (await created).json()) as { id: number; provider: string; fallbackWhatsappId: number | null };
    expect([phone.provider, phone.fallbackWhatsappId]).toEqual(['baileys', expect.any(Number)]);
    const phoneRow = page.getByTestId('connection-row').filter({ hasText: phoneName });
    await phoneRow.getByTestId('conn-newqr').click();
    await network.nextSocket(phone.id);
    await network.scan(phone.id, '556130000002');
    await expect(phoneRow).toHaveAttribute('data-status', 'CONNECTED');
    // The live customer writes to this number too, then its session drops.
    const words = `Pelo celular: o pedido ${stamp} já saiu?`;
    await network.inbound(phone.id, live.number, words);
    await network.close(phone.id, 408);
    await expect(phoneRow).toHaveAttribute('data-status', 'TIMEOUT');
    await page.goto('/tickets');
    await acceptTicket(page, words);
    const input = page.getByTestId('message-input');
    await input.fill(`Saiu hoje, ${stamp}!`);
    await input.press('Enter');
    await expect.poll(async () => (await sends(request)).some((s) => s.body.to === live.number && s.body.text?.body?.includes(`Saiu hoje, ${stamp}!`)), { timeout: 20_000 }).toBe(true);
    const reply = page.getByTestId('message').filter({ hasText: `Saiu hoje, ${stamp}!` });
    await expect(reply.getByTestId('message-carrier')).toContainText(`via ${name}`);
    await expect(reply).toHaveAttribute('data-ack', /^[1-9]/);
    await snapshot(page, 'cloud-failover-wide');
  });

  const late = { number: `55629${stamp.slice(-8)}`, words: `Ainda tem o produto ${stamp}?` };
  await test.step('25 hours after the customer last wrote: the composer offers templates, and one reaches Meta', async () => {
    await customerWrites(request, late.number, late.words, 25 * 60 * 60_000);
    await acceptTicket(page, late.words);
    await expect(customerMessages(page).filter({ hasText: late.words })).toBeVisible();
    await expect(page.getByTestId('window-closed')).toBeVisible();
    await expect(page.getByTestId('message-input')).toHaveCount(0);
    await snapshot(page, 'cloud-window-closed-wide');
    await page.getByTestId('template-open').click();
    await page.getByTestId('template-select').click();
    await page.locator('.ant-select-item-option[title="retomar_atendimento · pt_BR"]').click();
    await page.getByTestId('template-var-0').fill('Cliente');
    await page.getByTestId('template-var-1').fill(`o produto ${stamp}`);
    await expect(page.getByTestId('template-preview')).toHaveText(`Olá Cliente, aqui é da loja. Podemos continuar o seu atendimento sobre o produto ${stamp}? Responda para continuar`);
    await snapshot(page, 'cloud-template-picker-wide');
    await page.getByTestId('template-send').click();
    await expect(page.getByTestId('template-form')).toBeHidden();
    await expect.poll(async () => (await sends(request)).find((s) => s.body.to === late.number && s.body.type === 'template')?.body.template, { timeout: 20_000 }).toEqual({
      name: 'retomar_atendimento',
      language: { code: 'pt_BR' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Cliente' }, { type: 'text', text: `o produto ${stamp}` }] }],
    });
    // Stored and shown like any outbound message, with the text the customer sees.
    await expect(page.getByTestId('message-list').locator('[data-testid="message"][data-from-me="true"]').last()).toContainText(`Podemos continuar o seu atendimento sobre o produto ${stamp}?`);
  });

  await test.step("Meta's priced statuses count once each on the dashboard's Cloud card (issue 29 §7)", async () => {
    const all = await sends(request);
    const reply = all.find((x) => x.body.to === live.number && x.body.type === 'text')!.wamid!;
    const template = all.find((x) => x.body.to === late.number && x.body.type === 'template')!.wamid!;
    const status = async (wamid: string, s: string, category: string, billable = true) => {
      const res = await request.post(`${control}/cloud/status`, { data: { wamid, status: s, category, billable } });
      expect(((await res.json()) as { status: number }).status).toBe(200);
    };
    // Sent, delivered, read and a redelivery of one message: one message of its category.
    for (const s of ['sent', 'delivered', 'read', 'read']) await status(template, s, 'utility');
    for (const s of ['sent', 'delivered']) await status(reply, s, 'service', false);
    await page.goto('/');
    const card = page.getByTestId('cloud-costs-card');
    await expect(card).toBeVisible();
    await expect(card.locator('[data-testid="cloud-cost-row"][data-category="utility"]')).toContainText(/Utilidade\s*1/);
    await expect(card.locator('[data-testid="cloud-cost-row"][data-category="service"]')).toContainText(/Atendimento\s*1/);
    await card.scrollIntoViewIfNeeded();
    await snapshot(page, 'cloud-costs-wide');
    // Back to the late customer's conversation, where the next step starts.
    await page.goBack();
    await expect(customerMessages(page).filter({ hasText: late.words })).toBeVisible();
  });

  await test.step('390 px, dark: the notice, the picker and the Cloud form fit the phone', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
    await page.reload();
    await expect(customerMessages(page).filter({ hasText: late.words })).toBeVisible();
    await expect(page.getByTestId('window-closed')).toBeVisible();
    await snapshot(page, 'cloud-window-closed-390-dark');
    await page.getByTestId('template-open').click();
    await page.getByTestId('template-select').click();
    await page.locator('.ant-select-item-option[title="retomar_atendimento · pt_BR"]').click();
    await expect(page.getByTestId('template-preview')).toBeVisible();
    await snapshot(page, 'cloud-template-picker-390-dark');
    await page.keyboard.press('Escape');
    await page.goto('/');
    await page.getByTestId('cloud-costs-card').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('cloud-costs-card')).toContainText('Utilidade');
    await snapshot(page, 'cloud-costs-390-dark');
    await page.goto('/connections');
    await row.getByTestId('conn-edit').click();
    await expect(page.getByTestId('connection-cloud')).toBeVisible();
    await page.getByTestId('connection-cloud').scrollIntoViewIfNeeded();
    await snapshot(page, 'cloud-form-390-dark');
  });
});
