import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { CampaignDto, ContactDto, WhatsappDto } from '@balcao/shared';
import { Api, uniqueCustomer, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { pick } from './support/desk';
import { Phone } from './support/simulator';
import { snapshot, signIn, storeSession } from './support/ui';

/**
 * Issue 13 item 5's acceptance through the Simulador: a campaign with two variants and
 * confirmation to a TAG audience, made in the dialog, runs to FINALIZADA with its report updating
 * live (the customer confirms on the Simulador and gets one of the variants); a second campaign is
 * stopped and restarted from the table and still reaches each contact once. Screenshots wide,
 * 390 px and dark.
 */

const row = (page: Page, name: string) => page.getByTestId('campaign-row').filter({ hasText: name });
const card = (page: Page, key: string) => page.getByTestId(`campaign-card-${key}`);

test('a confirmed two-variant campaign to a tag runs to FINALIZADA live; stop and restart', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const stamp = uniqueStamp();
  const admin = { name: 'Admin Campanhas', email: `campaigns.${stamp}@${E2E_DOMAIN}`, password: 'Campanhas12345!' };
  const phoneUser = { name: 'Celular', email: `campaigns.phone.${stamp}@${E2E_DOMAIN}`, password: 'Campanhas12345!', profile: 'admin' as const };
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Empresa Campanhas ${stamp}`, admin);
  const api = await Api.login(request, admin);
  await api.createUser(phoneUser);
  const wa = (await api.get<WhatsappDto[]>('/whatsapp')).find((w) => w.provider === 'sandbox') ?? (await api.createSandboxConnection());
  const tag = await api.post<{ id: number }>('/tags', { name: `VIP ${stamp}`.slice(0, 30), color: '#8e24aa' });
  const ana = uniqueCustomer('Ana');
  const bruno = uniqueCustomer('Bruno');
  for (const c of [ana, bruno]) {
    const contact = await api.post<ContactDto>('/contacts', { name: c.name, number: c.number });
    await api.put(`/contacts/${contact.id}/tags`, { tagIds: [tag.id] });
  }

  await signIn(page, admin);

  await test.step('/campaigns-config: no interval between sends', async () => {
    await page.goto('/campaigns-config');
    await expect(page.getByTestId('campaigns-config')).toBeVisible();
    await pick(page, page.getByTestId('config-message-interval'), 'Sem intervalo');
    await pick(page, page.getByTestId('config-longer-after'), 'Não definido');
    await page.getByTestId('config-variable-key').fill('loja');
    await page.getByTestId('config-variable-value').fill('Loja Centro');
    await page.getByTestId('config-variable-add').click();
    await page.getByTestId('config-save').click();
    await expect(page.getByText('Configurações salvas')).toBeVisible();
    await snapshot(page, 'campaigns-config');
  });

  await test.step('the dialog: two variants, confirmation, the tag, now', async () => {
    await page.goto('/campaigns');
    await expect(page.getByText('Nenhuma campanha cadastrada.')).toBeVisible();
    await page.getByTestId('campaigns-add').click();
    await page.getByTestId('campaign-name').fill('Oferta VIP');
    await page.getByTestId('campaign-message1').fill('Olá {nome}, oferta A da {loja}');
    await page.getByRole('tab', { name: 'Mensagem 2' }).click();
    await page.getByTestId('campaign-message2').fill('Oi {nome}, oferta B da {loja}');
    await pick(page, page.getByTestId('campaign-confirmation'), 'Habilitada');
    await page.getByRole('tab', { name: 'Confirmação 1' }).click();
    await page.getByTestId('campaign-confirmationMessage1').fill('Podemos enviar a oferta, {nome}?');
    await pick(page, page.getByTestId('campaign-whatsapp'), wa.name);
    await pick(page, page.getByTestId('campaign-tag'), `VIP ${stamp}`.slice(0, 30));
    await snapshot(page, 'campaigns-dialog');
    // Typed into the picker, then Enter: the date is taken and the dialog's form submits.
    await page.getByTestId('campaign-scheduled-at').click();
    const now = new Date(Date.now() - 60_000);
    const two = (n: number) => String(n).padStart(2, '0');
    await page.locator('.ant-picker-input input').first().fill(`${two(now.getDate())}/${two(now.getMonth() + 1)}/${now.getFullYear()} ${two(now.getHours())}:${two(now.getMinutes())}`);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('campaign-form')).toBeHidden();
    await expect(row(page, 'Oferta VIP')).toBeVisible();
  });

  const first = (await api.get<{ records: CampaignDto[] }>('/campaigns')).records.find((c) => c.name === 'Oferta VIP')!;
  expect(first.scheduledAt).not.toBeNull();

  await test.step('the report: confirmations requested to both, FINALIZADA, live', async () => {
    await row(page, 'Oferta VIP').getByTestId('campaign-report').click();
    await expect(page).toHaveURL(new RegExp(`/campaign/${first.id}/report$`));
    await expect(card(page, 'confirmationRequested')).toContainText('2', { timeout: 30_000 });
    await expect(page.getByTestId('campaign-report-status')).toHaveAttribute('data-status', 'FINALIZADA', { timeout: 30_000 });
    await expect(card(page, 'planned')).toContainText('2');
    await expect(card(page, 'confirmed')).toContainText('0');
  });

  await test.step('the customer confirms on the Simulador and gets one variant; the report follows', async () => {
    const phoneContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const phone = new Phone(await phoneContext.newPage());
    await storeSession(phone.page, phoneUser);
    await phone.open(ana);
    await expect(phone.receivedWith(`Podemos enviar a oferta, ${ana.name}?`)).toBeVisible({ timeout: 30_000 });
    await phone.say('Sim, pode enviar');
    await expect(phone.receivedWith(new RegExp(`(Olá|Oi) ${ana.name}, oferta [AB] da Loja Centro`))).toBeVisible({ timeout: 30_000 });
    await expect(phone.receivedWith(/oferta [AB]/)).toHaveCount(1);
    await snapshot(phone.page, 'campaigns-simulator');
    await expect(card(page, 'confirmed')).toContainText('1', { timeout: 30_000 });
    await expect(page.getByTestId('campaign-progress')).toHaveAttribute('aria-valuenow', '100');
    await snapshot(page, 'campaigns-report');
    await phoneContext.close();
  });

  await test.step('stop and restart from the table: each contact still gets it once', async () => {
    await api.post('/campaign-settings', { settings: { messageInterval: 20, longerIntervalAfter: 0 } });
    await api.post('/campaigns', { name: 'Lembrete VIP', message1: 'Lembrete para {nome}', whatsappId: wa.id, tagListId: tag.id, scheduledAt: new Date().toISOString() });
    await page.goto('/campaigns');
    await expect(row(page, 'Lembrete VIP')).toHaveAttribute('data-status', 'EM_ANDAMENTO', { timeout: 30_000 });
    await row(page, 'Lembrete VIP').getByTestId('campaign-stop').click();
    await expect(row(page, 'Lembrete VIP')).toHaveAttribute('data-status', 'CANCELADA');
    await expect(row(page, 'Lembrete VIP')).toContainText('Cancelada');
    await snapshot(page, 'campaigns-wide');
    await row(page, 'Lembrete VIP').getByTestId('campaign-restart').click();
    await expect(row(page, 'Lembrete VIP')).toHaveAttribute('data-status', /EM_ANDAMENTO|FINALIZADA/);
    await expect(row(page, 'Lembrete VIP')).toHaveAttribute('data-status', 'FINALIZADA', { timeout: 90_000 });
    const done = (await api.get<{ records: CampaignDto[] }>('/campaigns')).records.find((c) => c.name === 'Lembrete VIP')!;
    expect(done.report).toMatchObject({ planned: 2, sent: 2, failed: 0 });
  });

  await test.step('390 px wide, and dark', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(row(page, 'Oferta VIP')).toBeVisible();
    await snapshot(page, 'campaigns-390');
    await page.goto(`/campaign/${first.id}/report`);
    await expect(card(page, 'confirmed')).toContainText('1');
    await snapshot(page, 'campaigns-report-390');
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/campaigns');
    await expect(row(page, 'Oferta VIP')).toBeVisible();
    await row(page, 'Oferta VIP').getByTestId('campaign-edit').click();
    await expect(page.getByTestId('campaign-readonly')).toBeVisible();
    await snapshot(page, 'campaigns-dialog-dark');
  });
});
