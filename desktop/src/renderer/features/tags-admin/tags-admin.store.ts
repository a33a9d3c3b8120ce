import type { TagListItemDto } from '@balcao/shared';
import { byName } from '../../lib/by-name';
import { createPagedList } from '../../lib/paged-list';
import { tagsAdminApi } from './tags-admin.api';

/** The /tags table: searched, paged (infinite scroll) and live. */
export const useTagsAdmin = createPagedList<TagListItemDto>({
  fetch: async (search, page) => {
    const r = await tagsAdminApi.page(search, page);
    return { records: r.tags, count: r.count, hasMore: r.hasMore };
  },
  ...byName<TagListItemDto>(),
});
