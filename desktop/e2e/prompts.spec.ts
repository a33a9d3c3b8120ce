import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { ListPromptsResponse } from '@balcao/shared';
import { Api, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { pick } from './support/desk';
import { snapshot, signIn } from './support/ui';

/**
 * Issue 12 item 5's screen (administration.md §4 /prompts): an admin creates an AI prompt in the
 * dialog, edits it (the stored key stays masked and is kept), and deletes it after the
 * confirmation titled with its name. Screenshots wide, 390 px and dark.
 */

const row = (page: Page, name: string) => page.getByTestId('prompt-row').filter({ hasText: name });
const modal = (page: Page) => page.locator('.ant-modal').filter({ has: page.getByTestId('prompt-save') });
const TRAINING = 'Você é a atendente virtual da Padaria Central. Responda com educação, em português e de forma breve.';

test('an admin creates, edits (the key stays masked) and deletes an AI prompt', async ({ page, request }) => {
  const stamp = uniqueStamp();
  const admin = { name: 'Admin Prompts', email: `prompts.${stamp}@${E2E_DOMAIN}`, password: 'Prompts12345!' };
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Empresa Prompts ${stamp}`, admin);
  const api = await Api.login(request, admin);
  await api.post('/queue', { name: 'Vendas', color: '#1e88e5' });

  await signIn(page, admin);

  await test.step('an empty /prompts with the warning box', async () => {
    await page.goto('/prompts');
    await expect(page.getByTestId('prompts-warning')).toContainText('crédito gratuito');
    await expect(page.getByText('Nenhum prompt cadastrado.')).toBeVisible();
  });

  await test.step("create: the spec's texts first, then a prompt with a key", async () => {
    await page.getByTestId('prompts-add').click();
    await page.getByTestId('prompt-name').fill('Ana');
    await page.getByTestId('prompt-save').click();
    await expect(modal(page).getByText('Muito curto!')).toBeVisible();
    await expect(modal(page).getByText('Informe o setor')).toBeVisible();
    await page.getByTestId('prompt-name').fill('Atendente Padaria');
    await page.getByTestId('prompt-api-key').fill('sk-e2e-secret-key-4321');
    await page.getByTestId('prompt-text').fill(TRAINING);
    await pick(page, page.getByTestId('prompt-queue'), 'Vendas');
    await page.getByTestId('prompt-max-tokens').fill('150');
    await snapshot(page, 'prompts-dialog');
    await page.getByTestId('prompt-save').click();
    await expect(modal(page)).toBeHidden();
    await expect(row(page, 'Atendente Padaria')).toContainText('Vendas');
    await expect(row(page, 'Atendente Padaria')).toContainText('150');
    await snapshot(page, 'prompts-wide');
  });

  await test.step('edit: the key shows only its masked tail, even revealed, and is kept on save', async () => {
    await row(page, 'Atendente Padaria').getByTestId('prompt-edit').click();
    const key = page.getByTestId('prompt-api-key');
    await expect(key).toHaveValue('sk-…4321');
    await expect(key).toHaveAttribute('type', 'password');
    await page.getByTestId('prompt-api-key-toggle').first().click();
    await expect(key).toHaveAttribute('type', 'text');
    await expect(key).toHaveValue('sk-…4321');
    await page.getByTestId('prompt-max-tokens').fill('300');
    await page.getByTestId('prompt-save').click();
    await expect(modal(page)).toBeHidden();
    await expect(row(page, 'Atendente Padaria')).toContainText('300');
    const stored = await api.get<ListPromptsResponse>('/prompt');
    expect(stored.prompts[0]).toMatchObject({ name: 'Atendente Padaria', maxTokens: 300, apiKey: 'sk-…4321', apiKeyConfigured: true, redactPii: true });
  });

  await test.step('390 px wide, and dark', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(row(page, 'Atendente Padaria')).toBeVisible();
    await snapshot(page, 'prompts-390');
    await row(page, 'Atendente Padaria').getByTestId('prompt-edit').click();
    await expect(page.getByTestId('prompt-name')).toHaveValue('Atendente Padaria');
    await snapshot(page, 'prompts-dialog-390');
    await page.keyboard.press('Escape');
    await expect(modal(page)).toBeHidden();
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await expect(row(page, 'Atendente Padaria')).toBeVisible();
    await snapshot(page, 'prompts-dark');
  });

  await test.step('delete after the confirmation titled with the name', async () => {
    await row(page, 'Atendente Padaria').getByTestId('prompt-delete').click();
    await expect(page.getByText('Excluir Atendente Padaria?')).toBeVisible();
    await page.getByTestId('prompt-delete-confirm').click();
    await expect(row(page, 'Atendente Padaria')).toHaveCount(0);
    await expect(page.getByText('Nenhum prompt cadastrado.')).toBeVisible();
    expect((await api.get<ListPromptsResponse>('/prompt')).prompts).toEqual([]);
  });
});
