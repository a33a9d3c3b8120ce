import type { TagListItemDto } from '@balcao/shared';
import { byName, fold } from '../../lib/by-name';
import { createPagedList } from '../../lib/paged-list';
import { tagsAdminApi } from './tags-admin.api';

/** Whether a tag belongs to the list searched for `search` (the server searches the name, accents and case ignored). */
export const matchesTag = (g: Pick<TagListItemDto, 'name'>, search: string): boolean => {
  const s = fold(search.trim());
  return !s || fold(g.name).includes(s);
};

/** The /tags table: searched, paged (infinite scroll) and live. */
export const useTagsAdmin = createPagedList<TagListItemDto>({
  fetch: async (search, page) => {
    const r = await tagsAdminApi.page(search, page);
    return { records: r.tags, count: r.count, hasMore: r.hasMore };
  },
  ...byName<TagListItemDto>(matchesTag),
});
