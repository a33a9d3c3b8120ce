// @vitest-environment happy-dom
import '../../test/dom';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionsBadge } from './ConnectionsBadge';
import { makeConnection } from './connections.fixtures';
import { useConnections } from './connections.store';

vi.mock('./connections.api', () => ({ connectionsApi: {} }));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ConnectionsBadge', () => {
  it("shows '!' 2 s after a connection needs attention, and drops it when all are connected", () => {
    vi.useFakeTimers();
    useConnections.setState({ list: [makeConnection({ status: 'CONNECTED' })] });
    render(<ConnectionsBadge>Conexões</ConnectionsBadge>);
    expect(screen.queryByTestId('connections-badge')).toBeNull();
    act(() => useConnections.setState({ list: [makeConnection({ status: 'TIMEOUT' })] }));
    expect(screen.queryByTestId('connections-badge')).toBeNull();
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('connections-badge').textContent).toContain('!');
    act(() => useConnections.setState({ list: [makeConnection({ status: 'CONNECTED' })] }));
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.queryByTestId('connections-badge')).toBeNull();
  });
});
