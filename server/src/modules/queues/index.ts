// The queues module's one door (decision 0015): queues and the chatbot's option tree, with their media.
import type { DataAccess } from '../../db/tenant';
import type { EventBus } from '../../infra/event-bus';
import type { MediaStore } from '../../infra/media-store';
import { defineModule } from '../../infra/module';
import { clearIntegration, clearPrompt, existingIds, get, linkedQueues, list } from './queues.repository';
import { registerQueueListeners } from './queues.listeners';
import { queuesRoutes } from './queues.routes';
import { createQueuesService } from './queues.service';

export { createQueuesService, type QueuesService } from './queues.service';
export type { QueueOptionRow, QueueRef, QueueRow } from './queues.repository';

/** Reads of queues other modules run inside their own transaction (the SQL stays here). */
export const queuesQueries = { existingIds, get, clearIntegration, clearPrompt, linkedQueues, list };

export const queuesModule = defineModule({
  name: 'queues',
  dependsOn: ['companies'],
  setup: (k: { data: DataAccess; bus: EventBus; media: MediaStore }) => {
    const queues = createQueuesService({ data: k.data, media: k.media });
    return { routes: queuesRoutes(queues), start: (rt) => registerQueueListeners(k.bus, rt) };
  },
});
