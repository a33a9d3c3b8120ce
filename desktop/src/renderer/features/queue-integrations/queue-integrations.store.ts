import type { QueueIntegrationDto } from '@balcao/shared';
import { byName } from '../../lib/by-name';
import { createPagedList } from '../../lib/paged-list';
import { queueIntegrationsApi } from './queue-integrations.api';

/** The /queue-integration table: searched, paged (infinite scroll) and live. */
export const useQueueIntegrations = createPagedList<QueueIntegrationDto>({
  fetch: async (search, page) => {
    const r = await queueIntegrationsApi.page(search, page);
    return { records: r.queueIntegrations, count: r.count, hasMore: r.hasMore };
  },
  ...byName<QueueIntegrationDto>(),
});
