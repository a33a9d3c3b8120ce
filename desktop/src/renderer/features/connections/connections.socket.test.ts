import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WhatsappSessionPayload } from '@balcao/shared';
import { connectionsApi } from './connections.api';
import { makeConnection } from './connections.fixtures';
import { bindConnectionSocket } from './connections.socket';
import { useConnections } from './connections.store';

const handlers = new Map<string, (p: unknown) => void>();
vi.mock('../../lib/socket', () => ({
  listen: (channel: string, handler: (p: unknown) => void) => {
    handlers.set(channel, handler);
    return () => handlers.delete(channel);
  },
}));
vi.mock('./connections.api', () => ({ connectionsApi: { show: vi.fn() } }));
const show = vi.mocked(connectionsApi.show);
const session = (id: number, status: WhatsappSessionPayload['status'], updatedAt: string): { action: 'update'; session: WhatsappSessionPayload } => ({
  action: 'update',
  session: { id, name: 'x', status, qrcode: status === 'qrcode' ? 'QR' : '', retries: 0, updatedAt },
});

describe('bindConnectionSocket', () => {
  beforeEach(() => useConnections.setState({ list: [makeConnection({ id: 1 }), makeConnection({ id: 2, status: 'DISCONNECTED' })] }));
  afterEach(() => vi.clearAllMocks());

  it('applies whatsapp updates, deletes and session updates without a reload', () => {
    const off = bindConnectionSocket();
    handlers.get('whatsapp')!({ action: 'update', whatsapp: makeConnection({ id: 3, name: 'Nova' }) });
    handlers.get('whatsapp')!({ action: 'delete', whatsappId: 1 });
    handlers.get('whatsappSession')!(session(2, 'qrcode', '2025-03-10T12:00:01.000Z'));
    expect(useConnections.getState().list.map((w) => [w.id, w.status, w.qrcode])).toEqual([
      [2, 'qrcode', 'QR'],
      [3, 'CONNECTED', ''],
    ]);
    off();
    expect(handlers.size).toBe(0);
  });

  it('fetches a connection that has just connected, so the number that scanned shows', async () => {
    const off = bindConnectionSocket();
    show.mockResolvedValue(makeConnection({ id: 2, status: 'CONNECTED', number: '551133334444', updatedAt: '2025-03-10T12:00:02.000Z' }));
    handlers.get('whatsappSession')!(session(2, 'CONNECTED', '2025-03-10T12:00:02.000Z'));
    expect(useConnections.getState().list[1]).toMatchObject({ status: 'CONNECTED', number: '5511999990000' });
    expect(show).toHaveBeenCalledWith(2);
    await vi.waitFor(() => expect(useConnections.getState().list[1]!.number).toBe('551133334444'));
    // Already connected (a repeated update) or an unknown connection: no fetch.
    show.mockClear();
    handlers.get('whatsappSession')!(session(2, 'CONNECTED', '2025-03-10T12:00:03.000Z'));
    handlers.get('whatsappSession')!(session(99, 'CONNECTED', '2025-03-10T12:00:03.000Z'));
    expect(show).not.toHaveBeenCalled();
    off();
  });
});
