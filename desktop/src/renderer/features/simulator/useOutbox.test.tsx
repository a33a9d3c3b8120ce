// @vitest-environment happy-dom
import '../../test/dom';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { SandboxOutboxItem } from '@balcao/shared';
import { simulatorApi } from './simulator.api';
import { useOutbox } from './useOutbox';

vi.mock('./simulator.api', () => ({ simulatorApi: { outbox: vi.fn(), sent: vi.fn() } }));
const api = vi.mocked(simulatorApi);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

it('polls every second, and a poll that brings back the same chat keeps the same object (nothing to render again)', async () => {
  vi.useFakeTimers();
  const first = [{ id: 'a', body: 'Olá' }] as unknown as SandboxOutboxItem[];
  api.outbox.mockResolvedValue(first);
  api.sent.mockResolvedValue([]);
  const { result } = renderHook(() => useOutbox(1, '5511999990000'));
  await act(() => vi.advanceTimersByTimeAsync(10));
  const shown = result.current;
  expect(shown.outbox).toEqual(first);
  await act(() => vi.advanceTimersByTimeAsync(1_000));
  expect(api.outbox).toHaveBeenCalledTimes(2);
  expect(result.current).toBe(shown);
  // A new message: a new chat.
  api.outbox.mockResolvedValue([...first, { id: 'b', body: 'Tudo bem?' }] as unknown as SandboxOutboxItem[]);
  await act(() => vi.advanceTimersByTimeAsync(1_000));
  expect(result.current).not.toBe(shown);
  expect(result.current.outbox.map((m) => m.id)).toEqual(['a', 'b']);
});
