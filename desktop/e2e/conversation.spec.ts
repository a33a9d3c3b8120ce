import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { startConversation } from './support/conversation';
import { MP4_HEADER, PDF, PNG_2x1, wavTone } from './support/files';
import { composerInput, customerMessages, ourMessages, snapshot, ticketItem } from './support/ui';

/**
 * Issue 9, the parts that stand on their own: the customer, played in the Simulador, sends every
 * kind it offers and the agent's conversation draws each; the customer's typing and recording
 * show on the agent's ticket; the agent's text and emoji reach the phone; the phone keeps the
 * whole conversation across a reload. (The composer's own acceptance is composer.spec.ts.)
 */
test('the customer sends every kind from the Simulador and the agent sees each, live', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const { stamp, api, customer, phone, phoneContext, ticket } = await startConversation({ page, browser, request }, 'Oi, preciso de ajuda');
  const phonePage = phone.page;
  try {
    const item = ticketItem(page.getByTestId('ticket-list-open'), ticket.id);
    await test.step("typing shows 'Digitando...' on the ticket and in the conversation; sending clears it", async () => {
      await phone.input.fill('Qual o prazo');
      await expect(item.getByTestId('ticket-presence')).toHaveText('Digitando...');
      await expect(page.getByTestId('conversation-presence')).toHaveText('Digitando...');
      await phone.input.press('Enter');
      await expect(customerMessages(page).filter({ hasText: 'Qual o prazo' })).toBeVisible();
      await expect(item.getByTestId('ticket-presence')).toHaveCount(0);
    });

    await test.step("recording shows 'Gravando...'; the voice note arrives as one", async () => {
      await phone.startRecording();
      await expect(item.getByTestId('ticket-presence')).toHaveText('Gravando...');
      await expect(page.getByTestId('conversation-presence')).toHaveText('Gravando...');
      await phone.finishRecording();
      await expect(item.getByTestId('ticket-presence')).toHaveCount(0);
      await expect(customerMessages(page).last().getByTestId('message-media')).toHaveAttribute('data-kind', 'ptt');
      // The agent can play it: the browser reads its duration from the bytes it was served.
      const player = customerMessages(page).last().locator('audio');
      await expect(player).toHaveAttribute('src', /^blob:/);
      await expect.poll(() => player.evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : a.readyState))).toBeGreaterThan(0);
    });

    const last = () => customerMessages(page).last();
    const preview = item.getByTestId('ticket-last-message');
    await test.step('a picture with a caption: the agent sees the picture', async () => {
      await phone.sendFile('image', { name: 'comprovante.png', mimeType: 'image/png', buffer: PNG_2x1 }, 'comprovante');
      await expect(preview).toHaveText('📷 comprovante');
      const img = last().getByTestId('message-media').locator('img');
      await expect(img).toHaveAttribute('src', /^blob:/);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => `${el.naturalWidth}x${el.naturalHeight}`)).toBe('2x1');
      await expect(last()).toContainText('comprovante');
    });

    await test.step('a document, an audio file and a video: each drawn as its kind', async () => {
      await phone.sendFile('document', { name: 'boleto.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(last().getByTestId('message-media')).toHaveAttribute('data-kind', 'document');
      await expect(last()).toContainText('boleto.pdf');
      await expect(preview).toHaveText('boleto.pdf');
      await phone.sendFile('audio', { name: 'recado.wav', mimeType: 'audio/wav', buffer: wavTone() });
      await expect(last().getByTestId('message-media')).toHaveAttribute('data-kind', 'audio');
      await expect(last().locator('audio')).toHaveAttribute('src', /^blob:/);
      await phone.sendFile('video', { name: 'video.mp4', mimeType: 'video/mp4', buffer: MP4_HEADER });
      await expect(last().getByTestId('message-media')).toHaveAttribute('data-kind', 'video');
    });

    await test.step('a location and a contact card', async () => {
      await phone.sendLocation('Loja Centro');
      await expect(last().getByTestId('message-location')).toContainText('Loja Centro');
      await expect(last().getByTestId('message-location-link')).toHaveAttribute('href', /maps/);
      await phone.sendContact({ name: 'Bia Lima', number: '5561981112222' });
      await expect(last().getByTestId('message-contact-card')).toContainText('Bia Lima');
      // The list names the kind, never the raw vCard.
      await expect(preview).toHaveText('Contato: Bia Lima');
    });

    await test.step('everything arrived while the agent was looking: nothing is unread, on screen or on the server', async () => {
      await expect(item.getByTestId('unread-count')).toHaveCount(0);
      await expect.poll(async () => (await api.get<{ unreadMessages: number }>(`/tickets/${ticket.id}`)).unreadMessages).toBe(0);
    });
    await snapshot(page, 'agent-conversation');

    const reply = `Olá! 😀 Já vou verificar 👍 ${stamp}`;
    await test.step('the agent answers with text and emojis; the phone shows it', async () => {
      await composerInput(page).fill(reply);
      await composerInput(page).press('Enter');
      await expect(phone.receivedWith(reply)).toBeVisible();
      await expect(phone.receivedWith(reply)).toHaveAttribute('data-kind', 'text');
    });

    await test.step('at phone width (390 px) the messages fill the screen between the header and the composer', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(ourMessages(page).filter({ hasText: reply })).toBeInViewport();
      await expect(composerInput(page)).toBeInViewport();
      const list = await page.getByTestId('message-list').boundingBox();
      expect(list?.height ?? 0).toBeGreaterThan(400);
      await snapshot(page, 'agent-conversation-390');
    });

    await test.step('the phone keeps the whole conversation across a reload', async () => {
      const kinds = ['text', 'text', 'ptt', 'image', 'document', 'audio', 'video', 'location', 'contact'];
      await expect.poll(() => sentKinds(phonePage)).toEqual(kinds);
      await phonePage.reload();
      await expect(phonePage.getByTestId('sim-number')).toHaveValue(customer.number);
      await expect.poll(() => sentKinds(phonePage)).toEqual(kinds);
      await expect(phone.receivedWith(reply)).toBeVisible();
      await expect(phone.sent.filter({ hasText: 'comprovante.png' })).toBeVisible();
      // Both sides in the order they were written: the reply comes after everything the customer sent.
      const order = await phonePage.getByTestId('sim-chat').locator('[data-testid="sim-sent"], [data-testid="sim-received"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
      expect(order.at(-1)).toBe('sim-received');
      expect(order.filter((o) => o === 'sim-sent')).toHaveLength(kinds.length);
    });
    await snapshot(phonePage, 'simulator-after-reload');
  } finally {
    await phoneContext.close();
  }
});

const sentKinds = (page: Page) => page.getByTestId('sim-sent').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
