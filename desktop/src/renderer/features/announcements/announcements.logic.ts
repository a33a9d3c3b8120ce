import type { AnnouncementDto } from '@balcao/shared';
import { dropById, fold, placeSorted } from '../../lib/by-name';

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
  place: placeSorted(newer, keep),
  drop: (list: AnnouncementDto[], id: number) => dropById(list, id),
});
