import { z } from 'zod';
import { dbIdParam, pageOf, queryIdList } from './common';
import { TicketDto } from './dtos';
import { TagDto } from './tags';

/** `GET /ticket/kanban` (administration.md §7: queueIds as JSON): the board's live tickets. */
export const KanbanTicketsQuery = z.object({ queueIds: queryIdList.optional() });
export type KanbanTicketsQuery = z.infer<typeof KanbanTicketsQuery>;
export const KANBAN_MAX_TICKETS = 500;
export const KanbanTicketsResponse = pageOf('tickets', TicketDto);
export type KanbanTicketsResponse = z.infer<typeof KanbanTicketsResponse>;

/** `GET /tags/kanban` → `{ lista }` (the spec's name): the company's kanban tags, the board's lanes. */
export const KanbanTagsResponse = z.object({ lista: z.array(TagDto) });
export type KanbanTagsResponse = z.infer<typeof KanbanTagsResponse>;

/** `PUT /ticket-tags/:ticketId/:tagId`, `DELETE /ticket-tags/:ticketId`. */
export const TicketTagParams = z.object({ ticketId: dbIdParam, tagId: dbIdParam });
export const TicketTagsParams = z.object({ ticketId: dbIdParam });
