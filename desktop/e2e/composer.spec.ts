import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { uniqueCustomer } from './support/api';
import { startConversation } from './support/conversation';
import { PDF, PNG_2x1 } from './support/files';
import { composerInput, customerMessages, ourMessages, snapshot } from './support/ui';

/**
 * Issue 9's acceptance from the agent's hands, each checked on the customer's phone (the
 * Simulador): a picture by the file chooser and by paste, a document, a recorded voice note
 * (Chromium's fake microphone, see playwright.config.ts), emojis, a quick reply with its
 * variables filled, a reply quoting the customer, an edit, a delete, a reaction, and two
 * messages forwarded to another contact in forward mode.
 *
 * The composer's hooks (issue 9, for every branch): message-input, send-button,
 * attach-input, record-button / recorder-time / recorder-send, emoji-button + emoji-grid,
 * quick-replies with quick-reply rows, attachment-tray (caption-input, attachments-send); per
 * message: message (data-message-id), message-menu (quick-reaction, items by their pt-BR text),
 * edit-body/edit-save, delete-confirm, message-select, forward-count, forward-open,
 * forward-contact, forward-send (desktop/src/renderer/README.md lists them all).
 */

/** Sends what the attachment tray holds, with its one caption. */
const sendFromPreview = async (page: Page, caption = ''): Promise<void> => {
  const tray = page.getByTestId('attachment-tray');
  await expect(tray).toBeVisible();
  if (caption) await tray.getByTestId('caption-input').fill(caption);
  await tray.getByTestId('attachments-send').click();
  await expect(tray).toBeHidden();
};

/** Pastes a file into the message box as a browser does (a paste event carrying the file). */
const pasteFile = (input: Locator, file: { name: string; mimeType: string; buffer: Buffer }) =>
  input.evaluate(
    (el, f) => {
      const bytes = Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], f.name, { type: f.mimeType }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { name: file.name, mimeType: file.mimeType, data: file.buffer.toString('base64') },
  );

/** Opens a message's menu and picks an item by its pt-BR text. */
const menu = async (page: Page, message: Locator, item: 'Responder' | 'Encaminhar' | 'Editar' | 'Apagar' | 'Copiar texto') => {
  await message.hover();
  await message.getByTestId('message-menu').click();
  await page.getByRole('menuitem', { name: item }).click();
};

/** Reacts from the message's menu (its six quick reactions sit above the items). */
const react = async (page: Page, message: Locator, emoji: string) => {
  await message.hover();
  await message.getByTestId('message-menu').click();
  await page.getByTestId('quick-reaction').and(page.getByRole('button', { name: emoji })).click();
};

/** The agent's message whose text is `text`. */
const ours = (page: Page, text: string) => ourMessages(page).filter({ hasText: text });

const type = async (page: Page, text: string) => {
  await composerInput(page).fill(text);
  await page.getByTestId('send-button').click();
};

test("the agent sends every kind from the composer and the customer's phone shows each as that kind", async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const customerWords = 'Bom dia, mandei o comprovante?';
  const { stamp, api, customer, phone, phoneContext, ticket } = await startConversation({ page, browser, request }, customerWords);
  const other = uniqueCustomer('Outro Cliente');
  try {
    await test.step('setup: another contact to forward to, and a quick reply with variables', async () => {
      const sandbox = await api.sandboxConnection();
      await api.customerSays(sandbox.id, other, 'Oi, sou outro cliente');
      // General: the API user is another admin, and a personal reply would be only theirs.
      await api.post('/quick-messages', { shortcode: `prazo${stamp}`, message: 'Olá {{firstName}}, seu protocolo é {{protocol}}.', geral: true });
    });

    await test.step('a reply quoting the customer', async () => {
      await menu(page, customerMessages(page).filter({ hasText: customerWords }), 'Responder');
      await type(page, 'Sim, recebemos');
      const reply = phone.receivedWith('Sim, recebemos');
      await expect(reply.getByTestId('sim-quoted')).toContainText(customerWords);
    });

    await test.step("a reaction on the customer's message", async () => {
      await react(page, customerMessages(page).filter({ hasText: customerWords }), '👍');
      await expect(phone.sent.filter({ hasText: customerWords }).getByTestId('sim-reaction')).toHaveText('👍');
    });

    await test.step('a picture from the file chooser, with a caption', async () => {
      await page.getByTestId('attach-input').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG_2x1 });
      await sendFromPreview(page, 'Segue a foto');
      await expect(phone.received.filter({ hasText: 'Segue a foto' })).toHaveAttribute('data-kind', 'image');
    });

    await test.step('a picture pasted into the message box', async () => {
      const before = await phone.received.count();
      await pasteFile(composerInput(page), { name: 'colada.png', mimeType: 'image/png', buffer: PNG_2x1 });
      await sendFromPreview(page);
      await expect(phone.received).toHaveCount(before + 1);
      await expect(phone.received.last()).toHaveAttribute('data-kind', 'image');
    });

    await test.step('a document', async () => {
      await page.getByTestId('attach-input').setInputFiles({ name: 'contrato.pdf', mimeType: 'application/pdf', buffer: PDF });
      await sendFromPreview(page);
      const doc = phone.received.filter({ hasText: 'contrato.pdf' });
      await expect(doc).toHaveAttribute('data-kind', 'document');
    });

    await test.step('a recorded voice note', async () => {
      const before = await phone.received.count();
      await page.getByTestId('record-button').click();
      // Over 10,000 bytes of mp3 at 128 kbps takes more than 0.6 s: wait for the recorder's clock to pass 1 s.
      await expect(page.getByTestId('recorder-time')).toHaveText(/^0?0:0[1-9]$/);
      await page.getByTestId('recorder-send').click();
      await expect(phone.received).toHaveCount(before + 1);
      // mp3 reaches the phone as audio; ogg/opus would be a voice note.
      await expect(phone.received.last()).toHaveAttribute('data-kind', /^(ptt|audio)$/);
    });

    await test.step('emojis from the picker and typed', async () => {
      await composerInput(page).fill('Obrigado ');
      await page.getByTestId('emoji-button').click();
      await page.getByTestId('emoji-grid').getByRole('button', { name: '😀' }).click();
      await expect(composerInput(page)).toHaveValue(/Obrigado 😀/);
      await composerInput(page).press('Enter');
      await expect(phone.received.filter({ hasText: 'Obrigado 😀' })).toBeVisible();
    });

    await test.step('a quick reply, its variables filled', async () => {
      await composerInput(page).fill(`/prazo${stamp}`.slice(0, 6));
      await page.getByTestId('quick-replies').getByTestId('quick-reply').filter({ hasText: `prazo${stamp}` }).click();
      await page.getByTestId('send-button').click();
      const firstName = customer.name.split(' ')[0]!;
      await expect(phone.receivedWith(`Olá ${firstName}, seu protocolo é ${ticket.id}.`)).toBeVisible();
    });

    await test.step('an edit: the phone shows the new text as edited', async () => {
      await type(page, 'Mensagem com erro');
      await expect(ours(page, 'Mensagem com erro')).toBeVisible();
      await menu(page, ours(page, 'Mensagem com erro'), 'Editar');
      await page.getByTestId('edit-body').fill('Mensagem corrigida');
      await page.getByTestId('edit-save').click();
      const edited = phone.receivedWith('Mensagem corrigida');
      await expect(edited.getByTestId('sim-edited')).toHaveText('Editada');
    });

    await test.step('a delete: the phone shows it deleted', async () => {
      await type(page, 'Mensagem errada');
      await expect(ours(page, 'Mensagem errada')).toBeVisible();
      await menu(page, ours(page, 'Mensagem errada'), 'Apagar');
      await page.getByTestId('delete-confirm').click();
      await expect(phone.receivedWith('Mensagem errada').getByTestId('sim-deleted')).toBeVisible();
    });

    await test.step('two messages forwarded to another contact in forward mode', async () => {
      // Two fresh ones: older bubbles may be out of the virtualised list's DOM.
      await type(page, 'Primeira para encaminhar');
      await type(page, 'Segunda para encaminhar');
      const first = ours(page, 'Primeira para encaminhar');
      const second = ours(page, 'Segunda para encaminhar');
      await expect(second).toBeVisible();
      // 'Encaminhar' starts forward mode with that message ticked.
      await menu(page, first, 'Encaminhar');
      // The checkbox sits beside the bubble, in the message's row.
      const select = (text: string) => page.getByTestId('message-row').filter({ hasText: text }).getByTestId('message-select');
      await expect(select('Primeira para encaminhar')).toBeChecked();
      await select('Segunda para encaminhar').setChecked(true);
      await expect(page.getByTestId('forward-count')).toContainText('2');
      await page.getByTestId('forward-open').click();
      const picker = page.getByRole('dialog');
      await picker.getByRole('searchbox').or(picker.getByRole('textbox')).first().fill(other.name.slice(0, 12));
      await picker.getByTestId('forward-contact').filter({ hasText: other.name }).click();
      await picker.getByTestId('forward-send').click();
      await snapshot(page, 'agent-composer');
      await snapshot(phone.page, 'simulator-customer');
      // The other contact's phone.
      await phone.page.getByTestId('sim-number').fill(other.number);
      const forwarded = phone.received.filter({ has: phone.page.getByTestId('sim-forwarded') });
      await expect(forwarded).toHaveCount(2);
      await expect(forwarded.filter({ hasText: 'Primeira para encaminhar' })).toBeVisible();
      await expect(forwarded.filter({ hasText: 'Segunda para encaminhar' })).toBeVisible();
      await expect(forwarded.first().getByTestId('sim-forwarded')).toHaveText('Encaminhada');
      await snapshot(phone.page, 'simulator-other-contact');
    });
  } finally {
    await phoneContext.close();
  }
});
