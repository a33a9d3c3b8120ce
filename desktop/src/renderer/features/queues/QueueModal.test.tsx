// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultQueueSchedules } from '@balcao/shared';
import { ApiError, http } from '../../lib/http';
import { toast } from '../../lib/toast';
import { queuesApi } from './queues.api';
import { makeOption, makeQueue } from './queues.fixtures';
import { useQueues } from './queues.store';
import { QueueModal } from './QueueModal';

vi.mock('./queues.api', () => ({
  queuesApi: {
    create: vi.fn(),
    update: vi.fn(),
    upload: vi.fn(),
    removeMedia: vi.fn(),
    options: vi.fn(),
    createOption: vi.fn(),
    updateOption: vi.fn(),
    removeOption: vi.fn(async () => ({})),
    uploadOption: vi.fn(),
    removeOptionMedia: vi.fn(),
    integrations: vi.fn(),
    prompts: vi.fn(),
  },
}));
const api = vi.mocked(queuesApi);
configure({ asyncUtilTimeout: 8000 });

const onClose = vi.fn();
const onSaved = vi.fn();
const open = (record: ReturnType<typeof makeQueue> | null = null) => render(<QueueModal open record={record} onClose={onClose} onSaved={onSaved} />);
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId('queue-save'));
const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

beforeEach(() => {
  useQueues.setState({ records: [makeQueue({ id: 7, color: '#1677ff' })], loaded: true, hoursPerQueue: false });
  api.options.mockResolvedValue([]);
  api.integrations.mockResolvedValue([]);
  // The company's plan has no AI: the list answers 403 and the select offers nothing.
  api.prompts.mockRejectedValue(new ApiError(403, { error: 'ERR_PLAN_FEATURE_DISABLED' }, 'forbidden'));
  // SLA policies are the admins': without them (403) the modal has no SLA tab.
  vi.spyOn(http, 'get').mockRejectedValue(new ApiError(403, { error: 'ERR_NO_PERMISSION' }, 'forbidden'));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('QueueModal', { timeout: 60_000 }, () => {
  it("checks the name with the spec's texts and sends nothing", async () => {
    open();
    save();
    expect(await screen.findByText('Required')).toBeTruthy();
    type('queue-name', 'A');
    expect(await screen.findByText('Too Short!')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('creates with a colour no queue uses yet, and without hours while scheduleType is not queue', async () => {
    api.create.mockResolvedValue(makeQueue({ id: 9, name: 'Suporte' }));
    open();
    expect(screen.queryByRole('tab', { name: 'Horários de Atendimento' })).toBeNull();
    expect((screen.getByTestId('queue-color-input') as HTMLInputElement).value).toBe('#52c41a');
    type('queue-name', 'Suporte');
    type('queue-greeting', 'Olá!');
    save();
    await waitFor(() => expect(api.create).toHaveBeenCalled());
    expect(api.create.mock.calls[0]![0]).toEqual({
      name: 'Suporte',
      color: '#52c41a',
      greetingMessage: 'Olá!',
      outOfHoursMessage: '',
      orderQueue: null,
      integrationId: null,
      promptId: null,
      assignment: 'none',
      agentCapacity: null,
      reassignAfterMinutes: null,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("hands the queue to one of the company's integrations, and keeps a queue's prompt when the plan lists none", async () => {
    api.integrations.mockResolvedValue([{ id: 31, name: 'Typebot vendas' } as never, { id: 32, name: 'n8n' } as never]);
    const q = makeQueue({ id: 7, promptId: 4 });
    api.update.mockResolvedValue(q);
    open(q);
    fireEvent.mouseDown(screen.getByTestId('queue-integration').querySelector('.ant-select-selector') ?? screen.getByTestId('queue-integration'));
    fireEvent.click(await screen.findByText('Typebot vendas'));
    save();
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.calls[0]![1]).toMatchObject({ integrationId: 31, promptId: 4 });
  });

  it('sets automatic assignment (issue 30 §2): the policy, the capacity per agent and the minutes before reassigning', async () => {
    const q = makeQueue({ id: 7, assignment: 'round_robin', agentCapacity: 4 });
    api.update.mockResolvedValue(q);
    open(q);
    expect(screen.getByTestId('queue-assignment').textContent).toContain('Rodízio');
    fireEvent.mouseDown(screen.getByTestId('queue-assignment').querySelector('.ant-select-selector') ?? screen.getByTestId('queue-assignment'));
    fireEvent.click(await screen.findByText('Equilibrada (menos atendimentos abertos)'));
    type('queue-capacity', '6');
    type('queue-reassign', '10');
    save();
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.calls[0]![1]).toMatchObject({ assignment: 'balanced', agentCapacity: 6, reassignAfterMinutes: 10 });
  });

  it('sets the queue’s own SLA targets (issue 30 §3) and leaves them alone when unchanged', async () => {
    const q = makeQueue({ id: 7 });
    api.update.mockResolvedValue(q);
    const none = { firstResponseMinutes: null, nextResponseMinutes: null, resolutionMinutes: null };
    vi.spyOn(http, 'get').mockResolvedValue({ company: none, hours: { periods: [], holidays: [] }, queues: [{ queueId: 7, ...none, firstResponseMinutes: 15 }] } as never);
    const put = vi.spyOn(http, 'put').mockResolvedValue({} as never);
    open(q);
    fireEvent.click(await screen.findByRole('tab', { name: 'SLA' }));
    expect(((await screen.findByTestId('queue-sla-firstResponse')) as HTMLInputElement).value).toBe('15');
    type('queue-sla-resolution', '240');
    save();
    await waitFor(() => expect(put).toHaveBeenCalledWith('/sla/queues/7', { firstResponseMinutes: 15, nextResponseMinutes: null, resolutionMinutes: 240 }));
    put.mockClear();
    save();
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(2));
    expect(put).not.toHaveBeenCalled();
  });

  it("shows a colour in use as the catalogue's toast and stays open", async () => {
    api.create.mockRejectedValue(new ApiError(409, { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' }, 'conflict'));
    const shown = vi.spyOn(toast, 'error');
    open();
    type('queue-name', 'Outra');
    type('queue-color-input', '#1677ff');
    save();
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Esta cor já está em uso, escolha outra.'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("edits the hours (##:## mask, the spec's default week) when scheduleType is queue", async () => {
    useQueues.setState({ hoursPerQueue: true });
    const q = makeQueue({ id: 3, name: 'Comercial' });
    api.update.mockResolvedValue(q);
    open(q);
    tab('Horários de Atendimento');
    expect((screen.getByTestId('queue-start-monday') as HTMLInputElement).value).toBe('08:00');
    expect((screen.getByTestId('queue-end-saturday') as HTMLInputElement).value).toBe('12:00');
    expect(screen.getByTestId('queue-hours-sunday').textContent).toContain('Domingo');
    type('queue-start-monday', '9');
    expect((screen.getByTestId('queue-start-monday') as HTMLInputElement).value).toBe('9');
    save();
    expect(await screen.findByText('Horário inválido: use o formato ##:## (00:00 a 23:59).')).toBeTruthy();
    expect(api.update).not.toHaveBeenCalled();
    type('queue-start-monday', '0930');
    expect((screen.getByTestId('queue-start-monday') as HTMLInputElement).value).toBe('09:30');
    save();
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    const body = api.update.mock.calls[0]![1];
    expect(body.schedules).toEqual([{ ...defaultQueueSchedules[0], startTime: '09:30' }, ...defaultQueueSchedules.slice(1)]);
  });

  it('attaches a file after saving, and removes one', async () => {
    const q = makeQueue({ id: 4, mediaName: 'tabela.pdf', mediaPath: 'x-tabela.pdf' });
    api.update.mockResolvedValue(q);
    api.removeMedia.mockResolvedValue({ ...q, mediaName: null, mediaPath: null });
    open(q);
    expect(screen.getByTestId('queue-attachment-name').textContent).toBe('tabela.pdf');
    fireEvent.click(screen.getByTestId('queue-remove-attachment'));
    expect(screen.queryByTestId('queue-attachment-name')).toBeNull();
    save();
    await waitFor(() => expect(api.removeMedia).toHaveBeenCalledWith(4));
    cleanup();
    const file = new File(['x'], 'cartaz.png', { type: 'image/png' });
    api.upload.mockResolvedValue({ ...q, mediaName: 'cartaz.png' });
    open(makeQueue({ id: 5 }));
    api.update.mockResolvedValue(makeQueue({ id: 5 }));
    fireEvent.change(screen.getByTestId('queue-file'), { target: { files: [file] } });
    expect(screen.getByTestId('queue-attachment-name').textContent).toBe('cartaz.png');
    save();
    await waitFor(() => expect(api.upload).toHaveBeenCalledWith(5, file));
  });

  it('asks to save a new queue before building its options', async () => {
    open();
    tab('Opções');
    expect(await screen.findByTestId('queue-options-after-save')).toBeTruthy();
  });

  it('builds a two-level option tree, each option saved on its own, and deletes a subtree', async () => {
    const q = makeQueue({ id: 3 });
    const vendas = makeOption({ id: 10, queueId: 3, title: 'Vendas', option: '1' });
    api.options.mockResolvedValue([vendas]);
    open(q);
    tab('Opções');
    expect(await screen.findByTestId('queue-option-10')).toBeTruthy();
    // A root: numbered after the ones in use.
    fireEvent.click(screen.getByTestId('queue-option-add-root'));
    const draft = () => screen.getByTestId('queue-option-draft');
    expect((draft().querySelector('[data-testid="queue-option-number"]') as HTMLInputElement).value).toBe('2');
    fireEvent.change(draft().querySelector('[data-testid="queue-option-title"]')!, { target: { value: 'Suporte' } });
    api.createOption.mockResolvedValueOnce(makeOption({ id: 11, queueId: 3, title: 'Suporte', option: '2' }));
    fireEvent.click(draft().querySelector('[data-testid="queue-option-save"]')!);
    await waitFor(() => expect(screen.getByTestId('queue-option-11')).toBeTruthy());
    expect(api.createOption).toHaveBeenLastCalledWith({ queueId: 3, parentId: null, title: 'Suporte', option: '2', message: '' });
    // A child of Vendas, saved with Enter.
    fireEvent.click(screen.getByTestId('queue-option-10').querySelector('[data-testid="queue-option-add-child"]')!);
    expect((draft().querySelector('[data-testid="queue-option-number"]') as HTMLInputElement).value).toBe('1');
    fireEvent.change(draft().querySelector('[data-testid="queue-option-title"]')!, { target: { value: 'Internet' } });
    fireEvent.change(draft().querySelector('[data-testid="queue-option-message"]')!, { target: { value: 'Planos de internet' } });
    api.createOption.mockResolvedValueOnce(makeOption({ id: 12, queueId: 3, parentId: 10, title: 'Internet', option: '1', message: 'Planos de internet' }));
    fireEvent.keyDown(draft().querySelector('[data-testid="queue-option-title"]')!, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('queue-option-12')).toBeTruthy());
    expect(api.createOption).toHaveBeenLastCalledWith({ queueId: 3, parentId: 10, title: 'Internet', option: '1', message: 'Planos de internet' });
    // Editing an option saves through PUT.
    const internet = screen.getByTestId('queue-option-12');
    fireEvent.change(internet.querySelector('[data-testid="queue-option-title"]')!, { target: { value: 'Internet fibra' } });
    api.updateOption.mockResolvedValueOnce(makeOption({ id: 12, queueId: 3, parentId: 10, title: 'Internet fibra', option: '1', message: 'Planos de internet' }));
    fireEvent.click(internet.querySelector('[data-testid="queue-option-save"]')!);
    await waitFor(() => expect(api.updateOption).toHaveBeenCalledWith(12, { title: 'Internet fibra', option: '1', message: 'Planos de internet' }));
    // Deleting Vendas takes Internet with it.
    fireEvent.click(screen.getByTestId('queue-option-10').querySelector('[data-testid="queue-option-delete"]')!);
    expect(await screen.findByText('As sub-opções também serão excluídas. Essa ação não pode ser revertida.')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('queue-option-delete-confirm'));
    await waitFor(() => expect(api.removeOption).toHaveBeenCalledWith(10));
    await waitFor(() => expect(screen.queryByTestId('queue-option-12')).toBeNull());
    expect(screen.queryByTestId('queue-option-10')).toBeNull();
    expect(screen.getByTestId('queue-option-11')).toBeTruthy();
  });
});
