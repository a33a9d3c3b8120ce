import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import type { CampaignDto, ContactDto, WhatsappDto } from '@balcao/shared';
import { Api, uniqueCustomer, uniqueStamp } from './support/api';
import { E2E_CONTROL_PORT, E2E_DOMAIN, superUser } from './support/constants';
import { pick } from './support/desk';
import { snapshot, signIn } from './support/ui';

/**
 * Issue 29 §1 and §3 in Chromium through the fake Graph API (server/test/e2e/fake-cloud.ts, its
 * second number): the connections page shows what Meta says of a Cloud number — its quality
 * rating and messaging limit — after the token's test; a campaign on that number is made in the
 * dialog as an approved template whose variables are campaign texts, previewed, and Meta receives
 * the template with each contact's values. Screenshots wide, 390 px and dark.
 */

const control = `http://127.0.0.1:${E2E_CONTROL_PORT}`;
interface GraphSend {
  body: { to?: string; type?: string; template?: { name?: string; language?: { code?: string }; components?: { type: string; parameters: { text?: string }[] }[] } };
}
const sends = async (request: APIRequestContext): Promise<GraphSend[]> => (await (await request.get(`${control}/cloud/sends`)).json()) as GraphSend[];

test("a Cloud number's quality and limit on /connections, and a campaign sent as its template", async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = uniqueStamp();
  const admin = { name: 'Admin Modelos', email: `cloud.campaign.${stamp}@${E2E_DOMAIN}`, password: 'Modelos12345!' };
  const owner = await Api.login(request, superUser());
  await owner.createCompany(`Empresa Modelos ${stamp}`, admin);
  const api = await Api.login(request, admin);
  const facts = (await (await request.get(`${control}/cloud?number=campaigns`)).json()) as { phoneNumberId: string; wabaId: string; accessToken: string; appSecret: string };
  const name = `Oficial ${stamp}`.slice(0, 30);
  const wa = await api.post<WhatsappDto>('/whatsapp', { name, provider: 'cloud', cloud: { ...facts, verifyToken: `e2e-campaign-verify-${stamp}` } });
  expect((await api.post<WhatsappDto>(`/whatsappsession/${wa.id}`, {})).status).toBe('CONNECTED');
  const tag = await api.post<{ id: number }>('/tags', { name: `Oficial ${stamp}`.slice(0, 30), color: '#1677ff' });
  const ana = uniqueCustomer('Ana');
  const contact = await api.post<ContactDto>('/contacts', { name: ana.name, number: ana.number });
  await api.put(`/contacts/${contact.id}/tags`, { tagIds: [tag.id] });

  await signIn(page, admin);
  const row = page.getByTestId('connection-row').filter({ hasText: name });

  await test.step("the token's test reads Meta's quality rating and messaging limit; the table and the dialog show them", async () => {
    await page.goto('/connections');
    await expect(row).toHaveAttribute('data-status', 'CONNECTED');
    await expect(row.getByTestId('cloud-quality')).toHaveCount(0);
    await row.getByTestId('conn-edit').click();
    await page.getByTestId('cloud-test').click();
    await expect(page.getByTestId('cloud-test-result')).toContainText('qualidade GREEN');
    await expect(page.getByTestId('connection-cloud').getByTestId('cloud-quality')).toHaveText('Qualidade alta · 2.000 clientes/24 h');
    await page.getByTestId('cloud-test').scrollIntoViewIfNeeded();
    await snapshot(page, 'cloud-quality-dialog-wide');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('connection-form')).toBeHidden();
    // Stored and announced: the row shows it without a reload.
    await expect(row.getByTestId('cloud-quality')).toHaveText('Qualidade alta · 2.000 clientes/24 h');
    await snapshot(page, 'cloud-quality-table-wide');
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(row.getByTestId('cloud-quality')).toBeVisible();
    await expect(row.getByTestId('cloud-quality')).toBeInViewport();
    await snapshot(page, 'cloud-quality-table-390-dark');
    await page.evaluate(() => localStorage.removeItem('preferredTheme'));
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('a campaign on the Cloud number is its template: chosen, filled with campaign texts, previewed', async () => {
    await page.goto('/campaigns');
    await page.getByTestId('campaigns-add').click();
    await page.getByTestId('campaign-name').fill('Retomada oficial');
    await pick(page, page.getByTestId('campaign-whatsapp'), name);
    await expect(page.getByTestId('campaign-template')).toBeVisible();
    await expect(page.getByTestId('campaign-message-tabs')).toHaveCount(0);
    // Before the customer answers only the template goes: no file list, no attachment.
    await expect(page.getByTestId('campaign-file-list')).toHaveCount(0);
    await pick(page, page.getByTestId('campaign-tag'), `Oficial ${stamp}`.slice(0, 30));
    await page.getByTestId('campaign-template-select').click();
    await page.locator('.ant-select-item-option[title="retomar_atendimento · pt_BR"]').click();
    await page.getByTestId('campaign-template-var-0').fill('{nome}');
    await page.getByTestId('campaign-template-var-1').fill('a sua encomenda');
    await expect(page.getByTestId('campaign-template-preview')).toHaveText('Olá {nome}, aqui é da loja. Podemos continuar o seu atendimento sobre a sua encomenda?\n\nResponda para continuar');
    await page.getByTestId('campaign-template').scrollIntoViewIfNeeded();
    await snapshot(page, 'cloud-campaign-dialog-wide');
    // Typed into the picker, then Enter: the date is taken and the dialog's form submits.
    await page.getByTestId('campaign-scheduled-at').click();
    const now = new Date(Date.now() - 60_000);
    const two = (n: number) => String(n).padStart(2, '0');
    await page.locator('.ant-picker-input input').first().fill(`${two(now.getDate())}/${two(now.getMonth() + 1)}/${now.getFullYear()} ${two(now.getHours())}:${two(now.getMinutes())}`);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('campaign-form')).toBeHidden();
    // Reopened at 390 px in dark mode: the saved template and its variables, read-only while it runs.
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('campaign-row').filter({ hasText: 'Retomada oficial' }).getByTestId('campaign-edit').click();
    await expect(page.getByTestId('campaign-template-var-1')).toHaveValue('a sua encomenda');
    await page.getByTestId('campaign-template-preview').scrollIntoViewIfNeeded();
    await snapshot(page, 'cloud-campaign-dialog-390-dark');
    await page.keyboard.press('Escape');
    await page.evaluate(() => localStorage.removeItem('preferredTheme'));
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step("Meta receives the template with the contact's own values", async () => {
    const saved = (await api.get<{ records: CampaignDto[] }>('/campaigns')).records.find((c) => c.name === 'Retomada oficial')!;
    expect(saved.template).toEqual({ name: 'retomar_atendimento', language: 'pt_BR', variables: ['{nome}', 'a sua encomenda'] });
    await expect
      .poll(async () => (await sends(request)).filter((s) => s.body.to === ana.number).map((s) => s.body.template), { timeout: 30_000 })
      .toEqual([{ name: 'retomar_atendimento', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: ana.name }, { type: 'text', text: 'a sua encomenda' }] }] }]);
  });
});
