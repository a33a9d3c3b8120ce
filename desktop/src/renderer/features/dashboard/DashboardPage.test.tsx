// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CloudCostsResponse, DashboardResponse, QualityResponse, SessionUserDto } from '@balcao/shared';
import { makeConnection } from '../connections/connections.fixtures';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { dashboardApi } from './dashboard.api';
import { DashboardPage } from './DashboardPage';

vi.mock('./dashboard.api', () => ({
  dashboardApi: { get: vi.fn(), quality: vi.fn(), connections: vi.fn(), cloudCosts: vi.fn(), ticketsUsers: vi.fn(), ticketsDay: vi.fn(), onboarding: vi.fn(), dismissOnboarding: vi.fn(async () => ({ key: 'onboardingDismissed', value: 'enabled' })) },
}));
vi.mock('../../lib/socket', () => ({ listenLive: () => () => undefined }));
const api = vi.mocked(dashboardApi);
configure({ asyncUtilTimeout: 8000 });

const answer: DashboardResponse = {
  counters: { supportHappening: 4, supportPending: 2, supportFinished: 9, avgSupportTime: 75, avgWaitTime: 5, totalWhatsappSessions: null, totalCompanies: null },
  attendants: [{ id: 3, name: 'Ana', rating: 2.5, avgSupportTime: 61, tickets: 3, online: true }],
  period: { from: '2026-03-01', to: '2026-03-07', timezone: 'America/Sao_Paulo' },
  scope: 'company',
};

const figures = (tickets: number, fr: number | null, sla: number | null, csat: number[]) => ({
  tickets,
  firstResponse: { median: fr, p90: fr === null ? null : fr * 2 },
  resolution: { median: 45, p90: 102 },
  slaTickets: sla === null ? 0 : 2,
  slaMetPct: sla,
  csat: { count: csat.reduce((a, b) => a + b, 0), average: csat.reduce((a, b) => a + b, 0) ? csat.reduce((a, n, i) => a + n * (i + 1), 0) / csat.reduce((a, b) => a + b, 0) : null, distribution: csat },
});
const quality: QualityResponse = {
  period: { ...answer.period, minutes: 'business' },
  overall: figures(4, 4, 50, [0, 1, 0, 0, 1]),
  byAgent: [
    { userId: 3, name: 'Ana', ...figures(2, 3, 50, [0, 0, 0, 0, 1]) },
    { userId: 4, name: '=Bruno', ...figures(2, 10, null, [0, 1, 0, 0, 0]) },
  ],
  byQueue: [{ queueId: null, name: '', ...figures(4, 4, 50, [0, 1, 0, 0, 1]) }],
};

const as = (profile: 'admin' | 'supervisor' | 'user') =>
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile, companyId: 1, name: 'Ana', super: false } as SessionUserDto });
const show = () =>
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<DashboardPage />} />
        <Route path="/tickets" element={<div data-testid="tickets-page" />} />
        <Route path="/queues" element={<div data-testid="queues-page" />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  api.get.mockResolvedValue(answer);
  api.quality.mockResolvedValue(quality);
  api.ticketsUsers.mockResolvedValue({ data: [{ userId: 3, nome: 'Ana', quantidade: 3 }], count: 3 });
  api.ticketsDay.mockResolvedValue({ data: [{ data: '01/03/2026', total: 2 }], count: 2 });
  api.connections.mockResolvedValue([makeConnection({ id: 7, provider: 'sandbox' })]);
  api.onboarding.mockResolvedValue({ dismissed: false, steps: { whatsapp: true, queues: false, users: false, hours: false, simulator: false } });
  as('admin');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('DashboardPage', { timeout: 60_000 }, () => {
  it("asks for a filter ('Parametrize o filtro'), then shows the period's cards and attendants", async () => {
    show();
    expect(screen.getByTestId('dashboard-no-filter').textContent).toContain('Parametrize o filtro');
    expect(api.get).not.toHaveBeenCalled();
    fireEvent.mouseDown(screen.getByTestId('dashboard-period').querySelector('.ant-select-selector') ?? screen.getByTestId('dashboard-period'));
    fireEvent.click(await screen.findByText('Últimos 7 dias'));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith({ days: 7 }, expect.anything()));
    expect((await screen.findByTestId('card-in-service')).textContent).toContain('4');
    expect(screen.getByTestId('card-avg-support').textContent).toContain('01h 15m');
    expect(screen.getByTestId('attendant-row').textContent).toContain('Ana');
    expect(screen.queryByTestId('card-companies')).toBeNull();
  });

  it('shows the service quality of the period (issue 30 §5): times, SLA kept, ratings, per agent or queue, and its CSV', async () => {
    const saved: Blob[] = [];
    Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => (saved.push(b), 'blob:x')), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    show();
    fireEvent.mouseDown(screen.getByTestId('dashboard-period').querySelector('.ant-select-selector') ?? screen.getByTestId('dashboard-period'));
    fireEvent.click(await screen.findByText('Últimos 7 dias'));
    const card = await screen.findByTestId('quality-card');
    expect(api.quality).toHaveBeenCalledWith('2026-03-01', '2026-03-07', expect.anything());
    // The company has business hours: the times are said to be business minutes (decision 0433).
    expect(within(card).getByTestId('quality-help').textContent).toContain('minutos úteis');
    expect(within(card).getByTestId('quality-first-response').textContent).toContain('00h 04m');
    expect(within(card).getByTestId('quality-sla').textContent).toContain('50 %');
    expect(within(card).getByTestId('quality-csat').textContent).toMatch(/3[.,]5\/ 5/);
    expect(within(card).getAllByRole('row').map((r) => r.textContent)).toEqual([expect.stringContaining('Nome'), expect.stringContaining('Ana'), expect.stringContaining('=Bruno')]);
    fireEvent.click(within(card).getByTestId('quality-export'));
    await waitFor(() => expect(saved).toHaveLength(1));
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(saved[0]!);
    });
    expect(csv.split('\r\n')[2]).toBe(`"'=Bruno";2;00h 10m;00h 20m;00h 45m;01h 42m;;2;0;1;0;0;0`);
    fireEvent.click(within(card).getByText('Por fila'));
    await waitFor(() => expect(within(card).getAllByRole('row')[1]!.textContent).toContain('Sem fila'));
  });

  it('lists the first steps with what is done, links to where to do the rest, and dismisses them', async () => {
    show();
    const steps = await screen.findAllByTestId('onboarding-step');
    expect(steps.map((s) => [s.getAttribute('data-step'), s.getAttribute('data-done')])).toEqual([
      ['whatsapp', 'true'], ['queues', 'false'], ['users', 'false'], ['hours', 'false'], ['simulator', 'false'],
    ]);
    fireEvent.click(steps[1]!.querySelector('button')!);
    expect(await screen.findByTestId('queues-page')).toBeTruthy();
  });

  it('hides the checklist once dismissed', async () => {
    const success = vi.spyOn(toast, 'success');
    show();
    fireEvent.click(await screen.findByTestId('onboarding-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('onboarding')).toBeNull());
    expect(api.dismissOnboarding).toHaveBeenCalled();
    expect(success).toHaveBeenCalled();
  });

  it('shows a supervisor the dashboard without the checklist, and sends a user to /tickets', async () => {
    as('supervisor');
    show();
    expect(await screen.findByTestId('dashboard')).toBeTruthy();
    expect(api.onboarding).not.toHaveBeenCalled();
    cleanup();
    as('user');
    show();
    expect(await screen.findByTestId('tickets-page')).toBeTruthy();
  });

  it("shows an admin this month's Cloud API messages per category over the company's Cloud connections (issue 29 §7), with the estimated cost", async () => {
    api.connections.mockResolvedValue([makeConnection({ id: 7, provider: 'sandbox' }), makeConnection({ id: 8, provider: 'cloud' }), makeConnection({ id: 9, provider: 'cloud' })]);
    const month = new Date().toISOString().slice(0, 7);
    const costs = (categories: CloudCostsResponse['categories']): CloudCostsResponse => ({ month, currency: 'USD', categories, total: { count: 0, billable: 0, estimatedCost: 0 } });
    api.cloudCosts.mockImplementation(async (id: number) =>
      id === 8
        ? costs([{ category: 'marketing', count: 3, billable: 3, unitPrice: 0.0625, estimatedCost: 0.1875 }, { category: 'service', count: 5, billable: 0, unitPrice: 0, estimatedCost: 0 }])
        : costs([{ category: 'marketing', count: 1, billable: 1, unitPrice: 0.0625, estimatedCost: 0.0625 }]),
    );
    show();
    const card = await screen.findByTestId('cloud-costs-card');
    expect(api.cloudCosts.mock.calls.map((c) => [c[0], c[1]])).toEqual([[8, month], [9, month]]);
    expect(within(card).getAllByTestId('cloud-cost-row').map((r) => [r.getAttribute('data-category'), r.textContent])).toEqual([
      ['marketing', expect.stringMatching(/^Marketing4.*0[.,]25$/)],
      ['service', expect.stringMatching(/^Atendimento5.*0[.,]00$/)],
    ]);
    expect(card.textContent).toContain('9');
  });

  it('shows no Cloud card to a company without a Cloud connection, nor to a supervisor', async () => {
    show();
    await screen.findByTestId('dashboard');
    await waitFor(() => expect(api.connections).toHaveBeenCalled());
    expect(screen.queryByTestId('cloud-costs-card')).toBeNull();
    expect(api.cloudCosts).not.toHaveBeenCalled();
    cleanup();
    as('supervisor');
    api.connections.mockClear();
    show();
    await screen.findByTestId('dashboard');
    expect(api.connections).not.toHaveBeenCalled();
    expect(screen.queryByTestId('cloud-costs-card')).toBeNull();
  });

  it("shows the spec's toast when a chart fails", async () => {
    const error = vi.spyOn(toast, 'error');
    api.ticketsDay.mockRejectedValue(new Error('boom'));
    show();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Erro ao buscar informações dos tickets'));
    expect((await screen.findByTestId('chart-users')).getAttribute('data-count')).toBe('3');
  });
});
