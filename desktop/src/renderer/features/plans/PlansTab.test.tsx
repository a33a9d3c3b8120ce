// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanWithUsageDto } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { plansApi } from './plans.api';
import { PlansTab } from './PlansTab';

vi.mock('./plans.api', () => ({ plansApi: { all: vi.fn(), create: vi.fn(), update: vi.fn(), remove: vi.fn() } }));
const api = vi.mocked(plansApi);
configure({ asyncUtilTimeout: 8000 });

const plan = (over: Partial<PlanWithUsageDto>): PlanWithUsageDto => ({
  id: 1,
  name: 'Plano Padrão',
  users: 10,
  connections: 3,
  queues: 5,
  value: 1234.5,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  useInternal: true,
  useCopilot: true,
  companies: 0,
  ...over,
});
const inUse = plan({ id: 1, name: 'Ocupado', companies: 2 });
const free = plan({ id: 2, name: 'Livre', value: 49.9, useKanban: false });
const rows = () => screen.queryAllByTestId('plan-row');
const row = (id: number) => rows().find((r) => r.getAttribute('data-id') === String(id))!;
const apiError = (error: string, status = 409) => new ApiError(status, { error }, error);

beforeEach(() => {
  api.all.mockResolvedValue([inUse, free]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('PlansTab', { timeout: 60_000 }, () => {
  it('lists each plan with limits, value in R$, features and usage', async () => {
    render(<PlansTab />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const text = row(2).textContent!;
    expect(text).toContain('Livre');
    expect(text).toContain('R$ 49,90');
    expect(text).toContain('Campanhas');
    expect(text).not.toContain('Kanban');
    expect(row(1).textContent).toContain('R$ 1.234,50');
  });

  it('shows a skeleton while loading and "Nenhum registro" when there are no plans', async () => {
    let answer!: (v: PlanWithUsageDto[]) => void;
    api.all.mockReturnValue(new Promise((r) => (answer = r)));
    render(<PlansTab />);
    expect(screen.getByTestId('plans-skeleton')).toBeTruthy();
    await act(async () => answer([]));
    expect(await screen.findByText('Nenhum registro')).toBeTruthy();
  });

  it("shows the spec's toast when the list cannot load", async () => {
    const shown = vi.spyOn(toast, 'error');
    api.all.mockRejectedValue(apiError('ERR_INTERNAL', 500));
    render(<PlansTab />);
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Não foi possível carregar a lista de registros'));
    expect(screen.getByTestId('plans-table')).toBeTruthy();
  });

  it('creates a plan with its limits, value and switches, then reloads the list', async () => {
    const created = plan({ id: 3, name: 'Ouro', users: 7, connections: 2, queues: 4, value: 99.9, useKanban: false });
    api.create.mockResolvedValue(created);
    const ok = vi.spyOn(toast, 'success');
    render(<PlansTab />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    api.all.mockResolvedValue([inUse, free, { ...created, companies: 0 }]);
    fireEvent.click(screen.getByTestId('plans-add'));
    fireEvent.change(await screen.findByTestId('plan-name'), { target: { value: 'Ouro' } });
    fireEvent.change(screen.getByTestId('plan-users'), { target: { value: '7' } });
    fireEvent.change(screen.getByTestId('plan-connections'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('plan-queues'), { target: { value: '4' } });
    fireEvent.change(screen.getByTestId('plan-value'), { target: { value: '99,9' } });
    fireEvent.click(screen.getByTestId('plan-flag-useKanban'));
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(api.create).toHaveBeenCalled());
    expect(api.create.mock.calls[0]![0]).toEqual({
      name: 'Ouro', users: 7, connections: 2, queues: 4, value: 99.9,
      useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: false, useOpenAi: true, useIntegrations: true, useInternal: true, useCopilot: true,
      signup: true, templateSendsPerMonth: null, copilotTokenCap: 0,
    });
    expect(ok).toHaveBeenCalledWith('Operação realizada com sucesso!');
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it('edits a plan with its current values in the form', async () => {
    api.update.mockResolvedValue({ ...free, name: 'Livre 2' });
    render(<PlansTab />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(row(2)).getByTestId('plan-edit'));
    const name = (await screen.findByTestId('plan-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Livre'));
    expect((screen.getByTestId('plan-flag-useKanban') as HTMLButtonElement).getAttribute('aria-checked')).toBe('false');
    fireEvent.change(name, { target: { value: 'Livre 2' } });
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(2, expect.objectContaining({ name: 'Livre 2', users: 10, useKanban: false })));
  });

  it('sets the monthly cap of official API templates; empty is no cap (issue 29 §7)', async () => {
    api.update.mockResolvedValue({ ...free, templateSendsPerMonth: 300 });
    render(<PlansTab />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(row(2)).getByTestId('plan-edit'));
    const cap = (await screen.findByTestId('plan-templateSendsPerMonth')) as HTMLInputElement;
    await waitFor(() => expect((screen.getByTestId('plan-name') as HTMLInputElement).value).toBe('Livre'));
    expect(cap.value).toBe('');
    fireEvent.change(cap, { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(2, expect.objectContaining({ templateSendsPerMonth: 300 })));
  });

  it("sets the plan's monthly copilot token cap; empty is no cap (issue 32 §7)", async () => {
    api.update.mockResolvedValue({ ...free, copilotTokenCap: 500_000 });
    render(<PlansTab />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(row(2)).getByTestId('plan-edit'));
    const cap = (await screen.findByTestId('plan-copilotTokenCap')) as HTMLInputElement;
    await waitFor(() => expect((screen.getByTestId('plan-name') as HTMLInputElement).value).toBe('Livre'));
    expect(cap.value).toBe('');
    fireEvent.change(cap, { target: { value: '500000' } });
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(2, expect.objectContaining({ copilotTokenCap: 500_000 })));
  });

  it("says the spec's save failure text when the server refuses (a taken name)", async () => {
    api.create.mockRejectedValue(apiError('ERR_DUPLICATED_RECORD'));
    const shown = vi.spyOn(toast, 'error');
    render(<PlansTab />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('plans-add'));
    fireEvent.change(await screen.findByTestId('plan-name'), { target: { value: 'Livre' } });
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(shown).toHaveBeenCalledWith(expect.stringMatching(/^Não foi possível realizar a operação\. Verifique se já existe um plano com o mesmo nome/)));
  });

  it('does not send a plan without a name', async () => {
    render(<PlansTab />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('plans-add'));
    await screen.findByTestId('plan-name');
    fireEvent.click(screen.getByTestId('plan-save'));
    expect(await screen.findByText('Obrigatório')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('deletes a free plan after the confirmation; a plan in use cannot be deleted', async () => {
    api.remove.mockResolvedValue({});
    render(<PlansTab />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(row(1)).getByTestId('plan-delete').hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(row(2)).getByTestId('plan-delete'));
    fireEvent.click(await screen.findByTestId('plan-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(2));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it("shows why the server kept a plan someone moved onto meanwhile", async () => {
    api.remove.mockRejectedValue(apiError('ERR_PLAN_IN_USE'));
    const shown = vi.spyOn(toast, 'error');
    render(<PlansTab />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(row(2)).getByTestId('plan-delete'));
    fireEvent.click(await screen.findByTestId('plan-delete-confirm'));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Este plano está em uso por empresas e não pode ser excluído.'));
    expect(rows()).toHaveLength(2);
  });
});
