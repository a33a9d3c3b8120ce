// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WireChannels } from '@balcao/shared';
import { makeTicket } from '../../test/fixtures';
import { schedulesApi } from './schedules.api';
import { makeSchedule } from './schedules.fixtures';
import { useCompany } from '../company/company.store';
import { FollowUpBanner, ScheduleButton } from './FollowUps';

vi.mock('./schedules.api', () => ({ schedulesApi: { pendingOfTicket: vi.fn(), remove: vi.fn(async () => ({ ok: true })), create: vi.fn() } }));
const live: ((p: WireChannels['schedule']) => void)[] = [];
vi.mock('../../lib/socket', () => ({
  listenLive: (_channel: string, handler: (p: WireChannels['schedule']) => void) => {
    live.push(handler);
    return () => live.splice(live.indexOf(handler), 1);
  },
}));
const api = vi.mocked(schedulesApi);
configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useCompany.setState((s) => ({ flags: { ...s.flags, useSchedules: true } }));
});

const followUp = (over = {}) => makeSchedule({ id: 4, ticketId: 10, cancelOnReply: true, body: 'Conseguiu ver a proposta?', sendAt: new Date(Date.now() + 3_600_000).toISOString(), ...over });

describe('FollowUpBanner', { timeout: 60_000 }, () => {
  it("shows the ticket's pending follow-up until the customer's reply cancels it (live)", async () => {
    api.pendingOfTicket.mockResolvedValue({ schedules: [followUp()], count: 1, hasMore: false });
    render(<FollowUpBanner ticketId={10} />);
    expect((await screen.findByTestId('followup-item')).textContent).toContain('Conseguiu ver a proposta?');
    expect(api.pendingOfTicket).toHaveBeenCalledWith(10, expect.anything());
    act(() => live.forEach((h) => h({ action: 'update', schedule: followUp({ status: 'CANCELADA', cancelledAt: new Date().toISOString() }) })));
    await waitFor(() => expect(screen.queryByTestId('followup-banner')).toBeNull());
  });

  it('a new follow-up of this ticket appears; another ticket’s does not', async () => {
    api.pendingOfTicket.mockResolvedValue({ schedules: [], count: 0, hasMore: false });
    render(<FollowUpBanner ticketId={10} />);
    await waitFor(() => expect(api.pendingOfTicket).toHaveBeenCalled());
    act(() => live.forEach((h) => h({ action: 'create', schedule: followUp({ id: 5, ticketId: 11 }) })));
    expect(screen.queryByTestId('followup-banner')).toBeNull();
    act(() => live.forEach((h) => h({ action: 'create', schedule: followUp({ id: 6 }) })));
    expect(await screen.findByTestId('followup-item')).toBeTruthy();
  });

  it('cancels after the confirmation', async () => {
    api.pendingOfTicket.mockResolvedValue({ schedules: [followUp()], count: 1, hasMore: false });
    render(<FollowUpBanner ticketId={10} />);
    fireEvent.click(await screen.findByTestId('followup-cancel'));
    fireEvent.click(await screen.findByTestId('followup-cancel-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(4));
    await waitFor(() => expect(screen.queryByTestId('followup-banner')).toBeNull());
  });
});

describe('without useSchedules in the plan', () => {
  it('shows neither the button nor the banner, and asks nothing', () => {
    useCompany.setState((s) => ({ flags: { ...s.flags, useSchedules: false } }));
    render(
      <MemoryRouter>
        <ScheduleButton ticket={makeTicket()} />
        <FollowUpBanner ticketId={10} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('ticket-schedule-button')).toBeNull();
    expect(api.pendingOfTicket).not.toHaveBeenCalled();
  });
});

describe('ScheduleButton', { timeout: 60_000 }, () => {
  const Where = () => <span data-testid="where">{useLocation().pathname}</span>;
  const renderButton = () => {
    const ticket = makeTicket();
    render(
      <MemoryRouter initialEntries={['/tickets/x']}>
        <Routes>
          <Route path="*" element={<><Where /><ScheduleButton ticket={ticket} /></>} />
        </Routes>
      </MemoryRouter>,
    );
    return ticket;
  };

  it('saves a follow-up tied to the ticket (cancel on reply, on by default) and stays', async () => {
    api.create.mockResolvedValue(followUp());
    const ticket = renderButton();
    fireEvent.click(screen.getByTestId('ticket-schedule-button'));
    fireEvent.change(await screen.findByTestId('followup-body'), { target: { value: 'Conseguiu ver a proposta?' } });
    fireEvent.click(screen.getByTestId('followup-save'));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    expect(api.create.mock.calls[0]![0]).toMatchObject({ body: 'Conseguiu ver a proposta?', contactId: ticket.contact.id, ticketId: ticket.id, cancelOnReply: true });
    expect(screen.getByTestId('where').textContent).toBe('/tickets/x');
  });

  it("without 'cancel on reply' it is a plain schedule, and the app goes to /schedules", async () => {
    api.create.mockResolvedValue(makeSchedule());
    renderButton();
    fireEvent.click(screen.getByTestId('ticket-schedule-button'));
    fireEvent.change(await screen.findByTestId('followup-body'), { target: { value: 'Lembrete da visita' } });
    fireEvent.click(screen.getByTestId('followup-cancel-on-reply'));
    fireEvent.click(screen.getByTestId('followup-save'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/schedules'));
    expect(api.create.mock.calls[0]![0]).not.toHaveProperty('ticketId');
  });

  it("refuses a short message with 'Mensagem muito curta'", async () => {
    renderButton();
    fireEvent.click(screen.getByTestId('ticket-schedule-button'));
    fireEvent.change(await screen.findByTestId('followup-body'), { target: { value: 'Oi' } });
    fireEvent.click(screen.getByTestId('followup-save'));
    expect(await screen.findByText('Mensagem muito curta')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });
});
