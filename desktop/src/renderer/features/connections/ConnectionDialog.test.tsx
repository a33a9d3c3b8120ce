// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionDialog } from './ConnectionDialog';
import { connectionsApi } from './connections.api';
import { makeConnection } from './connections.fixtures';
import { useConnections } from './connections.store';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';

vi.mock('./connections.api', () => ({
  connectionsApi: {
    queues: vi.fn(async () => [
      { id: 5, name: 'Vendas', color: '#f00' },
      { id: 6, name: 'Suporte', color: '#0f0' },
    ]),
    create: vi.fn(),
    update: vi.fn(),
    integrations: vi.fn(async () => []),
    prompts: vi.fn(async () => []),
    rotateToken: vi.fn(),
  },
}));
const api = vi.mocked(connectionsApi);

beforeEach(() => useConnections.getState().reset());
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const typeName = (value: string) => fireEvent.change(screen.getByTestId('connection-name'), { target: { value } });
/** antd validates asynchronously; under a loaded test run that can take a while. */
const findText = (text: string) => screen.findByText(text, {}, { timeout: 8000 });
const save = () => fireEvent.click(screen.getByTestId('connection-save'));

describe('ConnectionDialog', () => {
  it("shows the connection's API token (its tail and 'Gerar novo token') when editing, not when adding", async () => {
    render(<ConnectionDialog open connection={makeConnection({ id: 7, apiTokenTail: 'k9z2' })} onClose={() => undefined} />);
    expect((await screen.findByTestId('connection-api-token-tail')).textContent).toBe('…k9z2');
    expect(screen.getByTestId('connection-api-token-generate').textContent).toContain('Gerar novo token');
    cleanup();
    render(<ConnectionDialog open connection={null} onClose={() => undefined} />);
    await screen.findByTestId('connection-name');
    expect(screen.queryByTestId('connection-api-token')).toBeNull();
  }, 60_000);

  it("validates the name with the spec's texts", async () => {
    render(<ConnectionDialog open connection={null} onClose={() => undefined} />);
    save();
    expect(await findText('Required')).toBeTruthy();
    typeName('a');
    expect(await findText('Too Short!')).toBeTruthy();
    typeName('x'.repeat(51));
    expect(await findText('Too Long!')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  }, 60_000);

  it('creates with the spec defaults and adds the answer to the list', async () => {
    const onClose = vi.fn();
    api.create.mockResolvedValue(makeConnection({ id: 9, name: 'Nova' }));
    render(<ConnectionDialog open connection={null} onClose={onClose} />);
    typeName('Nova');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 8000 });
    expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ name: 'Nova', provider: 'baileys', isDefault: false, maxUseBotQueues: 3, expiresTicket: 0, queueIds: [], transferQueueId: null }));
    expect(useConnections.getState().list.map((w) => w.id)).toEqual([9]);
  }, 60_000);

  it('edits an existing connection with PUT', async () => {
    const w = makeConnection({ id: 4, name: 'Antiga', greetingMessage: 'Oi', queues: [{ id: 5, name: 'Vendas', color: '#f00' }] });
    api.update.mockResolvedValue({ ...w, name: 'Renomeada' });
    render(<ConnectionDialog open connection={w} onClose={() => undefined} />);
    expect((screen.getByTestId('connection-name') as HTMLInputElement).value).toBe('Antiga');
    typeName('Renomeada');
    save();
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(4, expect.objectContaining({ name: 'Renomeada', greetingMessage: 'Oi', queueIds: [5] })), { timeout: 8000 });
  }, 60_000);

  it("edits the number's health in its own section: rate, daily cap, warm-up and jitter", async () => {
    const w = makeConnection({ id: 7, name: 'Saudável', gateRatePerMinute: 20, gateDailyCap: 1000, gateWarmupDays: 7, gateJitterMs: 2000 });
    api.update.mockResolvedValue(w);
    render(<ConnectionDialog open connection={w} onClose={() => undefined} />);
    expect(screen.getByTestId('connection-health').textContent).toContain('Saúde do número');
    expect((screen.getByTestId('connection-gateDailyCap') as HTMLInputElement).value).toBe('1000');
    fireEvent.change(screen.getByTestId('connection-gateRatePerMinute'), { target: { value: '6' } });
    fireEvent.change(screen.getByTestId('connection-gateDailyCap'), { target: { value: '250' } });
    fireEvent.change(screen.getByTestId('connection-gateWarmupDays'), { target: { value: '0' } });
    fireEvent.change(screen.getByTestId('connection-gateJitterMs'), { target: { value: '5000' } });
    save();
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(7, expect.objectContaining({ gateRatePerMinute: 6, gateDailyCap: 250, gateWarmupDays: 0, gateJitterMs: 5000 })), { timeout: 8000 });
  }, 60_000);

  it('offers every connection field and sends a token only when one is typed', async () => {
    const onClose = vi.fn();
    api.create.mockResolvedValue(makeConnection({ id: 10 }));
    render(<ConnectionDialog open connection={null} onClose={onClose} />);
    for (const k of ['greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage', 'expiresInactiveMessage', 'expiresTicket', 'timeUseBotQueues', 'maxUseBotQueues', 'timeToTransfer', 'queues', 'transferQueue', 'provider', 'token']) {
      expect(screen.getByTestId(`connection-${k}`), k).toBeTruthy();
    }
    // The provider offers Baileys (the default for a new connection) and the sandbox.
    expect(screen.getByTestId('connection-provider').textContent).toContain('baileys');
    typeName('Com token');
    fireEvent.change(screen.getByTestId('connection-token'), { target: { value: '  segredo-123  ' } });
    fireEvent.change(screen.getByTestId('connection-greetingMessage'), { target: { value: 'Olá!' } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 8000 });
    expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ name: 'Com token', token: 'segredo-123', greetingMessage: 'Olá!' }));
  }, 60_000);

  it('keeps the stored token when the field is left blank on edit', async () => {
    const w = makeConnection({ id: 4, name: 'Antiga' });
    api.update.mockResolvedValue(w);
    render(<ConnectionDialog open connection={w} onClose={() => undefined} />);
    expect(screen.getByText('Deixe em branco para manter o token atual')).toBeTruthy();
    save();
    await waitFor(() => expect(api.update).toHaveBeenCalled(), { timeout: 8000 });
    expect(api.update.mock.calls[0]![1]).not.toHaveProperty('token');
  }, 60_000);

  it('requires a greeting when more than one queue is chosen', async () => {
    const w = makeConnection({ id: 4, name: 'Duas filas', queues: [{ id: 5, name: 'Vendas', color: '#f00' }, { id: 6, name: 'Suporte', color: '#0f0' }] });
    api.update.mockResolvedValue(w);
    render(<ConnectionDialog open connection={w} onClose={() => undefined} />);
    save();
    expect(await findText('A mensagem de saudação é obrigatória quando há mais de uma fila.')).toBeTruthy();
    expect(api.update).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('connection-greetingMessage'), { target: { value: 'Escolha: 1 Vendas, 2 Suporte' } });
    save();
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(4, expect.objectContaining({ queueIds: [5, 6], greetingMessage: 'Escolha: 1 Vendas, 2 Suporte' })), { timeout: 8000 });
  }, 60_000);

  it('stops the numbers at the bounds the server accepts', async () => {
    render(<ConnectionDialog open connection={null} onClose={() => undefined} />);
    const max = (k: string) => screen.getByTestId(`connection-${k}`).getAttribute('aria-valuemax');
    expect([max('expiresTicket'), max('timeUseBotQueues'), max('maxUseBotQueues'), max('timeToTransfer')]).toEqual(['525600', '100000', '100', '100000']);
  }, 60_000);

  const pick = async (testId: string, label: string) => {
    fireEvent.mouseDown(screen.getByTestId(testId).querySelector('.ant-select-selector') ?? screen.getByTestId(testId));
    fireEvent.click(await screen.findByText(label, {}, { timeout: 8000 }));
  };

  it("hands the connection to one of the company's integrations and prompts; both sent on create", async () => {
    api.integrations.mockResolvedValue([{ id: 31, name: 'Webhook pedidos' } as never, { id: 32, name: 'Typebot vendas' } as never]);
    api.prompts.mockResolvedValue([{ id: 41, name: 'Atendente IA' } as never]);
    const onClose = vi.fn();
    api.create.mockResolvedValue(makeConnection({ id: 11 }));
    render(<ConnectionDialog open connection={null} onClose={onClose} />);
    typeName('Com bot');
    await pick('connection-integration', 'Typebot vendas');
    await pick('connection-prompt', 'Atendente IA');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 8000 });
    expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ name: 'Com bot', integrationId: 32, promptId: 41 }));
  }, 60_000);

  it("shows an existing connection's choices, sends null when cleared, and offers nothing (no toast) when the plan lacks the feature", async () => {
    api.integrations.mockResolvedValue([{ id: 31, name: 'Webhook pedidos' } as never]);
    // The company's plan has no AI: the list answers 403 and the select offers nothing.
    api.prompts.mockRejectedValue(new ApiError(403, { error: 'ERR_PLAN_FEATURE_DISABLED' }, 'forbidden'));
    const shown = vi.spyOn(toast, 'error');
    const w = makeConnection({ id: 4, name: 'Antiga', integrationId: 31, promptId: null });
    api.update.mockResolvedValue(w);
    render(<ConnectionDialog open connection={w} onClose={() => undefined} />);
    expect(await screen.findByText('Webhook pedidos', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByTestId('connection-prompt').textContent).toContain('Nenhum');
    expect(screen.getByText('A integração ou o prompt da fila tem prioridade sobre os da conexão.')).toBeTruthy();
    fireEvent.mouseDown(screen.getByTestId('connection-prompt').querySelector('.ant-select-selector') ?? screen.getByTestId('connection-prompt'));
    expect(document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')).toHaveLength(0);
    // Cleared: the connection's integration is removed.
    fireEvent.mouseDown(screen.getByTestId('connection-integration').querySelector('.ant-select-selector') ?? screen.getByTestId('connection-integration'));
    const clear = screen.getByTestId('connection-integration').querySelector('.ant-select-clear');
    expect(clear).toBeTruthy();
    fireEvent.mouseDown(clear!);
    fireEvent.click(clear!);
    save();
    await waitFor(() => expect(api.update).toHaveBeenCalled(), { timeout: 8000 });
    expect(api.update.mock.calls[0]![1]).toMatchObject({ integrationId: null, promptId: null });
    expect(shown).not.toHaveBeenCalled();
  }, 60_000);
});
