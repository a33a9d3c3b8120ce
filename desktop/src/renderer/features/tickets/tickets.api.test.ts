import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http';
import { ticketsApi } from './tickets.api';

vi.mock('../../lib/http', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } }));
afterEach(() => vi.clearAllMocks());

describe('ticketsApi as the spec client calls (attendance §7)', () => {
  it('sends the list filters as JSON arrays and leaves empty ones out', () => {
    void ticketsApi.list({ searchParam: 'boleto', pageNumber: 2, showAll: true, queueIds: [1, 2], tags: [40], users: [] });
    expect(http.get).toHaveBeenCalledWith(
      '/tickets',
      { pageNumber: 2, status: undefined, searchParam: 'boleto', showAll: 'true', queueIds: '[1,2]', tags: '[40]', users: undefined },
      undefined,
    );
    void ticketsApi.list({ status: 'open', pageNumber: 1 });
    expect(vi.mocked(http.get).mock.calls[1]![1]).toEqual({ pageNumber: 1, status: 'open', searchParam: undefined, showAll: undefined, queueIds: undefined, tags: undefined, users: undefined });
  });

  it('transfers with queue, optional user and connection; creates open; closes all by status and queues', () => {
    void ticketsApi.transfer(5, 2, null, null);
    void ticketsApi.transfer(5, 2, 8, 4);
    expect(vi.mocked(http.put).mock.calls).toEqual([
      ['/tickets/5', { queueId: 2 }],
      ['/tickets/5', { queueId: 2, userId: 8, whatsappId: 4 }],
    ]);
    void ticketsApi.create({ contactId: 3, queueId: null, whatsappId: null, userId: 7 });
    void ticketsApi.closeAll('open', [1]);
    expect(vi.mocked(http.post).mock.calls).toEqual([
      ['/tickets', { contactId: 3, queueId: null, whatsappId: null, userId: 7, status: 'open' }],
      ['/tickets/closeAll', { status: 'open', selectedQueueIds: [1] }],
    ]);
    void ticketsApi.remove(5);
    expect(http.delete).toHaveBeenCalledWith('/tickets/5');
  });
});
