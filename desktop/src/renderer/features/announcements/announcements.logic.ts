import type { AnnouncementDto } from '@balcao/shared';
import { fold } from '../../lib/by-name';
import type { Placed } from '../../lib/paged-list';

/** attendance.md §3: priority 1 red, 2 orange, 3 grey — as antd tokens, so dark mode follows. */
export const priorityColor = (priority: number, token: { colorError: string; colorWarning: string; colorTextTertiary: string }): string =>
  priority === 1 ? token.colorError : priority === 2 ? token.colorWarning : token.colorTextTertiary;

/** The pictures the modal accepts (administration.md §5: .png, .jpg, .jpeg); the server checks the bytes. */
export const isImageName = (name: string): boolean => /\.(png|jpe?g)$/i.test(name);

export const matchesAnnouncement = (a: Pick<AnnouncementDto, 'title' | 'text'>, search: string): boolean => {
  const s = fold(search.trim());
  return !s || fold(a.title).includes(s) || fold(a.text).includes(s);
};

const newer = (a: AnnouncementDto, b: AnnouncementDto) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1);

/**
 * `place`/`drop` for a list sorted as the server sorts it (newest first): a changed record
 * replaces its row, a new one joins at its place; `keep` says whether it belongs in the list at
 * all (the popover: active ones only).
 */
export const newestFirst = (keep: (a: AnnouncementDto, search: string) => boolean) => ({
  place: (list: AnnouncementDto[], record: AnnouncementDto, search: string, complete: boolean): Placed<AnnouncementDto> => {
    const i = list.findIndex((x) => x.id === record.id);
    if (!keep(record, search)) return i === -1 ? { list, delta: 0 } : { list: list.filter((x) => x.id !== record.id), delta: -1 };
    if (i !== -1) {
      const next = [...list];
      next[i] = record;
      return { list: next.sort(newer), delta: 0 };
    }
    const last = list[list.length - 1];
    if (!complete && last && newer(record, last) > 0) return { list, delta: 1 };
    return { list: [...list, record].sort(newer), delta: 1 };
  },
  drop: (list: AnnouncementDto[], id: number): Placed<AnnouncementDto> =>
    list.some((x) => x.id === id) ? { list: list.filter((x) => x.id !== id), delta: -1 } : { list, delta: 0 },
});
