import type { FileListDto } from '@balcao/shared';
import { byName } from '../../lib/by-name';
import { createPagedList } from '../../lib/paged-list';
import { filesApi } from './files.api';

/** The /files table: searched, paged (infinite scroll) and live. */
export const useFileLists = createPagedList<FileListDto>({
  fetch: async (search, page) => {
    const r = await filesApi.page(search, page);
    return { records: r.files, count: r.count, hasMore: r.hasMore };
  },
  ...byName<FileListDto>(),
});
