import { can, type ContactDto, type CreateTagBody, type KanbanTagsResponse, type ListTagsQuery, type ListTagsResponse, type SyncTagsBody, type TagDto, type TagListItemDto, type TicketDto, type UpdateTagBody } from '@balcao/shared';
import type { Ctx, DataAccess, Unit } from '../../db/tenant';
import type { Tx } from '../../db/client';
import { AppError } from '../../infra/errors';
import { pgCode, UNIQUE_VIOLATION } from '../../db/errors';
import { auditQueries } from '../audit';
import { contactsQueries } from '../contacts';
import { ticketsQueries, visibleTicket } from '../tickets';
import * as repo from './tags.repository';

/** The ticket's DTO, announced as its update when it changed (every list and board applies it). */
const announceTicket = async (tx: Tx, ctx: Ctx, stage: Unit['stage'], ticketId: number, changed: boolean): Promise<TicketDto> => {
  const dto = (await ticketsQueries.loadDto(tx, ctx.companyId, ticketId))!;
  if (changed) stage({ type: 'ticket.updated', companyId: ctx.companyId, ticket: dto });
  return dto;
};

const taken = () => new AppError('ERR_DUPLICATED_RECORD', 'a tag with this name exists');
/** What the audit trail keeps of a tag. */
const auditView = (t: TagDto) => ({ name: t.name, color: t.color, kanban: t.kanban });

export const createTagsService = (deps: { data: DataAccess }) => {
  const { data } = deps;
  return {
    /** `GET /tags/list`: every tag of the company (any agent tags tickets with them). */
    list: (ctx: Ctx): Promise<TagDto[]> => data.withTenant(ctx, async ({ tx }) => (await repo.list(tx, ctx.companyId)).map(repo.toTagDto)),

    /**
     * `POST /tags`: any agent may create one (the selector in the conversation offers it);
     * making it a kanban lane is for admins and supervisors (decision 0079). Names are unique
     * per company, whatever their case.
     */
    create: (ctx: Ctx, body: CreateTagBody): Promise<TagDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        if (body.kanban && !can(ctx, 'tags:setKanban')) throw new AppError('ERR_NO_PERMISSION');
        if (await repo.nameTaken(tx, ctx.companyId, body.name)) throw taken();
        const row = await repo.insert(tx, { companyId: ctx.companyId, name: body.name, color: body.color, kanban: body.kanban ? 1 : 0 });
        if (!row) throw taken();
        const dto = repo.toTagDto(row);
        await auditQueries.record(tx, ctx, { entity: 'tag', entityId: dto.id, action: 'create', after: auditView(dto) });
        stage({ type: 'tag.saved', companyId: ctx.companyId, tag: { ...dto, ticketsCount: 0 }, created: true });
        return dto;
      }),

    /** `GET /tags`: the /tags screen's page, each tag with how many tickets carry it. */
    page: (ctx: Ctx, q: ListTagsQuery): Promise<ListTagsResponse> => data.withTenant(ctx, ({ tx }) => repo.page(tx, ctx.companyId, q)),

    /** `GET /tags/:id`: any agent (they all tag tickets with them). */
    show: (ctx: Ctx, id: number): Promise<TagListItemDto> =>
      data.withTenant(ctx, async ({ tx }) => {
        const t = await repo.getItem(tx, ctx.companyId, id);
        if (!t) throw new AppError('ERR_NOT_FOUND', 'unknown tag');
        return t;
      }),

    /**
     * `PUT /tags/:id` (decision 0113): any agent renames or recolours a tag (as they create them);
     * changing the kanban flag is for admins and supervisors; a name the company has (any case) is
     * a 409, also when two renames race (the unique index on lower(name) decides).
     */
    update: (ctx: Ctx, id: number, body: UpdateTagBody): Promise<TagListItemDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        const current = await repo.getItem(tx, ctx.companyId, id);
        if (!current) throw new AppError('ERR_NOT_FOUND', 'unknown tag');
        const kanban = body.kanban === undefined ? undefined : body.kanban ? 1 : 0;
        if (kanban !== undefined && kanban !== current.kanban && !can(ctx, 'tags:setKanban')) throw new AppError('ERR_NO_PERMISSION');
        await repo.update(tx, ctx.companyId, id, { name: body.name, color: body.color, kanban }).catch((err: unknown) => {
          if (pgCode(err) === UNIQUE_VIOLATION) throw taken();
          throw err;
        });
        const dto = (await repo.getItem(tx, ctx.companyId, id))!;
        await auditQueries.record(tx, ctx, { entity: 'tag', entityId: id, action: 'update', before: auditView(current), after: auditView(dto) });
        stage({ type: 'tag.saved', companyId: ctx.companyId, tag: dto, created: false });
        return dto;
      }),

    /** `DELETE /tags/:id`: admins and supervisors (`tags:delete`); the tag leaves every ticket and contact. */
    remove: (ctx: Ctx, id: number): Promise<void> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        const current = await repo.getItem(tx, ctx.companyId, id);
        if (!current) throw new AppError('ERR_NOT_FOUND', 'unknown tag');
        if (!can(ctx, 'tags:delete')) throw new AppError('ERR_NO_PERMISSION');
        await repo.remove(tx, ctx.companyId, id);
        await auditQueries.record(tx, ctx, { entity: 'tag', entityId: id, action: 'delete', before: auditView(current) });
        stage({ type: 'tag.deleted', companyId: ctx.companyId, tagId: id });
      }),

    /**
     * `POST /tags/sync`: the ticket ends with exactly the tags sent. Whoever may see the ticket
     * may tag it; a tag id that is not the company's is a 404. A change goes out as the
     * ticket's update, so every list shows it.
     */
    sync: (ctx: Ctx, body: SyncTagsBody): Promise<TicketDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        const ticket = await visibleTicket(tx, ctx, body.ticketId);
        const ids = [...new Set(body.tags.map((t) => t.id))];
        const known = await repo.existing(tx, ctx.companyId, ids);
        if (known.length !== ids.length) throw new AppError('ERR_NOT_FOUND', 'unknown tag');
        const changed = await repo.setTicketTags(tx, ctx.companyId, ticket.id, ids);
        const dto = (await ticketsQueries.loadDto(tx, ctx.companyId, ticket.id))!;
        if (changed) stage({ type: 'ticket.updated', companyId: ctx.companyId, ticket: dto });
        return dto;
      }),

    /** `GET /tags/kanban` → `{ lista }`: the board's lanes, for whoever sees the board. */
    kanbanLanes: (ctx: Ctx): Promise<KanbanTagsResponse> => data.withTenant(ctx, async ({ tx }) => ({ lista: (await repo.listKanban(tx, ctx.companyId)).map(repo.toTagDto) })),

    /**
     * `PUT /ticket-tags/:ticketId/:tagId`: whoever may see the ticket tags it. A kanban tag moves
     * the card (decision 0246): the ticket's other kanban tags go in the same transaction, so a
     * card is in one lane even if the spec's client's DELETE before it never arrived.
     */
    addTicketTag: (ctx: Ctx, ticketId: number, tagId: number): Promise<TicketDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        const ticket = await visibleTicket(tx, ctx, ticketId);
        const tag = await repo.getTag(tx, ctx.companyId, tagId);
        if (!tag) throw new AppError('ERR_NOT_FOUND', 'unknown tag');
        const moved = tag.kanban === 1 && (await repo.removeKanbanTags(tx, ctx.companyId, ticket.id, tag.id));
        const added = await repo.addTicketTag(tx, ctx.companyId, ticket.id, tag.id);
        return announceTicket(tx, ctx, stage, ticket.id, moved || added);
      }),

    /** `DELETE /ticket-tags/:ticketId`: the ticket leaves its kanban lane ('Em aberto'); other tags stay. */
    removeTicketKanbanTags: (ctx: Ctx, ticketId: number): Promise<TicketDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        const ticket = await visibleTicket(tx, ctx, ticketId);
        return announceTicket(tx, ctx, stage, ticket.id, await repo.removeKanbanTags(tx, ctx.companyId, ticket.id));
      }),

    /**
     * `PUT /contacts/:id/tags`: the contact ends with exactly `tagIds` (decision 0152). Any agent
     * may tag a contact, as a ticket; a change goes out as the contact's update, which the lists'
     * items (their contact's tags) and the drawer apply.
     */
    setContactTags: (ctx: Ctx, contactId: number, tagIds: number[]): Promise<ContactDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        if (!(await contactsQueries.get(tx, ctx.companyId, contactId))) throw new AppError('ERR_NO_CONTACT_FOUND');
        const ids = [...new Set(tagIds)];
        const known = await repo.existing(tx, ctx.companyId, ids);
        if (known.length !== ids.length) throw new AppError('ERR_NOT_FOUND', 'unknown tag');
        const changed = await repo.setContactTags(tx, ctx.companyId, contactId, ids);
        const dto = (await contactsQueries.getDto(tx, ctx.companyId, contactId))!;
        if (changed) stage({ type: 'contact.updated', companyId: ctx.companyId, contact: dto });
        return dto;
      }),
  };
};

export type TagsService = ReturnType<typeof createTagsService>;
