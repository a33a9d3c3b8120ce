import { expect, test } from './support/test';
import { Api, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { agentPage, pick } from './support/desk';
import { snapshot } from './support/ui';

// Issue 15 part 1: two agents chat live. Ana creates a chat with Bruno and writes; Bruno's top bar
// lights the chats popover and the menu's dot, he opens the chat from the popover (the dot goes
// out), and they exchange messages, each seen live by the other.

test('two agents chat live with the unread dot and the popover', async ({ browser, request }) => {
  const stamp = uniqueStamp();
  const ana = { name: `Ana ${stamp}`, email: `ana.chat.${stamp}@${E2E_DOMAIN}`, password: 'AnaChat123!' };
  const bruno = { name: `Bruno ${stamp}`, email: `bruno.chat.${stamp}@${E2E_DOMAIN}`, password: 'BrunoChat123!' };
  // Logins: the super user's, Ana's through the API (to add Bruno), then each browser's.
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Chat ${stamp}`, ana);
  await (await Api.login(request, ana)).createUser({ ...bruno, profile: 'user' });
  const a = await agentPage(browser, ana);
  const b = await agentPage(browser, bruno);
  const title = `Plantão de sábado ${stamp}`;

  await test.step('Ana creates the chat with Bruno (the dialog refuses it empty) and writes', async () => {
    await a.page.goto('/chats');
    await expect(a.page.getByTestId('chats-empty')).toContainText('Nenhum registro');
    await a.page.getByTestId('chats-new').click();
    // As a person would: the dialog has finished opening (its zoom-in, and the users it lists)
    // before Save. A click 80 ms into the animation once lost the validation messages.
    await expect(a.page.getByRole('dialog', { name: 'Nova conversa' })).toBeVisible();
    await expect(a.page.locator('.ant-modal[class*="zoom-appear"], .ant-modal[class*="zoom-enter"]')).toHaveCount(0);
    await a.page.getByTestId('chat-save').click();
    await expect(a.page.getByText('Por favor, preencha o título da conversa.')).toBeVisible();
    await expect(a.page.getByText('Por favor, selecione pelo menos um usuário.')).toBeVisible();
    await a.page.getByTestId('chat-title').fill(title);
    await pick(a.page, a.page.getByTestId('chat-users'), bruno.name);
    // A multiple select keeps its list open: a click on the title closes it.
    await a.page.getByTestId('chat-title').click();
    await expect(a.page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await a.page.getByTestId('chat-save').click();
    await expect(a.page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    await expect(a.page.getByTestId('chat-title-header')).toHaveText(title);
    await expect(a.page.getByTestId('chat-messages-empty')).toBeVisible();
    const input = a.page.getByTestId('chat-input');
    await input.fill('   ');
    await input.press('Enter');
    await input.fill('Bruno, você fica até as 18h?');
    await input.press('Enter');
    await expect(a.page.getByTestId('chat-message-text')).toHaveText(['Bruno, você fica até as 18h?']);
  });

  await test.step("Bruno's top bar and menu show the unread chat live; the popover opens it and the dot goes out", async () => {
    await expect(b.page.getByTestId('chats-popover-badge')).toHaveAttribute('data-unread', '1');
    await expect(b.page.getByTestId('chats-menu-dot')).toBeVisible();
    await b.page.getByTestId('chats-popover-button').click();
    const row = b.page.getByTestId('chats-popover-item');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(title);
    await expect(row).toContainText('Bruno, você fica até as 18h?');
    await row.click();
    await expect(b.page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    await expect(b.page.getByTestId('chat-message-text')).toHaveText(['Bruno, você fica até as 18h?']);
    await expect(b.page.getByTestId('chats-popover-badge')).toHaveAttribute('data-unread', '0');
    await expect(b.page.getByTestId('chats-menu-dot')).toHaveCount(0);
    await expect(b.page.getByTestId('chat-item').filter({ hasText: title }).getByTestId('chat-item-unread')).toHaveCount(0);
    // Not the owner: no edit or delete.
    await expect(b.page.getByTestId('chat-edit')).toHaveCount(0);
  });

  await test.step('they exchange messages live; the open chat stays read', async () => {
    await b.page.getByTestId('chat-input').fill('Fico sim, pode deixar.');
    await b.page.getByTestId('chat-input').press('Enter');
    await expect(a.page.getByTestId('chat-message-text')).toHaveText(['Bruno, você fica até as 18h?', 'Fico sim, pode deixar.']);
    await expect(a.page.locator('[data-testid="chat-message"][data-mine="false"]')).toContainText(bruno.name);
    await a.page.getByTestId('chat-input').fill('Obrigada!');
    await a.page.getByTestId('chat-send').click();
    await expect(b.page.getByTestId('chat-message-text')).toHaveText(['Bruno, você fica até as 18h?', 'Fico sim, pode deixar.', 'Obrigada!']);
    await expect(b.page.getByTestId('chats-popover-badge')).toHaveAttribute('data-unread', '0');
    await expect(a.page.getByTestId('chats-popover-badge')).toHaveAttribute('data-unread', '0');
    await expect(a.page.getByTestId('chat-item').filter({ hasText: title }).getByTestId('chat-item-last')).toHaveText('Obrigada!');
    await snapshot(a.page, 'chats-wide');
  });

  await test.step('390 px: the tabs Chats / Mensagens; dark mode once', async () => {
    await b.page.setViewportSize({ width: 390, height: 800 });
    await expect(b.page.getByTestId('chats-page')).toHaveAttribute('data-layout', 'narrow');
    await expect(b.page.getByTestId('chats-tab-messages')).toHaveText('Mensagens');
    await expect(b.page.getByTestId('chat-message-text').last()).toHaveText('Obrigada!');
    await snapshot(b.page, 'chats-390');
    await b.page.getByTestId('chats-tab-chats').click();
    await expect(b.page.getByTestId('chat-item').filter({ hasText: title })).toBeVisible();
    await snapshot(b.page, 'chats-390-list');
    await a.page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
    await a.page.reload();
    await expect(a.page.getByTestId('chat-message-text')).toHaveText(['Bruno, você fica até as 18h?', 'Fico sim, pode deixar.', 'Obrigada!']);
    await a.page.getByTestId('chats-popover-button').click();
    await expect(a.page.getByTestId('chats-popover-list')).toBeVisible();
    await snapshot(a.page, 'chats-wide-dark');
  });

  await a.context.close();
  await b.context.close();
});
