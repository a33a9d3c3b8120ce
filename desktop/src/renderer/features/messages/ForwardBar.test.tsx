// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactDto } from '@balcao/shared';
import { bindToastApi } from '../../lib/toast';
import { makeMessage, makeTicket } from '../../test/fixtures';
import { ForwardBar } from './ForwardBar';
import { FORWARD_PAUSE_MS, forwardOneByOne, readSignOption } from './forward.logic';
import { messagesApi } from './messages.api';
import { useConversation } from './messages.store';

vi.mock('./messages.api', () => ({ messagesApi: { forward: vi.fn(), searchContacts: vi.fn() } }));
const api = vi.mocked(messagesApi);
configure({ asyncUtilTimeout: 8000 });

const toasts = { error: vi.fn(), info: vi.fn(), success: vi.fn(), warning: vi.fn() };
const contact: ContactDto = {
  id: 77,
  name: 'Marcos Lima',
  number: '5511977776666',
  email: '',
  profilePicUrl: '',
  isGroup: false,
  extraInfo: [],
  tags: [],
  createdAt: '2025-03-10T12:00:00.000Z',
  updatedAt: '2025-03-10T12:00:00.000Z',
};
const at = (min: number) => new Date(Date.UTC(2025, 2, 10, 12, min)).toISOString();

beforeEach(() => {
  bindToastApi(toasts);
  localStorage.clear();
  useConversation.setState({
    ticket: makeTicket({ id: 1 }),
    messages: [makeMessage({ id: 1, createdAt: at(1) }), makeMessage({ id: 2, createdAt: at(2) }), makeMessage({ id: 3, createdAt: at(3) })],
    selecting: true,
    selected: [],
  });
  api.searchContacts.mockResolvedValue({ contacts: [contact], count: 1, hasMore: false });
  api.forward.mockImplementation((id) => Promise.resolve(makeMessage({ id: 1000 + id, isForwarded: true })));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
  bindToastApi(null);
});

describe('forward mode', { timeout: 60_000 }, () => {
  it('with none selected gives the spec error and opens nothing', () => {
    render(<ForwardBar />);
    fireEvent.click(screen.getByTestId('forward-open'));
    expect(toasts.error).toHaveBeenCalledWith('Nenhuma mensagem selecionada', 2);
    expect(screen.queryByTestId('forward-search')).toBeNull();
  });

  it('sends the chosen messages to the picked contact one by one, 900 ms apart, oldest first', async () => {
    useConversation.setState({ selected: [3, 1, 2] });
    localStorage.setItem('signOption', 'false');
    render(<ForwardBar />);
    expect(screen.getByTestId('forward-count').textContent).toBe('3 selecionada(s)');
    fireEvent.click(screen.getByTestId('forward-open'));
    fireEvent.change(screen.getByPlaceholderText('Buscar contato'), { target: { value: 'Ma' } });
    expect(screen.getByText('Digite ao menos 3 caracteres')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Buscar contato'), { target: { value: 'Mar' } });
    fireEvent.click(await screen.findByText('Marcos Lima'));
    expect(api.searchContacts).toHaveBeenCalledWith('Mar', expect.anything());

    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('forward-send'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(api.forward.mock.calls).toEqual([[1, 77, false]]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FORWARD_PAUSE_MS - 1);
    });
    expect(api.forward).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(api.forward.mock.calls.map((c) => c[0])).toEqual([1, 2]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FORWARD_PAUSE_MS);
    });
    expect(api.forward.mock.calls.map((c) => c[0])).toEqual([1, 2, 3]);
    vi.useRealTimers();
    await waitFor(() => expect(useConversation.getState().selecting).toBe(false));
    expect(toasts.success).toHaveBeenCalledWith('Mensagens encaminhadas', 2);
  });

  it('a failed send stops the rest and stays in forward mode', async () => {
    api.forward.mockRejectedValueOnce(new Error('down'));
    useConversation.setState({ selected: [1, 2] });
    render(<ForwardBar />);
    fireEvent.click(screen.getByTestId('forward-open'));
    fireEvent.change(screen.getByPlaceholderText('Buscar contato'), { target: { value: 'Marcos' } });
    fireEvent.click(await screen.findByText('Marcos Lima'));
    fireEvent.click(screen.getByTestId('forward-send'));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledTimes(1));
    expect(api.forward).toHaveBeenCalledTimes(1);
    expect(useConversation.getState().selecting).toBe(true);
  });
});

describe('forward logic', () => {
  afterEach(() => vi.useRealTimers());

  it('waits FORWARD_PAUSE_MS (900) between two sends, not before the first', async () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const run = forwardOneByOne([5, 6], async (id) => {
      sent.push(id);
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([5]);
    await vi.advanceTimersByTimeAsync(899);
    expect(sent).toEqual([5]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([5, 6]);
    await run;
  });

  it('reads the composer’s signOption, on by default', () => {
    localStorage.clear();
    expect(readSignOption()).toBe(true);
    localStorage.setItem('signOption', 'false');
    expect(readSignOption()).toBe(false);
    localStorage.setItem('signOption', 'true');
    expect(readSignOption()).toBe(true);
  });
});
