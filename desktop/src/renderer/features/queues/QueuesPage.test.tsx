// @vitest-environment happy-dom
import '../../test/dom';
import { rgb } from '../../test/css';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireChannels } from '@balcao/shared';
import { ApiError, http } from '../../lib/http';
import { toast } from '../../lib/toast';
import { queuesApi } from './queues.api';
import { makeQueue } from './queues.fixtures';
import { useQueues } from './queues.store';
import { QueuesPage } from './QueuesPage';

vi.mock('./queues.api', () => ({
  queuesApi: { list: vi.fn(), settings: vi.fn(), remove: vi.fn(async () => ({})), options: vi.fn(async () => []), integrations: vi.fn(async () => []), prompts: vi.fn(async () => []) },
}));
const socketHandlers: ((p: WireChannels['queue']) => void)[] = [];
vi.mock('../../lib/socket', () => ({
  listenLive: (_channel: string, handler: (p: WireChannels['queue']) => void) => {
    socketHandlers.push(handler);
    return () => socketHandlers.splice(socketHandlers.indexOf(handler), 1);
  },
}));
const api = vi.mocked(queuesApi);
configure({ asyncUtilTimeout: 8000 });

const comercial = makeQueue({ id: 1, name: 'Comercial', color: '#ff0000', orderQueue: 2, greetingMessage: 'Bem-vindo ao comercial' });
const suporte = makeQueue({ id: 2, name: 'Suporte', color: '#00ff00', orderQueue: 1 });
const rows = () => screen.queryAllByTestId('queue-row');
const row = (id: number) => rows().find((r) => r.getAttribute('data-id') === String(id))!;

beforeEach(() => {
  useQueues.getState().reset();
  api.list.mockResolvedValue([comercial, suporte]);
  api.settings.mockResolvedValue([{ key: 'scheduleType', value: 'disabled' }]);
  // The modal asks for the SLA policies, the admins' (QueueModal.test.tsx covers them): a 403 here, never the network.
  vi.spyOn(http, 'get').mockRejectedValue(new ApiError(403, { error: 'ERR_NO_PERMISSION' }, 'forbidden'));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('QueuesPage', { timeout: 60_000 }, () => {
  it('shows a skeleton, then id, name, colour swatch, order and greeting, by orderQueue', async () => {
    render(<QueuesPage />);
    expect(screen.getByTestId('queues-skeleton')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((r) => r.getAttribute('data-id'))).toEqual(['2', '1']);
    expect(row(1).textContent).toContain('Comercial');
    expect(row(1).textContent).toContain('Bem-vindo ao comercial');
    expect(rgb((row(1).querySelector('[data-testid="queue-color"]') as HTMLElement).style.background)).toBe('rgb(255, 0, 0)');
    expect(row(2).textContent).toContain('Sem saudação');
    expect(screen.getByTestId('queue-add').textContent).toBe('Adicionar fila');
  });

  it('says so when there is no queue', async () => {
    api.list.mockResolvedValue([]);
    render(<QueuesPage />);
    expect(await screen.findByText('Nenhuma fila cadastrada')).toBeTruthy();
  });

  it('deletes only after the confirmation', async () => {
    const ok = vi.spyOn(toast, 'success');
    render(<QueuesPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(row(1).querySelector('[data-testid="queue-delete"]')!);
    expect(api.remove).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('queue-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(1));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(ok).toHaveBeenCalledWith('Fila excluída com sucesso!');
  });

  it("shows a failed delete as the catalogue's toast and keeps the row", async () => {
    api.remove.mockRejectedValueOnce(new ApiError(404, { error: 'ERR_NO_QUEUE_FOUND' }, 'not found'));
    const shown = vi.spyOn(toast, 'error');
    render(<QueuesPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(row(2).querySelector('[data-testid="queue-delete"]')!);
    fireEvent.click(await screen.findByTestId('queue-delete-confirm'));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Nenhuma fila encontrada com este ID.'));
    expect(rows()).toHaveLength(2);
  });

  it('follows company-<id>-queue: create, update, delete', async () => {
    render(<QueuesPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(socketHandlers).toHaveLength(1);
    act(() => socketHandlers[0]!({ action: 'create', queue: makeQueue({ id: 3, name: 'Financeiro', color: '#0000ff', orderQueue: 0 }) }));
    expect(rows().map((r) => r.getAttribute('data-id'))).toEqual(['3', '2', '1']);
    act(() => socketHandlers[0]!({ action: 'update', queue: { ...comercial, name: 'Comercial SP' } }));
    expect(row(1).textContent).toContain('Comercial SP');
    act(() => socketHandlers[0]!({ action: 'delete', queueId: 2 }));
    expect(rows().map((r) => r.getAttribute('data-id'))).toEqual(['3', '1']);
  });

  it('opens the modal to add and to edit', async () => {
    render(<QueuesPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('queue-add'));
    expect(await screen.findByText('Adicionar fila', { selector: '.ant-modal-title' })).toBeTruthy();
    expect((screen.getByTestId('queue-name') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByText('Cancelar'));
    fireEvent.click(row(1).querySelector('[data-testid="queue-edit"]')!);
    await waitFor(() => expect((screen.getByTestId('queue-name') as HTMLInputElement).value).toBe('Comercial'));
  });
});
