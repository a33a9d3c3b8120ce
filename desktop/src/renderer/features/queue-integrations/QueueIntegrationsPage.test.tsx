// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueIntegrationDto, WireChannels } from '@balcao/shared';
import { toast } from '../../lib/toast';
import { queueIntegrationsApi } from './queue-integrations.api';
import { useQueueIntegrations } from './queue-integrations.store';
import { QueueIntegrationsPage } from './QueueIntegrationsPage';

vi.mock('./queue-integrations.api', () => ({
  queueIntegrationsApi: { page: vi.fn(), remove: vi.fn(async () => ({})), create: vi.fn(), update: vi.fn(), test: vi.fn() },
}));
const socketHandlers: ((p: WireChannels['queueIntegration']) => void)[] = [];
vi.mock('../../lib/socket', () => ({
  listenLive: (_channel: string, handler: (p: WireChannels['queueIntegration']) => void) => {
    socketHandlers.push(handler);
    return () => socketHandlers.splice(socketHandlers.indexOf(handler), 1);
  },
}));
const api = vi.mocked(queueIntegrationsApi);
configure({ asyncUtilTimeout: 8000 });

const base: Omit<QueueIntegrationDto, 'id' | 'name' | 'type'> = {
  projectName: '',
  jsonContent: '',
  jsonContentConfigured: false,
  language: 'pt-BR',
  urlN8N: 'https://bot.example.com',
  secret: '',
  secretConfigured: false,
  typebotSlug: '',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotRestartMessage: '',
  typebotUnknownMessage: '',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const hook: QueueIntegrationDto = { ...base, id: 1, name: 'Webhook vendas', type: 'webhook', secretConfigured: true };
const flow: QueueIntegrationDto = { ...base, id: 2, name: 'Dialogflow', type: 'dialogflow', projectName: 'proj', jsonContentConfigured: true };
const rows = () => screen.queryAllByTestId('integration-row');

beforeEach(() => {
  useQueueIntegrations.getState().reset();
  api.page.mockResolvedValue({ queueIntegrations: [hook, flow], count: 2, hasMore: false });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('QueueIntegrationsPage', { timeout: 60_000 }, () => {
  it('shows the title with the count, each type icon, and the spec empty text', async () => {
    render(<QueueIntegrationsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByText('Integrações')).toBeTruthy();
    expect(screen.getByTestId('integrations-count').textContent).toBe('(2)');
    expect(within(rows()[0]!).getByTestId('integration-type-webhook')).toBeTruthy();
    expect(within(rows()[1]!).getByTestId('integration-type-dialogflow')).toBeTruthy();
    cleanup();
    useQueueIntegrations.getState().reset();
    api.page.mockResolvedValue({ queueIntegrations: [], count: 0, hasMore: false });
    render(<QueueIntegrationsPage />);
    await waitFor(() => expect(screen.getByText('Nenhuma integração cadastrada.')).toBeTruthy());
  });

  it('applies live create/delete events', async () => {
    render(<QueueIntegrationsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    act(() => socketHandlers.forEach((h) => h({ action: 'delete', integrationId: 1 })));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByTestId('integrations-count').textContent).toBe('(1)');
  });

  it('edits a webhook without sending its secret back, and offers the test button only for Dialogflow', async () => {
    api.update.mockResolvedValue({ ...hook, name: 'Webhook 2' });
    render(<QueueIntegrationsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[0]!).getByTestId('integration-edit'));
    const name = await screen.findByTestId('integration-name');
    expect(screen.queryByTestId('integration-test')).toBeNull();
    expect((screen.getByTestId('integration-secret') as HTMLInputElement).value).toBe('');
    fireEvent.change(name, { target: { value: 'Webhook 2' } });
    fireEvent.click(screen.getByTestId('integration-save'));
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.calls[0]![0]).toBe(1);
    expect(api.update.mock.calls[0]![1]).toMatchObject({ name: 'Webhook 2', type: 'webhook', projectName: 'Webhook 2', secret: '' });
    await waitFor(() => expect(screen.getByText('Webhook 2')).toBeTruthy());
  });

  it("tests a Dialogflow integration with its stored account and shows the spec's success text", async () => {
    api.test.mockResolvedValue({ ok: true, reply: 'Oi' });
    const success = vi.spyOn(toast, 'success');
    render(<QueueIntegrationsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[1]!).getByTestId('integration-edit'));
    fireEvent.click(await screen.findByTestId('integration-test'));
    await waitFor(() => expect(api.test).toHaveBeenCalledWith({ projectName: 'proj', jsonContent: '', language: 'pt-BR', id: 2 }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Integração testada com sucesso!'));
  });

  it('shows once the signing secret the server made for a webhook that had none, and keeps it out of the list (decision 0344)', async () => {
    api.update.mockResolvedValue({ ...hook, name: 'Webhook assinado', generatedSecret: 'whsec_abc123' });
    render(<QueueIntegrationsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[0]!).getByTestId('integration-edit'));
    fireEvent.change(await screen.findByTestId('integration-name'), { target: { value: 'Webhook assinado' } });
    fireEvent.click(screen.getByTestId('integration-save'));
    expect((await screen.findByTestId('webhook-secret')).textContent).toContain('whsec_abc123');
    expect(useQueueIntegrations.getState().records.find((r) => r.id === 1)).toMatchObject({ name: 'Webhook assinado' });
    expect(useQueueIntegrations.getState().records.find((r) => r.id === 1)).not.toHaveProperty('generatedSecret');
    fireEvent.click(screen.getByTestId('webhook-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
  });

  it('refuses a one-letter name with the spec text', async () => {
    render(<QueueIntegrationsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('integrations-add'));
    fireEvent.change(await screen.findByTestId('integration-name'), { target: { value: 'a' } });
    fireEvent.click(screen.getByTestId('integration-save'));
    await waitFor(() => expect(screen.getByText('Too Short!')).toBeTruthy());
    expect(api.create).not.toHaveBeenCalled();
  });
});
