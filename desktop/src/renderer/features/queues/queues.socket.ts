import { listenLive } from '../../lib/socket';
import { useQueues } from './queues.store';

/** `company-<id>-queue` keeps the table live: `create`/`update` carry the queue, `delete` its id. */
export const bindQueueSocket = (): (() => void) =>
  listenLive('queue', (p) => {
    if (p.action === 'delete') useQueues.getState().remove(p.queueId);
    else useQueues.getState().upsert(p.queue);
  });
