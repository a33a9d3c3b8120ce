// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import type { WireChannels } from '@balcao/shared';
import { schedulesApi } from './schedules.api';
import { makeSchedule } from './schedules.fixtures';
import { SchedulesPage } from './SchedulesPage';

vi.mock('./schedules.api', () => ({
  schedulesApi: {
    range: vi.fn(),
    remove: vi.fn(async () => ({ ok: true })),
    create: vi.fn(),
    update: vi.fn(),
    searchContacts: vi.fn(async () => ({ contacts: [], count: 0, hasMore: false })),
    contact: vi.fn(async () => ({ id: 42, name: 'Carla Dias', number: '5511911112222' })),
  },
}));
const live: ((p: WireChannels['schedule']) => void)[] = [];
vi.mock('../../lib/socket', () => ({
  listenLive: (_channel: string, handler: (p: WireChannels['schedule']) => void) => {
    live.push(handler);
    return () => live.splice(live.indexOf(handler), 1);
  },
}));
const api = vi.mocked(schedulesApi);
configure({ asyncUtilTimeout: 8000 });

const today = dayjs().hour(15).minute(30).second(0).millisecond(0);
const Where = () => <span data-testid="where">{useLocation().search}</span>;
const renderPage = (url = '/schedules') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/schedules" element={<><Where /><SchedulesPage /></>} />
      </Routes>
    </MemoryRouter>,
  );
const events = () => screen.queryAllByTestId('schedule-event');

beforeEach(() => {
  api.range.mockResolvedValue({
    schedules: [
      makeSchedule({ id: 1, sendAt: today.toISOString(), contact: { id: 5, name: 'Maria Souza', number: '5511988887777' } }),
      makeSchedule({ id: 2, sendAt: today.add(1, 'hour').toISOString(), status: 'ERRO', error: 'A conexão Sandbox não está conectada', contact: { id: 6, name: 'Pedro Alves', number: '5511977770000' } }),
      makeSchedule({ id: 3, sendAt: today.subtract(1, 'hour').toISOString(), status: 'ENVIADA', late: true, sentAt: today.toISOString(), contact: { id: 7, name: 'Rita Melo', number: '5511966660000' } }),
    ],
    count: 3,
    hasMore: false,
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('SchedulesPage', { timeout: 60_000 }, () => {
  it("shows a skeleton, then the month with each event at its day (contact, status), and the count in the title", async () => {
    let release!: () => void;
    api.range.mockReturnValueOnce(new Promise((r) => (release = () => r({ schedules: [makeSchedule({ id: 1, sendAt: today.toISOString() })], count: 1, hasMore: false }))));
    renderPage();
    expect(screen.getByTestId('schedules-skeleton')).toBeTruthy();
    release();
    await waitFor(() => expect(events()).toHaveLength(1));
    expect(screen.getByTestId('schedules-title').textContent).toBe('Agendamentos (1)');
    const cell = screen.getAllByTestId('schedules-cell').find((c) => c.getAttribute('data-day') === today.format('YYYY-MM-DD'))!;
    expect(within(cell).getByTestId('schedule-event-contact').textContent).toBe('Maria Souza');
    // The range asked covers the month's grid.
    const [start, end] = api.range.mock.calls[0]!;
    expect(dayjs(end).diff(dayjs(start), 'day')).toBe(42);
  });

  it('says there is nothing in the period when empty', async () => {
    api.range.mockResolvedValueOnce({ schedules: [], count: 0, hasMore: false });
    renderPage();
    expect(await screen.findByText('Nenhum agendamento neste período.')).toBeTruthy();
    expect(screen.getByTestId('schedules-title').textContent).toBe('Agendamentos (0)');
  });

  it('shows the statuses in the day view: an error with its reason, a late one, in their hours', async () => {
    renderPage();
    await waitFor(() => expect(events()).toHaveLength(2));
    // A month cell shows two; the rest is counted.
    expect(screen.getByText('+1 mais')).toBeTruthy();
    fireEvent.click(screen.getByTitle('Dia'));
    await waitFor(() => expect(screen.getByTestId('schedules-dayview')).toBeTruthy());
    const hour16 = screen.getAllByTestId('schedules-hour').find((h) => h.getAttribute('data-hour') === '16')!;
    expect(within(hour16).getByTestId('schedule-event').getAttribute('data-status')).toBe('ERRO');
    expect(within(hour16).getByTestId('schedule-event-error').textContent).toBe('A conexão Sandbox não está conectada');
    const hour14 = screen.getAllByTestId('schedules-hour').find((h) => h.getAttribute('data-hour') === '14')!;
    expect(within(hour14).getByTestId('schedule-event-late').textContent).toContain('Atrasada');
    expect(within(hour14).getByTestId('schedule-event-status').textContent).toBe('Enviada');
  });

  it('the week view has the seven days of the week', async () => {
    renderPage();
    await waitFor(() => expect(events()).toHaveLength(2));
    fireEvent.click(screen.getByTitle('Semana'));
    await waitFor(() => expect(screen.getAllByTestId('schedules-day')).toHaveLength(7));
    const todayCol = screen.getAllByTestId('schedules-day').find((d) => d.getAttribute('data-day') === today.format('YYYY-MM-DD'))!;
    expect(within(todayCol).getAllByTestId('schedule-event')).toHaveLength(3);
  });

  it('merges live events: a create appears, an update changes it in place, a delete takes it out', async () => {
    renderPage();
    await waitFor(() => expect(events()).toHaveLength(2));
    act(() => live.forEach((h) => h({ action: 'create', schedule: makeSchedule({ id: 9, sendAt: today.add(1, 'day').toISOString(), contact: { id: 9, name: 'Nova Pessoa', number: '1' } }) })));
    await waitFor(() => expect(events()).toHaveLength(3));
    act(() => live.forEach((h) => h({ action: 'update', schedule: makeSchedule({ id: 9, sendAt: today.add(1, 'day').toISOString(), status: 'ENVIADA', contact: { id: 9, name: 'Nova Pessoa', number: '1' } }) })));
    await waitFor(() => expect(events().find((e) => e.getAttribute('data-id') === '9')!.getAttribute('data-status')).toBe('ENVIADA'));
    act(() => live.forEach((h) => h({ action: 'delete', scheduleId: 9 })));
    await waitFor(() => expect(events()).toHaveLength(2));
    expect(events().map((e) => e.getAttribute('data-id'))).not.toContain('9');
    expect(screen.getByTestId('schedules-title').textContent).toBe('Agendamentos (3)');
  });

  it('deletes after the confirmation', async () => {
    renderPage();
    await waitFor(() => expect(events()).toHaveLength(2));
    fireEvent.click(within(events().find((e) => e.getAttribute('data-id') === '1')!).getByTestId('schedule-delete'));
    fireEvent.click(await screen.findByTestId('schedule-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(1));
    await waitFor(() => expect(events().map((e) => e.getAttribute('data-id'))).toEqual(['3', '2']));
  });

  it('?contactId= opens the add dialog with that contact, and the parameter goes', async () => {
    renderPage('/schedules?contactId=42');
    expect(await screen.findByText('Carla Dias - 5511911112222')).toBeTruthy();
    expect(api.contact).toHaveBeenCalledWith(42);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(''));
  });
});
