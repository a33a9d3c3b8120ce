import { z } from 'zod';
import { looseBool, msg, pageOf, queryBool, SearchPageQuery, stamps } from './common';

/** administration.md §3: priority 1 high (red), 2 medium (orange), 3 low (grey); §9: default 3. */
export const announcementPriorities = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof announcementPriorities)[number];
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_TEXT_MAX = 10_000;

/**
 * A platform-wide announcement (administration.md §3, attendance.md §3). `mediaPath` is the
 * stored picture's name ('' when none); its bytes are at `GET /announcements/:id/media`.
 */
export const AnnouncementDto = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  priority: z.number(),
  status: z.boolean(),
  mediaPath: z.string(),
  mediaName: z.string(),
  ...stamps,
});
export type AnnouncementDto = z.infer<typeof AnnouncementDto>;

const required = (max: number) =>
  z
    .string({ error: msg.obrigatorio })
    .trim()
    .min(1, msg.obrigatorio)
    .max(max, msg.tooLong);

/** Accepts 1, "1" (the spec's select sends either). */
const priority = z.coerce.number({ error: 'Prioridade inválida' }).int().refine((n) => (announcementPriorities as readonly number[]).includes(n), 'Prioridade inválida');

/**
 * `POST /announcements`: title and text required ('Obrigatório'); priority 3 and status true by
 * default (administration.md §9). The spec's client may send `mediaPath`/`mediaName` back: the
 * picture only changes through media-upload, so they are ignored.
 */
export const CreateAnnouncementBody = z.object({
  title: required(ANNOUNCEMENT_TITLE_MAX),
  text: required(ANNOUNCEMENT_TEXT_MAX),
  priority: priority.optional().default(3),
  status: looseBool.optional().default(true),
});
export type CreateAnnouncementBody = z.infer<typeof CreateAnnouncementBody>;

/** `PUT /announcements/:id`: any of the fields. */
export const UpdateAnnouncementBody = z.object({
  title: required(ANNOUNCEMENT_TITLE_MAX).optional(),
  text: required(ANNOUNCEMENT_TEXT_MAX).optional(),
  priority: priority.optional(),
  status: looseBool.optional(),
});
export type UpdateAnnouncementBody = z.infer<typeof UpdateAnnouncementBody>;

/** `GET /announcements/` (attendance.md §7: searchParam, pageNumber → records, hasMore), by title or text. */
export const ListAnnouncementsQuery = SearchPageQuery.extend({
  /** Only the active ones (the top bar's popover, the super user's too); others only ever get those. */
  active: queryBool.optional(),
});
export type ListAnnouncementsQuery = z.infer<typeof ListAnnouncementsQuery>;

export const ListAnnouncementsResponse = pageOf('records', AnnouncementDto);
export type ListAnnouncementsResponse = z.infer<typeof ListAnnouncementsResponse>;
