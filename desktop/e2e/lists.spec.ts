import ExcelJS from 'exceljs';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { Api, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { PDF, PNG_2x1 } from './support/files';
import { snapshot, watchRealtime, signIn } from './support/ui';

/**
 * Issue 13 §3–4's acceptance (administration.md /contact-lists, /contact-lists/:id/contacts,
 * /files): an admin of a company of its own (a sandbox connection) imports an .xlsx into a new
 * contact list — one bad row reported —, sees each number's WhatsApp validity once the check job
 * ran (the Simulador says a number ending in 0000 has none, decision 0224), and makes a file list
 * with two uploaded options. Screenshots wide, 390 px and dark.
 */

const itemRow = (page: Page, name: string) => page.getByTestId('cl-item-row').filter({ hasText: name });

/** An .xlsx as a spreadsheet program writes it: a header, then the rows (a number typed as a number). */
const sheet = async (): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Clientes');
  ws.addRow(['Nome', 'Número', 'Email']);
  ws.addRow(['Maria Silva', 5511988887777, 'maria@exemplo.com.br']);
  ws.addRow(['João Souza', '5521977776666', '']);
  ws.addRow(['X', '5531966665555', '']);
  ws.addRow(['Sem WhatsApp', '5531900000000', '']);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

test('a contact list imported from .xlsx with its validity icons, and a file list with two options', async ({ page, request }) => {
  test.setTimeout(180_000);
  const stamp = uniqueStamp();
  const admin = { name: 'Admin Listas', email: `listas.${stamp}@${E2E_DOMAIN}`, password: 'Listas12345!' };
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Empresa Listas ${stamp}`, admin);
  const api = await Api.login(request, admin);
  await api.createSandboxConnection();

  const realtime = watchRealtime(page);
  await signIn(page, admin);
  await realtime;

  let listUrl = '';
  await test.step('a new contact list, from the empty page', async () => {
    await page.goto('/contact-lists');
    await expect(page.getByText('Nenhuma lista de contatos ainda: crie a primeira.')).toBeVisible();
    await page.getByTestId('cl-add').click();
    await page.getByTestId('cl-name').fill('C');
    await page.getByTestId('cl-save').click();
    await expect(page.getByText('Too Short!')).toBeVisible();
    await page.getByTestId('cl-name').fill('Clientes Black Friday');
    await page.getByTestId('cl-save').click();
    await expect(page.getByTestId('cl-form')).toBeHidden();
    const row = page.getByTestId('cl-row').filter({ hasText: 'Clientes Black Friday' });
    await expect(row.getByTestId('cl-count')).toHaveText('0');
    await row.getByTestId('cl-open').click();
    await expect(page).toHaveURL(/\/contact-lists\/\d+\/contacts$/);
    listUrl = new URL(page.url()).pathname;
    await expect(page.getByTestId('cl-items-title')).toContainText('Clientes Black Friday');
    await expect(page.getByText('Nenhum contato nesta lista')).toBeVisible();
  });

  await test.step('import the .xlsx: the bad row is reported with its line and reason', async () => {
    await page.getByTestId('cl-items-import').click();
    await page.getByTestId('cl-import-file').setInputFiles({ name: 'clientes.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await sheet() });
    const report = page.getByTestId('cl-import-report');
    await expect(report).toContainText('3 adicionados, 0 atualizados e 1 recusados de 4 linhas.');
    await expect(page.getByTestId('cl-import-refused')).toHaveCount(1);
    await expect(page.getByTestId('cl-import-refused')).toContainText('4');
    await expect(page.getByTestId('cl-import-refused')).toContainText('Nome inválido (2 a 50 caracteres)');
    await snapshot(page, 'lists-import-report');
    await page.getByTestId('cl-import-close').click();
  });

  await test.step('the items show their WhatsApp validity once the check ran through the connection', async () => {
    await expect(page.getByTestId('cl-item-row')).toHaveCount(3);
    await expect(itemRow(page, 'Maria Silva').getByTestId('cl-item-validity')).toHaveAttribute('data-state', 'valid', { timeout: 20_000 });
    await expect(itemRow(page, 'João Souza').getByTestId('cl-item-validity')).toHaveAttribute('data-state', 'valid', { timeout: 20_000 });
    await expect(itemRow(page, 'Sem WhatsApp').getByTestId('cl-item-validity')).toHaveAttribute('data-state', 'invalid', { timeout: 20_000 });
    await expect(itemRow(page, 'Maria Silva')).toContainText('5511988887777');
    await snapshot(page, 'lists-items-wide');
  });

  await test.step('a file list with two options, each with an uploaded file', async () => {
    await page.goto('/files');
    await expect(page.getByText('Nenhuma lista de arquivos ainda: crie a primeira.')).toBeVisible();
    await page.getByTestId('files-add').click();
    await page.getByTestId('file-name').fill('Catálogo de Verão');
    await page.getByTestId('file-message').fill('Olá! Veja nossas novidades de verão.');
    await page.getByTestId('file-option-add').click();
    await page.getByTestId('file-option-add').click();
    const options = page.getByTestId('file-option');
    await expect(options).toHaveCount(2);
    await options.nth(0).getByTestId('file-option-name').fill('Tabela de preços');
    await options.nth(0).getByTestId('file-option-file').setInputFiles({ name: 'precos.pdf', mimeType: 'application/pdf', buffer: PDF });
    await options.nth(1).getByTestId('file-option-name').fill('Foto da vitrine');
    await options.nth(1).getByTestId('file-option-file').setInputFiles({ name: 'vitrine.png', mimeType: 'image/png', buffer: PNG_2x1 });
    await expect(options.nth(1).getByTestId('file-option-filename')).toHaveText('vitrine.png');
    await snapshot(page, 'files-dialog-wide');
    await page.getByTestId('file-save').click();
    await expect(page.getByTestId('file-form')).toBeHidden();
    const row = page.getByTestId('file-row').filter({ hasText: 'Catálogo de Verão' });
    await expect(row.getByTestId('file-row-count')).toContainText('2 arquivo(s)');
    await expect(page.getByTestId('files-count')).toHaveText('(1)');
    // What the server keeps: both options with their stored files and types.
    const stored = await api.get<{ files: { options: { name: string; path: string; mediaType: string }[] }[] }>('/files', { searchParam: 'verão' });
    expect(stored.files[0]!.options.map((o) => [o.name, o.mediaType, o.path.length > 0])).toEqual([
      ['Tabela de preços', 'application/pdf', true],
      ['Foto da vitrine', 'image/png', true],
    ]);
    await row.getByTestId('file-edit').click();
    await expect(page.getByTestId('file-option').nth(0).getByTestId('file-option-filename')).toHaveText('precos.pdf');
    await snapshot(page, 'files-edit-wide');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('file-form')).toBeHidden();
  });

  await test.step('390 px and dark mode', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(listUrl);
    await expect(page.getByTestId('cl-item-row')).toHaveCount(3);
    await snapshot(page, 'lists-items-390');
    await page.goto('/contact-lists');
    await expect(page.getByTestId('cl-row')).toHaveCount(1);
    await snapshot(page, 'lists-390');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/files');
    await expect(page.getByTestId('file-row')).toHaveCount(1);
    await page.getByTestId('file-row').getByTestId('file-edit').click();
    await expect(page.getByTestId('file-form')).toBeVisible();
    await expect(page.getByTestId('file-option').nth(1).getByTestId('file-option-filename')).toHaveText('vitrine.png');
    // The dialog's opening animation done (a screenshot mid-zoom is half transparent).
    await expect(page.locator('.ant-modal').first()).not.toHaveClass(/zoom/);
    await snapshot(page, 'files-dialog-390-dark');
    await page.keyboard.press('Escape');
    await page.goto(listUrl);
    await expect(page.getByTestId('cl-item-row')).toHaveCount(3);
    await snapshot(page, 'lists-items-390-dark');
  });
});
