import type { AnnouncementDto } from '@balcao/shared';
import { createPagedList } from '../../lib/paged-list';
import { announcementsApi } from './announcements.api';
import { matchesAnnouncement, newestFirst } from './announcements.logic';

const fetchPage = async (search: string, page: number) => {
  const r = await announcementsApi.page(search, page);
  return { records: r.records, count: r.count, hasMore: r.hasMore };
};

/** The super user's /announcements table: every announcement, searched, paged, newest first. */
export const useAnnouncements = createPagedList<AnnouncementDto>({ fetch: fetchPage, ...newestFirst(matchesAnnouncement) });

/** The top bar's popover (everyone): the active ones, newest first, kept live by the socket. */
export const usePopoverAnnouncements = createPagedList<AnnouncementDto>({
  fetch: async (_search, page) => {
    const r = await announcementsApi.activePage(page);
    return { records: r.records, count: r.count, hasMore: r.hasMore };
  },
  ...newestFirst((a) => a.status),
});
