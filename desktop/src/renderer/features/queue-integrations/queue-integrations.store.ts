import type { QueueIntegrationDto } from '@balcao/shared';
import { byName, fold } from '../../lib/by-name';
import { createPagedList } from '../../lib/paged-list';
import { queueIntegrationsApi } from './queue-integrations.api';

/** Whether an integration belongs to the list searched for `search` (the server searches the name). */
export const matchesIntegration = (g: Pick<QueueIntegrationDto, 'name'>, search: string): boolean => {
  const s = fold(search.trim());
  return !s || fold(g.name).includes(s);
};

/** The /queue-integration table: searched, paged (infinite scroll) and live. */
export const useQueueIntegrations = createPagedList<QueueIntegrationDto>({
  fetch: async (search, page) => {
    const r = await queueIntegrationsApi.page(search, page);
    return { records: r.queueIntegrations, count: r.count, hasMore: r.hasMore };
  },
  ...byName<QueueIntegrationDto>(matchesIntegration),
});
