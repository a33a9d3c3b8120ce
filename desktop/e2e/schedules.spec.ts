import { expect, test } from './support/test';
import dayjs from 'dayjs';
import type { ListSchedulesResponse } from '@balcao/shared';
import { startConversation } from './support/conversation';
import { snapshot } from './support/ui';

/**
 * Issue 13 §1–2 through the Simulador: a schedule made in the /schedules modal (opened by
 * `?contactId=`) arrives on the customer's phone at its time and the calendar shows it sent; a
 * follow-up made from the conversation shows on the ticket and the customer's reply cancels it.
 * Screenshots: the calendar wide, 390 px and dark; the follow-up banner.
 */
test('schedules: sent at its time and shown as sent; a follow-up cancelled by the customer’s reply', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const world = await startConversation({ page, browser, request }, 'Olá, queria marcar uma consulta');
  const { api, phone, ticket } = world;

  await test.step('a follow-up from the conversation shows on the ticket; the customer’s reply cancels it', async () => {
    await page.getByTestId('ticket-schedule-button').click();
    await page.getByTestId('followup-body').fill('Conseguiu ver os horários?');
    await expect(page.getByTestId('followup-cancel-on-reply')).toBeChecked();
    await page.getByTestId('followup-save').click();
    await expect(page.getByTestId('followup-form')).toBeHidden();
    const item = page.getByTestId('followup-item');
    await expect(item).toContainText('Conseguiu ver os horários?');
    await snapshot(page, 'schedules-followup-banner');
    await phone.say('Vi sim, pode ser às 15h');
    await expect(page.getByTestId('followup-banner')).toHaveCount(0);
    const list = await api.get<ListSchedulesResponse>(`/schedules?ticketId=${ticket.id}`);
    expect(list.schedules.map((s) => [s.body, s.status])).toEqual([['Conseguiu ver os horários?', 'CANCELADA']]);
    // Never sent: the phone has no such message.
    await expect(phone.receivedWith('Conseguiu ver os horários?')).toHaveCount(0);
  });

  await test.step('a schedule made in the /schedules modal arrives on the phone at its time and shows as sent', async () => {
    await page.goto(`/schedules?contactId=${ticket.contact.id}`);
    await expect(page.getByTestId('schedule-modal-title')).toHaveText('Mensagem Pendente');
    await expect(page.getByTestId('schedule-contact')).toContainText(ticket.contact.name);
    await page.getByTestId('schedule-body').fill('Lembrete: sua consulta é hoje às 15h');
    // A whole minute 15–75 s ahead (the picker works in minutes; the form takes a few seconds).
    const at = dayjs().add(75, 'second').second(0).millisecond(0);
    const picker = page.getByRole('textbox', { name: /Data de envio/ });
    await picker.click();
    await picker.press('ControlOrMeta+a');
    await picker.pressSequentially(at.format('DD/MM/YYYY HH:mm'));
    await picker.press('Enter');
    await expect(picker).toHaveValue(at.format('DD/MM/YYYY HH:mm'));
    await page.getByTestId('schedule-save').click();
    await expect(page.getByTestId('schedule-form')).toBeHidden();
    const pending = page.locator('[data-testid="schedule-event"][data-status="PENDENTE"]');
    await expect(pending).toHaveCount(1);
    await expect(pending.getByTestId('schedule-event-contact')).toHaveText(ticket.contact.name);
    // This month: the schedule and the cancelled follow-up.
    await expect(page.getByTestId('schedules-title')).toHaveText('Agendamentos (2)');
    await expect(page.locator('[data-testid="schedule-event"][data-status="CANCELADA"]')).toHaveCount(1);
    await expect(phone.receivedWith('Lembrete: sua consulta é hoje às 15h')).toBeVisible({ timeout: 90_000 });
    const arrived = dayjs();
    expect(arrived.diff(at, 'second')).toBeLessThan(8);
    const sent = page.locator('[data-testid="schedule-event"][data-status="ENVIADA"]');
    await expect(sent).toHaveCount(1);
    await expect(sent.getByTestId('schedule-event-status')).toHaveAttribute('aria-label', 'Enviada');
    await snapshot(page, 'schedules-month');
    await page.getByTestId('schedules-view').getByText('Semana').click();
    const inWeek = page.getByTestId('schedules-week').locator('[data-testid="schedule-event"][data-status="ENVIADA"]');
    await expect(inWeek.getByTestId('schedule-event-status')).toHaveText('Enviada');
    await snapshot(page, 'schedules-week');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('schedules-view').getByText('Dia').click();
    await expect(page.getByTestId('schedules-dayview').locator('[data-status="ENVIADA"]')).toBeVisible();
    await snapshot(page, 'schedules-day-390');
    await page.getByTestId('schedules-view').getByText('Mês').click();
    await snapshot(page, 'schedules-month-390');
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await expect(page.locator('[data-testid="schedule-event"][data-status="ENVIADA"]')).toHaveCount(1);
    await page.locator('[data-testid="schedule-event"][data-status="ENVIADA"]').getByTestId('schedule-edit').click();
    await expect(page.getByTestId('schedule-modal-title')).toHaveText('Mensagem Enviada');
    await expect(page.getByTestId('schedule-save')).toHaveCount(0);
    await snapshot(page, 'schedules-sent-modal-dark');
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  });

  await world.phoneContext.close();
});
