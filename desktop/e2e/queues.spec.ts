import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { QueueDto, QueueOptionDto } from '@balcao/shared';
import { Api, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { snapshot, watchRealtime, signIn } from './support/ui';

/**
 * Issue 11's queues acceptance (administration.md §2, §5, §8, §9): an admin creates two queues in
 * /queues (the second with the first one's colour is refused with the spec's toast), edits a
 * queue's hours once the company's scheduleType is `queue`, and builds a two-level option tree;
 * each step is checked through the API.
 */

const row = (page: Page, name: string) => page.getByTestId('queue-row').filter({ hasText: name });
const modal = (page: Page) => page.locator('.ant-modal').filter({ has: page.getByTestId('queue-save') });

test('an admin sets up queues: colour clash refused, hours edited, a two-level option tree', async ({ page, request }) => {
  const stamp = uniqueStamp();
  const admin = { name: 'Admin Filas', email: `filas.${stamp}@${E2E_DOMAIN}`, password: 'Filas12345!' };
  const helper = { name: 'Admin API', email: `filas.api.${stamp}@${E2E_DOMAIN}`, password: 'Filas12345!', profile: 'admin' as const };
  // A company of its own (its colours and queues are this test's only); a second admin checks through the API.
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Empresa Filas ${stamp}`, admin);
  const first = await Api.login(request, admin);
  await first.createUser(helper);
  const api = await Api.login(request, helper);
  await api.put('/settings/scheduleType', { value: 'queue' });

  const realtime = watchRealtime(page);
  await signIn(page, admin);
  await realtime;

  await test.step('the menu leads to an empty /queues', async () => {
    await page.goto('/queues');
    await expect(page.getByTestId('queues-table')).toBeVisible();
    await expect(page.getByText('Nenhuma fila cadastrada')).toBeVisible();
    await expect(page.getByTestId('queue-add')).toHaveText('Adicionar fila');
  });

  await test.step("create 'Comercial', then a second queue with its colour: the spec's toast, then another colour", async () => {
    await page.getByTestId('queue-add').click();
    await page.getByTestId('queue-name').fill('C');
    await page.getByTestId('queue-save').click();
    await expect(modal(page).getByText('Too Short!')).toBeVisible();
    await page.getByTestId('queue-name').fill('Comercial');
    await page.getByTestId('queue-color-input').fill('#1e88e5');
    await page.getByTestId('queue-greeting').fill('Bem-vindo ao comercial!');
    await page.getByTestId('queue-order').fill('1');
    await page.getByTestId('queue-save').click();
    await expect(row(page, 'Comercial')).toBeVisible();
    await expect(modal(page)).toBeHidden();

    await page.getByTestId('queue-add').click();
    await page.getByTestId('queue-name').fill('Suporte');
    await page.getByTestId('queue-color-input').fill('#1E88E5');
    await page.getByTestId('queue-save').click();
    await expect(page.getByText('Esta cor já está em uso, escolha outra.')).toBeVisible();
    await expect(modal(page)).toBeVisible();
    await page.getByTestId('queue-color-input').fill('#43a047');
    await page.getByTestId('queue-save').click();
    await expect(row(page, 'Suporte')).toBeVisible();
    const queues = await api.get<QueueDto[]>('/queue');
    expect(queues.map((q) => [q.name, q.color, q.orderQueue])).toEqual([
      ['Comercial', '#1e88e5', 1],
      ['Suporte', '#43a047', null],
    ]);
  });

  const comercial = (await api.get<QueueDto[]>('/queue')).find((q) => q.name === 'Comercial')!;

  await test.step("edit Comercial's hours: the spec's default week, typed through the ##:## mask", async () => {
    await row(page, 'Comercial').getByTestId('queue-edit').click();
    await page.getByRole('tab', { name: 'Horários de Atendimento' }).click();
    await expect(page.getByTestId('queue-start-monday')).toHaveValue('08:00');
    await expect(page.getByTestId('queue-end-saturday')).toHaveValue('12:00');
    await expect(page.getByTestId('queue-end-sunday')).toHaveValue('00:00');
    await page.getByTestId('queue-start-monday').fill('0930');
    await expect(page.getByTestId('queue-start-monday')).toHaveValue('09:30');
    await page.getByTestId('queue-end-saturday').fill('13');
    await page.getByTestId('queue-save').click();
    await expect(page.getByText('Horário inválido: use o formato ##:## (00:00 a 23:59).').first()).toBeVisible();
    await page.getByTestId('queue-end-saturday').fill('1300');
    await snapshot(page, 'queues-hours');
    await page.getByTestId('queue-save').click();
    await expect(modal(page)).toBeHidden();
    const saved = await api.get<QueueDto>(`/queue/${comercial.id}`);
    expect(saved.schedules).toHaveLength(7);
    expect(saved.schedules.find((d) => d.weekdayEn === 'monday')).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:30', endTime: '18:00' });
    expect(saved.schedules.find((d) => d.weekdayEn === 'saturday')).toEqual({ weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '13:00' });
  });

  await test.step('build a two-level option tree in the modal', async () => {
    await row(page, 'Comercial').getByTestId('queue-edit').click();
    await page.getByRole('tab', { name: 'Opções' }).click();
    await expect(page.getByText('Nenhuma opção: o cliente vai direto para a fila.')).toBeVisible();
    const draft = page.getByTestId('queue-option-draft');
    const addRoot = async (title: string) => {
      await page.getByTestId('queue-option-add-root').click();
      await draft.getByTestId('queue-option-title').fill(title);
      await draft.getByTestId('queue-option-save').click();
      await expect(draft).toHaveCount(0);
    };
    await addRoot('Vendas');
    await addRoot('Financeiro');
    const vendas = page.locator('[data-testid^="queue-option-"][role="group"]').filter({ has: page.locator('input[value="Vendas"]') });
    await vendas.getByTestId('queue-option-add-child').click();
    await expect(draft.getByTestId('queue-option-number')).toHaveValue('1');
    await draft.getByTestId('queue-option-title').fill('Internet');
    await draft.getByTestId('queue-option-message').fill('Conheça nossos planos de internet');
    // Enter in the title saves it, from the keyboard.
    await draft.getByTestId('queue-option-title').press('Enter');
    await expect(draft).toHaveCount(0);
    await snapshot(page, 'queues-option-tree');
    const options = await api.get<QueueOptionDto[]>('/queue-options', { queueId: comercial.id });
    const byTitle = Object.fromEntries(options.map((o) => [o.title, o]));
    expect(Object.keys(byTitle).sort()).toEqual(['Financeiro', 'Internet', 'Vendas']);
    expect(byTitle.Vendas).toMatchObject({ parentId: null, option: '1' });
    expect(byTitle.Financeiro).toMatchObject({ parentId: null, option: '2' });
    expect(byTitle.Internet).toMatchObject({ parentId: byTitle.Vendas!.id, option: '1', message: 'Conheça nossos planos de internet' });
    const roots = await api.get<QueueOptionDto[]>('/queue-options', { queueId: comercial.id, parentId: -1 });
    expect(roots.map((o) => o.title)).toEqual(['Vendas', 'Financeiro']);
    await page.keyboard.press('Escape');
    await expect(modal(page)).toBeHidden();
  });

  await test.step('the table at 390 px and in dark mode', async () => {
    await snapshot(page, 'queues-wide');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row(page, 'Comercial')).toBeVisible();
    await snapshot(page, 'queues-390');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(row(page, 'Suporte')).toBeVisible();
    await snapshot(page, 'queues-390-dark');
  });
});
