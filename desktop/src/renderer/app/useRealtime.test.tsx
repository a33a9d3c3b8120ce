// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useConversation } from '../features/messages/messages.store';
import { useTickets } from '../features/tickets/tickets.store';
import { useRealtime } from './useShellEffects';

const ready = new Set<() => void>();
vi.mock('../lib/socket', () => ({
  startSocket: vi.fn(),
  stopSocket: vi.fn(),
  onResync: vi.fn(),
  listen: () => () => undefined,
  listenLive: () => () => undefined,
  getSocket: () => null,
  onReady: (h: () => void) => {
    ready.add(h);
    return () => ready.delete(h);
  },
}));

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
const serverReady = () => {
  for (const h of [...ready]) h();
};

describe('after a reconnect (issue 16 §4: no F5, ever)', () => {
  afterEach(() => {
    cleanup();
    ready.clear();
  });

  it('reads the three lists and the open conversation again — not on the first connection', () => {
    const load = vi.fn(async () => undefined);
    const refresh = vi.fn(async () => undefined);
    useTickets.setState({ load });
    useConversation.setState({ refresh });
    renderHook(() => useRealtime(7, 2), { wrapper });
    serverReady();
    expect(load).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
    serverReady();
    expect(load.mock.calls).toEqual([
      ['open', 1],
      ['pending', 1],
      ['closed', 1],
    ]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
