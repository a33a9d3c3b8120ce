// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { NO_DUE_DATE, type CompanyDto } from '@balcao/shared';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { plansApi } from '../plans/plans.api';
import { CompaniesTab } from './CompaniesTab';
import { companiesApi } from './saas-admin.api';

vi.mock('./saas-admin.api', () => ({ companiesApi: { list: vi.fn(), create: vi.fn(), update: vi.fn(), remove: vi.fn() }, helpsApi: {}, uploadLogo: vi.fn() }));
vi.mock('../plans/plans.api', () => ({ plansApi: { all: vi.fn() } }));
const api = vi.mocked(companiesApi);
configure({ asyncUtilTimeout: 8000 });

const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');
const company = (over: Partial<CompanyDto>): CompanyDto => ({ id: 1, name: 'Empresa', email: 'e@example.com', phone: '', planId: 1, status: true, dueDate: NO_DUE_DATE, recurrence: 'MENSAL', timezone: 'America/Sao_Paulo', createdAt: '2026-01-01T00:00:00Z', ...over });
const rowOf = (id: number) => screen.getAllByTestId('company-row').find((r) => r.getAttribute('data-company-id') === String(id))!;

beforeEach(() => {
  vi.mocked(plansApi.all).mockResolvedValue([{ id: 1, name: 'Plano Padrão' } as never]);
  api.list.mockResolvedValue([
    company({ id: 1, name: 'Plataforma' }),
    company({ id: 2, name: 'Atrasada', dueDate: day(-2) }),
    company({ id: 3, name: 'Hoje', dueDate: day(0) }),
    company({ id: 4, name: 'Em breve', dueDate: day(3), recurrence: 'TRIMESTRAL' }),
    company({ id: 5, name: 'Tranquila', dueDate: day(6) }),
  ]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('CompaniesTab', { timeout: 60_000 }, () => {
  it('colours rows red when due today or past and yellow in 1-5 days, and counts them', async () => {
    render(<CompaniesTab />);
    await waitFor(() => expect(screen.getAllByTestId('company-row')).toHaveLength(5));
    expect(screen.getByTestId('companies-count').textContent).toBe('Empresas (5)');
    expect([1, 2, 3, 4, 5].map((id) => rowOf(id).getAttribute('data-due-state'))).toEqual(['none', 'overdue', 'overdue', 'soon', 'none']);
    expect(rowOf(2).className).toContain('balcao-due-overdue');
    expect(rowOf(4).className).toContain('balcao-due-soon');
    expect(rowOf(1).textContent).toContain('Sem vencimento');
  });

  it("the 'Vencimento' plus moves the due date on by the company's recurrence", async () => {
    const due = day(3);
    const moved = dayjs(due).add(3, 'month').format('YYYY-MM-DD');
    api.update.mockResolvedValue(company({ id: 4, name: 'Em breve', dueDate: moved, recurrence: 'TRIMESTRAL' }));
    render(<CompaniesTab />);
    await waitFor(() => expect(screen.getAllByTestId('company-row')).toHaveLength(5));
    fireEvent.click(rowOf(4).querySelector('[data-testid="company-advance"]')!);
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(4, { dueDate: moved }));
    await waitFor(() => expect(rowOf(4).getAttribute('data-due-state')).toBe('none'));
  });

  it('deletes after the confirmation; the platform company refusal is shown', async () => {
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    api.remove.mockResolvedValueOnce({});
    render(<CompaniesTab />);
    await waitFor(() => expect(screen.getAllByTestId('company-row')).toHaveLength(5));
    fireEvent.click(rowOf(5).querySelector('[data-testid="company-delete"]')!);
    expect(api.remove).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('company-delete-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('company-row')).toHaveLength(4));
    expect(api.remove).toHaveBeenCalledWith(5);
    expect(success).toHaveBeenCalledWith('Operação realizada com sucesso!');

    api.remove.mockRejectedValueOnce(new ApiError(409, { error: 'ERR_PLATFORM_COMPANY' }, 'ERR_PLATFORM_COMPANY'));
    fireEvent.click(rowOf(1).querySelector('[data-testid="company-delete"]')!);
    const confirms = await screen.findAllByTestId('company-delete-confirm');
    fireEvent.click(confirms[confirms.length - 1]!);
    await waitFor(() => expect(error).toHaveBeenCalledWith('A empresa da plataforma não pode ser excluída.'));
    expect(screen.getAllByTestId('company-row')).toHaveLength(4);
  });

  it('shows the empty state and the load failure toast', async () => {
    const error = vi.spyOn(toast, 'error');
    api.list.mockRejectedValueOnce(new Error('down'));
    render(<CompaniesTab />);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Não foi possível carregar a lista de registros'));
    expect(await screen.findByText('Nenhum registro')).toBeTruthy();
  });
});
