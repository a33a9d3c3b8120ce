// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { pickOption } from '../../test/select';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyWithSchedulesDto, SessionUserDto, SettingDto, WireChannels } from '@balcao/shared';
import { http } from '../../lib/http';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { settingsApi } from './settings.api';
import { useSettings } from './settings.store';
import { allFlagsOn } from '../company/company.api';
import { useCompany } from '../company/company.store';
import { SettingsPage } from './SettingsPage';

vi.mock('./settings.api', () => ({
  settingsApi: { list: vi.fn(), update: vi.fn(), company: vi.fn(), updateSchedules: vi.fn(), auditLogs: vi.fn() },
}));
const socketHandlers: ((p: WireChannels['settings']) => void)[] = [];
vi.mock('../../lib/socket', () => ({
  listenLive: (_channel: string, handler: (p: WireChannels['settings']) => void) => {
    socketHandlers.push(handler);
    return () => socketHandlers.splice(socketHandlers.indexOf(handler), 1);
  },
}));
const api = vi.mocked(settingsApi);
configure({ asyncUtilTimeout: 8000 });

const base: SettingDto[] = [
  { key: 'userRating', value: 'disabled' },
  { key: 'scheduleType', value: 'disabled' },
  { key: 'CheckMsgIsGroup', value: 'enabled' },
  { key: 'call', value: 'enabled' },
  { key: 'chatBotType', value: 'text' },
  { key: 'sendGreetingAccepted', value: 'disabled' },
  { key: 'sendMsgTransfTicket', value: 'disabled' },
  { key: 'sendGreetingMessageOneQueues', value: 'disabled' },
  { key: 'asaas', value: '', configured: true },
  { key: 'ipixc', value: '', configured: false },
  { key: 'timezone', value: 'America/Sao_Paulo' },
];
const company = (schedules: CompanyWithSchedulesDto['schedules']): CompanyWithSchedulesDto => ({
  id: 1, name: 'ACME', email: '', phone: '', planId: 1, status: true, dueDate: '2999-12-31', recurrence: 'MENSAL', timezone: 'America/Sao_Paulo', createdAt: '', schedules,
});

const asUser = (isSuper = false) =>
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile: 'admin', companyId: 1, name: 'Ana', super: isSuper } as SessionUserDto });
const openSelect = (testId: string) => {
  const root = screen.getByTestId(testId);
  fireEvent.mouseDown(within(root.closest('.ant-select') ?? root).getByRole('combobox'));
};
const tabs = () => [...document.querySelectorAll('[data-testid^="settings-tab-"]')].map((t) => t.textContent);

beforeEach(() => {
  useSettings.getState().reset();
  api.list.mockResolvedValue(base);
  api.auditLogs.mockResolvedValue({ logs: [], hasMore: false });
  vi.spyOn(http, 'get').mockResolvedValue([]);
  asUser();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('SettingsPage', { timeout: 60_000 }, () => {
  it("hides 'Webhooks' when the company's plan has no external API (decision 0300)", async () => {
    useCompany.setState({ flags: { ...allFlagsOn(), useExternalApi: false } });
    try {
      render(<SettingsPage />);
      await waitFor(() => expect(tabs()).toEqual(['Opções', 'SLA', 'Auditoria']));
    } finally {
      useCompany.setState({ flags: allFlagsOn() });
    }
  });

  it("shows 'Opções', 'SLA' and 'Auditoria' to an admin, and 'Horários' only once scheduleType is company (live)", async () => {
    render(<SettingsPage />);
    await waitFor(() => expect(tabs()).toEqual(['Opções', 'SLA', 'Auditoria', 'Webhooks']));
    expect(screen.getByTestId('setting-userRating').closest('.ant-select')!.textContent).toContain('Desabilitadas');
    // Another admin turns company hours on: the tab appears without a reload.
    act(() => socketHandlers.forEach((h) => h({ action: 'update', setting: { key: 'scheduleType', value: 'company' } })));
    await waitFor(() => expect(tabs()).toEqual(['Opções', 'Horários', 'SLA', 'Auditoria', 'Webhooks']));
    expect(screen.getByTestId('setting-scheduleType').closest('.ant-select')!.textContent).toContain('Empresa');
  });

  it('saves a setting on change and says so with the spec toast', async () => {
    const success = vi.spyOn(toast, 'success');
    api.update.mockResolvedValue({ key: 'sendMsgTransfTicket', value: 'enabled' });
    render(<SettingsPage />);
    await screen.findByTestId('setting-sendMsgTransfTicket');
    openSelect('setting-sendMsgTransfTicket');
    await pickOption('Habilitado');
    await waitFor(() => expect(api.update).toHaveBeenCalledWith('sendMsgTransfTicket', 'enabled'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Operação atualizada com sucesso.'));
    expect(useSettings.getState().settings.sendMsgTransfTicket?.value).toBe('enabled');
  });

  it('offers the survey’s Cloud template while the survey is on: a name saved on Enter, emptied is none, a bad name not sent (decision 0430)', async () => {
    render(<SettingsPage />);
    await screen.findByTestId('setting-userRating');
    expect(screen.queryByTestId('setting-csatTemplate')).toBeNull();
    api.list.mockResolvedValue([...base, { key: 'csat', value: 'enabled' }, { key: 'csatTemplate', value: 'none' }, { key: 'csatTemplateLanguage', value: 'pt_BR' }]);
    cleanup();
    useSettings.getState().reset();
    render(<SettingsPage />);
    const name = (await screen.findByTestId('setting-csatTemplate')) as HTMLInputElement;
    expect(name.value).toBe('');
    api.update.mockResolvedValue({ key: 'csatTemplate', value: 'avaliacao_atendimento' });
    fireEvent.change(name, { target: { value: 'avaliacao_atendimento' } });
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    await waitFor(() => expect(api.update).toHaveBeenCalledWith('csatTemplate', 'avaliacao_atendimento'));
    await waitFor(() => expect(useSettings.getState().settings.csatTemplate?.value).toBe('avaliacao_atendimento'));
    fireEvent.change(name, { target: { value: 'Avaliação!' } });
    fireEvent.blur(name);
    fireEvent.change(name, { target: { value: '' } });
    api.update.mockResolvedValue({ key: 'csatTemplate', value: 'none' });
    fireEvent.blur(name);
    await waitFor(() => expect(api.update).toHaveBeenLastCalledWith('csatTemplate', 'none'));
    expect(api.update).toHaveBeenCalledTimes(2);
  });

  it('shows integration keys to super users only, write-only: the placeholder says whether one is set', async () => {
    render(<SettingsPage />);
    await screen.findByTestId('setting-userRating');
    expect(screen.queryByTestId('setting-secret-asaas')).toBeNull();
    cleanup();
    asUser(true);
    api.update.mockResolvedValue({ key: 'ipixc', value: '', configured: true });
    render(<SettingsPage />);
    const asaas = (await screen.findByTestId('setting-secret-asaas')) as HTMLInputElement;
    expect(asaas.value).toBe('');
    expect(asaas.placeholder).toBe('Configurado — digite para substituir');
    const ixc = screen.getByTestId('setting-secret-ipixc') as HTMLInputElement;
    expect(ixc.placeholder).toBe('Não configurado');
    fireEvent.change(ixc, { target: { value: '10.0.0.1' } });
    fireEvent.click(screen.getByTestId('setting-secret-save-ipixc'));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith('ipixc', '10.0.0.1'));
    await waitFor(() => expect(ixc.value).toBe(''));
    await waitFor(() => expect(ixc.placeholder).toBe('Configurado — digite para substituir'));
  });

  it('sets the SLA default targets, two periods a day and a holiday (issue 30 §3)', async () => {
    const success = vi.spyOn(toast, 'success');
    const stored = { company: { firstResponseMinutes: 30, nextResponseMinutes: null, resolutionMinutes: null }, hours: { periods: [{ weekday: 1, start: '08:00', end: '12:00' }], holidays: [] }, queues: [] };
    vi.spyOn(http, 'get').mockImplementation(async (url: string) => (url === '/sla' ? stored : []) as never);
    const put = vi.spyOn(http, 'put').mockImplementation(async (_url: string, body: unknown) => ({ ...stored, ...(body as object) }) as never);
    render(<SettingsPage />);
    fireEvent.click(await screen.findByTestId('settings-tab-sla'));
    const first = (await screen.findByTestId('sla-default-firstResponse')) as HTMLInputElement;
    expect(first.value).toBe('30');
    fireEvent.change(screen.getByTestId('sla-default-resolution'), { target: { value: '480' } });
    fireEvent.click(screen.getByTestId('sla-add-period'));
    fireEvent.change(await screen.findByTestId('sla-period-start-1'), { target: { value: '13:00' } });
    fireEvent.change(screen.getByTestId('sla-period-end-1'), { target: { value: '18:00' } });
    const holidays = within(screen.getByTestId('sla-holidays')).getByRole('combobox');
    fireEvent.change(holidays, { target: { value: '2026-12-25' } });
    fireEvent.keyDown(holidays, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByTestId('sla-save'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('SLA salvo.'));
    expect(put).toHaveBeenCalledWith('/sla', {
      company: { firstResponseMinutes: 30, nextResponseMinutes: null, resolutionMinutes: 480 },
      hours: { periods: [{ weekday: 1, start: '08:00', end: '12:00' }, { weekday: 1, start: '13:00', end: '18:00' }], holidays: ['2026-12-25'] },
    });
  });

  it('refuses an SLA period that ends before it starts, and sends nothing', async () => {
    const stored = { company: { firstResponseMinutes: null, nextResponseMinutes: null, resolutionMinutes: null }, hours: { periods: [], holidays: [] }, queues: [] };
    vi.spyOn(http, 'get').mockImplementation(async (url: string) => (url === '/sla' ? stored : []) as never);
    const put = vi.spyOn(http, 'put');
    render(<SettingsPage />);
    fireEvent.click(await screen.findByTestId('settings-tab-sla'));
    fireEvent.click(await screen.findByTestId('sla-add-period'));
    fireEvent.change(await screen.findByTestId('sla-period-end-0'), { target: { value: '07:00' } });
    fireEvent.click(screen.getByTestId('sla-save'));
    expect(await screen.findByText('Cada período precisa de início antes do fim (HH:MM).')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it("edits the week in ##:##, refuses a bad time and saves with 'Horários atualizados com sucesso.'", async () => {
    const success = vi.spyOn(toast, 'success');
    api.list.mockResolvedValue(base.map((s) => (s.key === 'scheduleType' ? { ...s, value: 'company' } : s)));
    api.company.mockResolvedValue(company([{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '17:00' }]));
    api.updateSchedules.mockImplementation(async (_id, schedules) => company(schedules));
    render(<SettingsPage />);
    fireEvent.click(await screen.findByTestId('settings-tab-schedules'));
    const start = (await screen.findByTestId('schedule-start-monday')) as HTMLInputElement;
    expect(start.value).toBe('09:00');
    expect((screen.getByTestId('schedule-end-saturday') as HTMLInputElement).value).toBe('12:00');
    fireEvent.change(start, { target: { value: '25' } });
    expect(start.value).toBe('25');
    expect(screen.getByTestId('schedules-save').hasAttribute('disabled')).toBe(true);
    fireEvent.change(start, { target: { value: '0730' } });
    expect(start.value).toBe('07:30');
    fireEvent.click(screen.getByTestId('schedules-save'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Horários atualizados com sucesso.'));
    const sent = api.updateSchedules.mock.calls[0]!;
    expect(sent[0]).toBe(1);
    expect(sent[1]).toHaveLength(7);
    expect(sent[1][0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '07:30', endTime: '17:00' });
    // Another admin's save replaces the rows.
    act(() => socketHandlers.forEach((h) => h({ action: 'schedules', schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '10:00', endTime: '16:00' }] })));
    await waitFor(() => expect((screen.getByTestId('schedule-start-monday') as HTMLInputElement).value).toBe('10:00'));
  });

  it('lists the audit trail: who, what, before → after, and filters by entity', async () => {
    api.auditLogs.mockResolvedValue({
      hasMore: false,
      logs: [
        { id: 7, companyId: 1, userId: 1, userName: 'Ana', entity: 'setting', entityId: 'userRating', action: 'update', before: { userRating: 'disabled' }, after: { userRating: 'enabled' }, createdAt: '2026-03-09T12:00:00Z' },
        { id: 6, companyId: 1, userId: 1, userName: 'Ana', entity: 'whatsapp', entityId: '3', action: 'create', before: null, after: { name: 'Loja', token: '•••' }, createdAt: '2026-03-09T11:00:00Z' },
      ],
    });
    render(<SettingsPage />);
    fireEvent.click(await screen.findByTestId('settings-tab-audit'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('audit-row');
    expect(first!.textContent).toContain('Ana');
    expect(first!.textContent).toContain('Configuração');
    expect(first!.textContent).toContain('Alterou');
    expect(within(first!).getByTestId('audit-changes').textContent).toBe('userRating: disabled → enabled');
    expect(second!.textContent).toContain('Criou');
    expect(within(second!).getByTestId('audit-changes').textContent).toContain('token: •••');
    openSelect('audit-filter-entity');
    await pickOption('Conexão');
    await waitFor(() => expect(api.auditLogs).toHaveBeenLastCalledWith({ entity: 'whatsapp' }, 1, expect.anything()));
  });

  it("lets the super user read one company's trail, naming each row's company", async () => {
    asUser(true);
    vi.spyOn(http, 'get').mockImplementation(async (path: string) => (path === '/companies' ? [{ id: 1, name: 'Plataforma' }, { id: 5, name: 'Loja Azul' }] : []) as never);
    api.auditLogs.mockResolvedValue({
      hasMore: false,
      logs: [{ id: 9, companyId: 5, userId: 2, userName: 'Bia', entity: 'setting', entityId: 'call', action: 'update', before: { call: 'enabled' }, after: { call: 'disabled' }, createdAt: '2026-03-09T12:00:00Z' }],
    });
    render(<SettingsPage />);
    fireEvent.click(await screen.findByTestId('settings-tab-audit'));
    await waitFor(() => expect(screen.getByTestId('audit-row').textContent).toContain('Loja Azul'));
    openSelect('audit-filter-company');
    await pickOption('Loja Azul');
    await waitFor(() => expect(api.auditLogs).toHaveBeenLastCalledWith({ companyId: 5 }, 1, expect.anything()));
  });
});
