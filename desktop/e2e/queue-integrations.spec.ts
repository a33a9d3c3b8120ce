import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { Api, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { pick } from './support/desk';
import { snapshot, watchRealtime, signIn } from './support/ui';

/**
 * Issue 12 part 4's screen (administration.md §2 "/queue-integration"): an admin of a company of
 * its own adds a webhook integration and a Typebot one, edits one and deletes the other after the
 * confirmation; wide, 390 px and dark screenshots.
 */

const row = (page: Page, name: string) => page.getByTestId('integration-row').filter({ hasText: name });

test('an admin adds a webhook and a typebot integration, edits one and deletes the other', async ({ page, request }) => {
  const stamp = uniqueStamp();
  const admin = { name: 'Admin Integrações', email: `integracoes.${stamp}@${E2E_DOMAIN}`, password: 'Integra12345!' };
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Empresa Integrações ${stamp}`, admin);

  const realtime = watchRealtime(page);
  await signIn(page, admin);
  await realtime;

  await test.step('an empty list with the title and its count', async () => {
    await page.goto('/queue-integration');
    await expect(page.getByText('Nenhuma integração cadastrada.')).toBeVisible();
    await expect(page.getByTestId('integrations-count')).toHaveText('(0)');
    await expect(page.getByTestId('integrations-add')).toHaveText('Adicionar Projeto');
  });

  await test.step('add a webhook: the name is validated with the spec text; the secret is never shown again', async () => {
    await page.getByTestId('integrations-add').click();
    await pick(page, page.getByTestId('integration-type'), 'Webhook');
    await page.getByTestId('integration-name').fill('a');
    await page.getByTestId('integration-save').click();
    await expect(page.getByText('Too Short!')).toBeVisible();
    await page.getByTestId('integration-name').fill('Webhook Vendas');
    await page.getByTestId('integration-url').fill('https://hooks.example.com/vendas');
    await page.getByTestId('integration-secret').fill('chave-secreta');
    await expect(page.getByTestId('integration-test')).toHaveCount(0);
    await page.getByTestId('integration-save').click();
    await expect(page.getByTestId('integration-form')).toBeHidden();
    await expect(row(page, 'Webhook Vendas').getByTestId('integration-type-webhook')).toBeVisible();
  });

  await test.step('add a typebot with its fields', async () => {
    await page.getByTestId('integrations-add').click();
    await pick(page, page.getByTestId('integration-type'), 'Typebot');
    await page.getByTestId('integration-name').fill('Typebot Atendimento');
    await page.getByTestId('integration-url').fill('https://typebot.example.com');
    await page.getByTestId('integration-typebotSlug').fill('atendimento');
    await page.getByTestId('integration-typebotKeywordFinish').fill('sair');
    await page.getByTestId('integration-typebotUnknownMessage').fill('Não entendi, escolha uma opção.');
    await page.getByTestId('integration-save').click();
    await expect(page.getByTestId('integration-form')).toBeHidden();
    await expect(row(page, 'Typebot Atendimento').getByTestId('integration-type-typebot')).toBeVisible();
    await expect(page.getByTestId('integrations-count')).toHaveText('(2)');
    await snapshot(page, 'queue-integrations-wide');
  });

  await test.step('edit the typebot: its fields come back, the new name is saved', async () => {
    await row(page, 'Typebot Atendimento').getByTestId('integration-edit').click();
    await expect(page.getByTestId('integration-typebotSlug')).toHaveValue('atendimento');
    await expect(page.getByTestId('integration-typebotKeywordFinish')).toHaveValue('sair');
    await page.getByTestId('integration-name').fill('Typebot Suporte');
    await page.getByTestId('integration-save').click();
    await expect(page.getByTestId('integration-form')).toBeHidden();
    await expect(row(page, 'Typebot Suporte')).toBeVisible();
    await expect(row(page, 'Typebot Atendimento')).toHaveCount(0);
    await row(page, 'Webhook Vendas').getByTestId('integration-edit').click();
    await expect(page.getByTestId('integration-secret')).toHaveValue('');
    await expect(page.getByText('Deixe em branco para manter o valor salvo.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('integration-form')).toBeHidden();
  });

  await test.step('search, then delete the webhook after the confirmation', async () => {
    await page.getByTestId('integrations-search').fill('suporte');
    await expect(page.getByTestId('integration-row')).toHaveCount(1);
    await page.getByTestId('integrations-search').fill('');
    await expect(page.getByTestId('integration-row')).toHaveCount(2);
    await row(page, 'Webhook Vendas').getByTestId('integration-delete').click();
    await expect(page.getByText('será removida das filas e conexões vinculadas')).toBeVisible();
    await page.getByTestId('integration-delete-confirm').click();
    await expect(row(page, 'Webhook Vendas')).toHaveCount(0);
    await expect(page.getByTestId('integrations-count')).toHaveText('(1)');
  });

  await test.step('390 px and dark mode', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    await expect(page.getByTestId('integration-row')).toHaveCount(1);
    await snapshot(page, 'queue-integrations-390');
    // The theme follows the system's preference when the page loads.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.getByTestId('integration-row')).toHaveCount(1);
    await page.getByTestId('integrations-add').click();
    await expect(page.getByTestId('integration-form')).toBeVisible();
    await snapshot(page, 'queue-integrations-dialog-390-dark');
  });
});
