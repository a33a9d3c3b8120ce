import { can, type ListMessagesResponse, type MessageDto, type SendMessageBody, type TicketDto } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import type { Jobs } from '../../infra/jobs';
import type { Clock } from '../../infra/clock';
import { LANGUAGE_SETTING } from '../../infra/texts';
import { companiesQueries } from '../companies';
import { contactsQueries } from '../contacts';
import { usersQueries } from '../users';
import { canSee, ticketsQueries } from '../tickets';
import { queueOutbound } from './outbound';
import { queueReadReceipts } from './read-receipts';
import * as repo from './messages.repository';
import { renderVariables } from './variables';

type Tx = Parameters<Parameters<DataAccess['withTenant']>[1]>[0]['tx'];

/**
 * Variables in any outbound text (server-behaviour §7): the spec's client posts its accept
 * greeting as "{{ms}} *{{name}}*, meu nome é…" and expects the customer to get it filled in.
 */
const rendered = async (tx: Tx, clock: Clock, t: { companyId: number; contactId: number; id: number }, text: string) => {
  if (!text.includes('{{')) return text;
  const [company, contact, language] = await Promise.all([
    companiesQueries.get(tx, t.companyId),
    contactsQueries.get(tx, t.companyId, t.contactId),
    companiesQueries.getSetting(tx, t.companyId, LANGUAGE_SETTING),
  ]);
  return renderVariables(text, { language, contactName: contact?.name ?? '', ticketId: t.id, now: clock.now(), timeZone: company?.timezone ?? 'America/Sao_Paulo' });
};

/** How long after the server's own greeting the same text from an agent is taken as that greeting. */
const ECHO_WINDOW_MS = 2 * 60_000;
/** The spec client's signature line (`*Name:*` then a newline) in front of a body. */
const unsigned = (body: string) => body.replace(/^\*[^*\n]+:\*\n/, '');

export const createMessagesService = (deps: { data: DataAccess; jobs: Jobs; clock: Clock }) => {
  const ticketFor = async (tx: Tx, ctx: Ctx, ticketId: number) => {
    const actor = await usersQueries.actorFacts(tx, ctx.companyId, ctx.userId);
    if (!actor) throw new AppError('ERR_SESSION_EXPIRED');
    const t = await ticketsQueries.get(tx, ctx.companyId, ticketId);
    if (!t) throw new AppError('ERR_NO_TICKET_FOUND');
    if (!canSee(actor, t)) throw new AppError('ERR_NO_PERMISSION');
    return t;
  };

  return {
    /** Reads only (decision 0031): opening a conversation marks it read through markRead. */
    list: (ctx: Ctx, ticketId: number, pageNumber: number): Promise<ListMessagesResponse> =>
      deps.data.withTenant(ctx, async ({ tx }) => {
        const t = await ticketFor(tx, ctx, ticketId);
        const page = await repo.history(tx, ctx.companyId, t, pageNumber);
        return { ...page, ticket: (await ticketsQueries.loadDto(tx, ctx.companyId, t.id))! };
      }),

    /**
     * The agent shows the conversation: the unread badge clears for everyone and the customer's
     * messages get their blue ticks. A pending ticket (an admin's preview) stays unread.
     */
    markRead: (ctx: Ctx, ticketId: number): Promise<TicketDto> =>
      deps.data.withTenant(ctx, async ({ tx, stage }) => {
        const t = await ticketFor(tx, ctx, ticketId);
        if (t.unreadMessages === 0 || t.status === 'pending') return (await ticketsQueries.loadDto(tx, ctx.companyId, t.id))!;
        await ticketsQueries.update(tx, ctx.companyId, t.id, { unreadMessages: 0 });
        await queueReadReceipts({ tx, stage }, deps.jobs, t);
        const ticket = (await ticketsQueries.loadDto(tx, ctx.companyId, t.id))!;
        stage({ type: 'ticket.updated', companyId: ctx.companyId, ticket, read: true });
        return ticket;
      }),

    send: (ctx: Ctx, ticketId: number, body: SendMessageBody): Promise<MessageDto> =>
      deps.data.withTenant(ctx, async (unit) => {
        const t = await ticketFor(unit.tx, ctx, ticketId);
        // Replies go through an accepted ticket; admins may answer any open one.
        if (t.status !== 'open') throw new AppError('ERR_INVALID_TRANSITION');
        if (t.userId !== ctx.userId && !can(ctx, 'messages:replyToAnyTicket')) throw new AppError('ERR_NO_PERMISSION');
        const quotedId = typeof body.quotedMsg === 'number' ? body.quotedMsg : (body.quotedMsg?.id ?? null);
        if (quotedId && !(await repo.get(unit.tx, ctx.companyId, quotedId))) throw new AppError('ERR_NO_MESSAGE_FOUND');
        const text = await rendered(unit.tx, deps.clock, t, body.body);
        // The spec's client posts its own accept greeting after the server sent it (decision 0054):
        // the customer gets it once, and the client gets the message already sent.
        const since = new Date(deps.clock.now().getTime() - ECHO_WINDOW_MS);
        const echo = (await repo.recentAutomated(unit.tx, ctx.companyId, t.id, since)).find((m) => m.body === unsigned(text));
        if (echo && !quotedId) return (await repo.withQuoted(unit.tx, ctx.companyId, [echo]))[0]!;
        const row = await queueOutbound(unit, deps.jobs, t, text, { userId: ctx.userId, quotedMsgId: quotedId });
        return (await repo.withQuoted(unit.tx, ctx.companyId, [row]))[0]!;
      }),
  };
};

export type MessagesService = ReturnType<typeof createMessagesService>;
