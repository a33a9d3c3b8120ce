// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { pickOption } from '../../test/select';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueDto, UserDto, WhatsappDto } from '@balcao/shared';
import { ticketsApi } from './tickets.api';
import { TransferDialog } from './TransferDialog';

vi.mock('./tickets.api', () => ({ ticketsApi: { queues: vi.fn(), users: vi.fn(), connections: vi.fn() } }));
const api = vi.mocked(ticketsApi);
configure({ asyncUtilTimeout: 8000 });

const user = (id: number, name: string, queueIds: number[], profile: UserDto['profile'] = 'user') =>
  ({ id, name, profile, queues: queueIds.map((q) => ({ id: q, name: `Q${q}` })) }) as UserDto;

beforeEach(() => {
  api.queues.mockResolvedValue([{ id: 1, name: 'Vendas' } as QueueDto, { id: 2, name: 'Suporte' } as QueueDto]);
  api.users.mockResolvedValue([user(10, 'Ana Paula', [1]), user(11, 'Anselmo', [2]), user(12, 'Bruno', [1])]);
  api.connections.mockResolvedValue([{ id: 3, name: 'Principal' } as WhatsappDto, { id: 4, name: 'Outro' } as WhatsappDto]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** Opens an antd Select by its test id and returns its search input. */
const openSelect = (testId: string) => {
  const root = screen.getByTestId(testId);
  const input = within(root.closest('.ant-select') ?? root).getByRole('combobox');
  fireEvent.mouseDown(input);
  return input;
};
const visibleOptions = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);

describe('TransferDialog', { timeout: 60_000 }, () => {
  it('searches users from 3 characters, requires a queue and sends queue, user and connection', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<TransferDialog open whatsappId={3} onCancel={vi.fn()} onSubmit={onSubmit} />);
    await waitFor(() => expect(api.connections).toHaveBeenCalled());

    const search = openSelect('transfer-user');
    fireEvent.change(search, { target: { value: 'An' } });
    expect(visibleOptions()).toEqual([]);
    expect(await screen.findByText('Digite ao menos 3 caracteres')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'Ans' } });
    await waitFor(() => expect(visibleOptions()).toEqual(['Anselmo']));
    await pickOption('Anselmo');

    // No queue yet: the spec's text, nothing sent.
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect((await screen.findAllByText('Selecione uma fila')).length).toBeGreaterThan(0);
    expect(onSubmit).not.toHaveBeenCalled();

    openSelect('transfer-queue');
    await waitFor(() => expect(visibleOptions()).toContain('Suporte'));
    await pickOption('Suporte');
    openSelect('transfer-connection');
    await waitFor(() => expect(visibleOptions()).toContain('Outro'));
    await pickOption('Outro');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ queueId: 2, userId: 11, whatsappId: 4 }));
  });

  it('transfers to a queue only (user optional), keeping the connection it starts on', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<TransferDialog open whatsappId={3} onCancel={vi.fn()} onSubmit={onSubmit} />);
    await waitFor(() => expect(api.queues).toHaveBeenCalled());
    openSelect('transfer-queue');
    await waitFor(() => expect(visibleOptions()).toContain('Vendas'));
    await pickOption('Vendas');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ queueId: 1, userId: null, whatsappId: 3 }));
  });
});
