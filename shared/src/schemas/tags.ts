import { z } from 'zod';
import { dbId, dbIdParam, looseBool, msg, pageOf, SearchPageQuery, stamps } from './common';
import { TicketDto } from './dtos';

/** A tag (administration.md §4: id, name, color, kanban). */
export const TagDto = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  /** 1: a lane of the kanban board (only admins and supervisors set it). */
  kanban: z.number(),
});
export type TagDto = z.infer<typeof TagDto>;

/** The colour a tag gets when its creator picks none (the column's default). */
export const TAG_DEFAULT_COLOR = '#999999';

/** administration.md §5: name required ('Obrigatório'), min 3 ('Mensagem muito curta'). */
export const tagName = z
  .string({ error: msg.obrigatorio })
  .trim()
  .min(1, msg.obrigatorio)
  .min(3, 'Mensagem muito curta')
  .max(100, msg.tooLong);

/** `POST /tags` {name, color?, kanban?}. The spec's client may send kanban as 0/1 or a boolean. */
export const CreateTagBody = z.object({
  name: tagName,
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?([0-9a-fA-F]{2})?$/, 'a #rgb colour')
    .optional()
    .default(TAG_DEFAULT_COLOR),
  kanban: looseBool.optional().default(false),
});
export type CreateTagBody = z.infer<typeof CreateTagBody>;

/**
 * `PUT /tags/:id` {name, color, kanban, userId} as the spec's modal sends it: absent colour or
 * kanban stay as they are; `userId` is accepted and ignored (the editor is the token's user).
 */
export const UpdateTagBody = z.object({
  name: tagName,
  color: CreateTagBody.shape.color.removeDefault().optional(),
  kanban: looseBool.optional(),
});
export type UpdateTagBody = z.infer<typeof UpdateTagBody>;

/** A row of the /tags screen: the tag and how many tickets carry it. */
export const TagListItemDto = TagDto.extend({ ticketsCount: z.number() });
export type TagListItemDto = z.infer<typeof TagListItemDto>;

/** `GET /tags` (administration.md §7: searchParam, pageNumber → tags, hasMore). */
export const ListTagsQuery = SearchPageQuery;
export type ListTagsQuery = z.infer<typeof ListTagsQuery>;

export const TAG_PAGE_SIZE = 20;

export const ListTagsResponse = pageOf('tags', TagListItemDto);
export type ListTagsResponse = z.infer<typeof ListTagsResponse>;

/**
 * `POST /tags/sync` as the spec's client sends it: the ticket and the whole tag objects it
 * chose (only their ids are read). The ticket ends with exactly these tags.
 */
export const SyncTagsBody = z.object({
  ticketId: dbId,
  tags: z.array(z.looseObject({ id: dbId })).max(100),
});
export type SyncTagsBody = z.infer<typeof SyncTagsBody>;
export const SyncTagsResponse = TicketDto;

/** A ticket note (attendance.md §3: id, note, ticketId, contactId, user, createdAt). */
export const TicketNoteDto = z.object({
  id: z.number(),
  note: z.string(),
  ticketId: z.number(),
  contactId: z.number(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  ...stamps,
});
export type TicketNoteDto = z.infer<typeof TicketNoteDto>;

export const TICKET_NOTE_MAX = 10_000;

/** attendance.md §5: a note is required, min 2 characters. */
export const ticketNoteText = z
  .string({ error: msg.required })
  .trim()
  .min(1, msg.required)
  .min(2, msg.tooShort)
  .max(TICKET_NOTE_MAX, msg.tooLong);

/** `POST /ticket-notes` {note, ticketId, contactId}: contactId, when sent, must be the ticket's contact. */
export const CreateTicketNoteBody = z.object({
  note: ticketNoteText,
  ticketId: dbId,
  contactId: dbId.optional(),
});
export type CreateTicketNoteBody = z.infer<typeof CreateTicketNoteBody>;

/** `GET /ticket-notes/list` params ticketId, contactId. */
export const ListTicketNotesQuery = z.object({
  ticketId: dbIdParam,
  contactId: dbIdParam.optional(),
});
export type ListTicketNotesQuery = z.infer<typeof ListTicketNotesQuery>;
