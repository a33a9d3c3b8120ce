import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { CompanyWithSchedulesDto, ListAuditLogsResponse, SettingDto } from '@balcao/shared';
import { Api, uniqueStamp } from './support/api';
import { superUser, E2E_DOMAIN } from './support/constants';
import { snapshot, watchRealtime, signIn } from './support/ui';

/**
 * Issue 11 parts 3 and 7: an admin changes settings on /settings ('Opções' saves on change with
 * the spec's toast) and the server answers them; another admin turning company hours on makes
 * 'Horários' appear live; hours are saved with the spec's toast; 'Auditoria' lists the changes.
 */

/** Picks an option of an antd select by its exact label (options carry it as their title). */
const choose = async (page: Page, testId: string, label: string, search?: string) => {
  const select = page.getByTestId(testId);
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  // Until the select shows the choice: on a loaded CI run a click on an option was once lost while
  // the list was still settling (the dropdown stayed open, nothing chosen).
  await expect(async () => {
    if (!(await dropdown.isVisible())) {
      await select.click();
      // Long lists are virtual: only what the search leaves is rendered.
      if (search) await page.keyboard.type(search);
    }
    await dropdown.getByTitle(label, { exact: true }).click({ timeout: 5_000 });
    await expect(select).toContainText(label, { timeout: 10_000 });
  }).toPass({ timeout: 30_000 });
};
const valueOf = async (api: Api, key: string) => (await api.get<SettingDto[]>('/settings')).find((s) => s.key === key)?.value;

test("an admin's settings take effect, company hours appear live and are saved, and the audit tab lists it all", async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = uniqueStamp();
  const ana = { name: 'Ana Config', email: `config.${stamp}@${E2E_DOMAIN}`, password: 'Config123!' };
  const bruno = { name: 'Bruno Config', email: `config2.${stamp}@${E2E_DOMAIN}`, password: 'Config123!' };
  const owner = await Api.login(request, superUser());
  const company = await owner.createCompany(`Empresa Config ${stamp}`, ana);
  // Ana's API session creates the other admin, then the browser takes over as Ana.
  await (await Api.login(request, ana)).createUser({ ...bruno, profile: 'admin' });
  const other = await Api.login(request, bruno);

  const realtime = watchRealtime(page);
  await signIn(page, ana, '/settings');
  await realtime;
  const tabs = page.getByTestId('settings-tabs');

  await test.step("'Opções' and 'Auditoria', no 'Horários' while hours are not the company's", async () => {
    await expect(page.getByTestId('settings-tab-options')).toHaveText('Opções');
    await expect(page.getByTestId('settings-tab-audit')).toHaveText('Auditoria');
    await expect(page.getByTestId('settings-tab-schedules')).toHaveCount(0);
    await expect(tabs.getByTestId('setting-sendMsgTransfTicket')).toContainText('Desabilitado');
    // Integration keys are the super user's (administration.md §6).
    await expect(page.getByTestId('setting-secret-asaas')).toHaveCount(0);
  });

  await test.step('a setting changed in the UI is saved at once and the server answers it', async () => {
    await choose(page, 'setting-sendMsgTransfTicket', 'Habilitado');
    await expect(page.getByText('Operação atualizada com sucesso.')).toBeVisible();
    await expect.poll(() => valueOf(other, 'sendMsgTransfTicket')).toBe('enabled');
    await choose(page, 'setting-userRating', 'Habilitadas');
    await expect.poll(() => valueOf(other, 'userRating')).toBe('enabled');
    await choose(page, 'setting-timezone', 'America/Manaus', 'manaus');
    await expect.poll(() => valueOf(other, 'timezone')).toBe('America/Manaus');
    await snapshot(page, 'settings-options');
  });

  await test.step("another admin turns company hours on: 'Horários' appears without a reload", async () => {
    await other.put('/settings/scheduleType', { value: 'company' });
    await expect(page.getByTestId('settings-tab-schedules')).toHaveText('Horários');
    await expect(tabs.getByTestId('setting-scheduleType')).toContainText('Empresa');
  });

  await test.step("hours in ##:## are saved with 'Horários atualizados com sucesso.'", async () => {
    await page.getByTestId('settings-tab-schedules').click();
    const start = page.getByTestId('schedule-start-monday');
    await expect(start).toHaveValue('08:00');
    await start.fill('');
    await start.pressSequentially('0930');
    await expect(start).toHaveValue('09:30');
    await page.getByTestId('schedule-end-saturday').fill('13:00');
    await page.getByTestId('schedules-save').click();
    await expect(page.getByText('Horários atualizados com sucesso.')).toBeVisible();
    const saved = await other.get<CompanyWithSchedulesDto>(`/companies/${company.id}`);
    expect(saved.schedules.find((d) => d.weekdayEn === 'monday')).toMatchObject({ startTime: '09:30', endTime: '18:00' });
    expect(saved.schedules.find((d) => d.weekdayEn === 'saturday')).toMatchObject({ startTime: '08:00', endTime: '13:00' });
    await snapshot(page, 'settings-schedules');
  });

  await test.step("'Auditoria' lists who changed what, before → after, and filters by kind", async () => {
    await page.getByTestId('settings-tab-audit').click();
    const rows = page.getByTestId('audit-row');
    const transfer = rows.and(page.locator('[data-entity-id="sendMsgTransfTicket"]'));
    await expect(transfer).toContainText('Ana Config');
    await expect(transfer.getByTestId('audit-changes')).toHaveText('sendMsgTransfTicket: disabled → enabled');
    await expect(rows.and(page.locator('[data-entity-id="scheduleType"]'))).toContainText('Bruno Config');
    await expect(rows.and(page.locator('[data-entity="company"]'))).toContainText('09:30');
    await choose(page, 'audit-filter-entity', 'Empresa');
    await expect(rows).toHaveCount(1);
    const trail = await other.get<ListAuditLogsResponse>('/audit-logs', { entity: 'setting' });
    expect(trail.logs.map((l) => l.entityId)).toEqual(['scheduleType', 'timezone', 'userRating', 'sendMsgTransfTicket']);
    await choose(page, 'audit-filter-entity', 'Configuração');
    await expect(rows).toHaveCount(4);
    await snapshot(page, 'settings-audit');
  });

  await test.step('at phone width and in dark mode', async () => {
    // Loaded at phone width the menu starts closed (opened wide, it would become an open drawer).
    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    await expect(page.getByTestId('setting-userRating')).toBeVisible();
    await snapshot(page, 'settings-options-390');
    await page.getByTestId('settings-tab-audit').click();
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
    await snapshot(page, 'settings-audit-390');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await expect(page.getByTestId('setting-userRating')).toContainText('Habilitadas');
    await snapshot(page, 'settings-options-dark');
  });
});
