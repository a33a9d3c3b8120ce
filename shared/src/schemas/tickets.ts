import { z } from 'zod';
import { ticketStatuses } from '../ticket-status';
import { dbId, idOrNone, looseBool, pageOf, queryBool, queryIdList, SearchPageQuery } from './common';
import { TicketDto } from './dtos';

export const TicketStatusSchema = z.enum(ticketStatuses);

export const ListTicketsQuery = SearchPageQuery.extend({
  status: TicketStatusSchema.optional(),
  showAll: queryBool.optional(),
  queueIds: queryIdList.optional(),
  tags: queryIdList.optional(),
  users: queryIdList.optional(),
  withUnreadMessages: queryBool.optional(),
  updatedAt: z.string().datetime({ offset: true }).optional(),
  date: z.string().max(30).optional(),
});
export type ListTicketsQuery = z.infer<typeof ListTicketsQuery>;

export const ListTicketsResponse = pageOf('tickets', TicketDto);
export type ListTicketsResponse = z.infer<typeof ListTicketsResponse>;

/** POST /tickets/closeAll */
export const CloseAllResponse = z.object({ closed: z.number() });

const optionalId = dbId.nullable().optional();

export const CreateTicketBody = z.object({
  contactId: dbId,
  queueId: optionalId,
  whatsappId: optionalId,
  userId: optionalId,
  status: z.enum(['open', 'pending']).default('open'),
});
export type CreateTicketBody = z.infer<typeof CreateTicketBody>;

/**
 * PUT /tickets/:id. The spec's client resolves with `{ status: 'closed', userId, queueId,
 * useIntegration: false, promptId: false, integrationId: false }` (decision 0037): `false` for
 * promptId/integrationId reads as null (none, idOrNone) and useIntegration takes 1/0 and
 * "true"/"false" too (looseBool). status, userId, queueId and whatsappId stay strict.
 */
export const UpdateTicketBody = z
  .object({
    status: TicketStatusSchema.optional(),
    userId: optionalId,
    queueId: optionalId,
    whatsappId: optionalId,
    useIntegration: looseBool.optional(),
    promptId: idOrNone.optional(),
    integrationId: idOrNone.optional(),
  })
  .refine((b) => b.status !== undefined || b.queueId !== undefined || b.userId !== undefined || b.whatsappId !== undefined, {
    message: 'nothing to change',
  });
export type UpdateTicketBody = z.infer<typeof UpdateTicketBody>;

export const CloseAllBody = z.object({
  status: z.enum(['pending', 'open', 'attending']),
  selectedQueueIds: z.array(dbId).max(500).default([]),
});
export type CloseAllBody = z.infer<typeof CloseAllBody>;

export const TicketUuidParam = z.object({ uuid: z.string().uuid() });
