import type { FileListDto } from '@balcao/shared';
import { byName, fold } from '../../lib/by-name';
import { createPagedList } from '../../lib/paged-list';
import { filesApi } from './files.api';

export const matchesFileList = (f: Pick<FileListDto, 'name'>, search: string): boolean => {
  const s = fold(search.trim());
  return !s || fold(f.name).includes(s);
};

/** The /files table: searched, paged (infinite scroll) and live. */
export const useFileLists = createPagedList<FileListDto>({
  fetch: async (search, page) => {
    const r = await filesApi.page(search, page);
    return { records: r.files, count: r.count, hasMore: r.hasMore };
  },
  ...byName<FileListDto>(matchesFileList),
});
