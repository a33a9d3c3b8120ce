import { beforeEach, describe, expect, it, vi } from 'vitest';
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
vi.mock('./connections.api', () => ({ connectionsApi: {} }));

describe('bindConnectionSocket', () => {
  beforeEach(() => useConnections.setState({ list: [makeConnection({ id: 1 }), makeConnection({ id: 2, status: 'DISCONNECTED' })] }));

  it('applies whatsapp updates, deletes and session updates without a reload', () => {
    const off = bindConnectionSocket();
    handlers.get('whatsapp')!({ action: 'update', whatsapp: makeConnection({ id: 3, name: 'Nova' }) });
    handlers.get('whatsapp')!({ action: 'delete', whatsappId: 1 });
    handlers.get('whatsappSession')!({ action: 'update', session: { id: 2, name: 'x', status: 'qrcode', qrcode: 'QR', retries: 0, updatedAt: '2025-01-01T00:00:00.000Z' } });
    expect(useConnections.getState().list.map((w) => [w.id, w.status, w.qrcode])).toEqual([
      [2, 'qrcode', 'QR'],
      [3, 'CONNECTED', ''],
    ]);
    off();
    expect(handlers.size).toBe(0);
  });
});
