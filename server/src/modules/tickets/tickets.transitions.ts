import type { TicketAction, UpdateTicketBody } from '@balcao/shared';
import type { Ctx, Unit } from '../../db/tenant';
import type { Tx } from '../../db/client';
import { AppError, found } from '../../infra/errors';
import { LANGUAGE_SETTING, textsOf, type ServerTexts } from '../../infra/texts';
import type { Jobs } from '../../infra/jobs';
import type { Clock } from '../../infra/clock';
import { usersQueries } from '../users';
import { contactsQueries } from '../contacts';
import { whatsappQueries } from '../whatsapp';
import { queuesQueries } from '../queues';
import { companiesQueries } from '../companies';
import { renderVariables } from '../../infra/variables';
import * as repo from './tickets.repository';
import { recordEvents } from './ticket-events.repository';

/**
 * What a transition asks of the messages module, in the caller's unit of work. Messages depends
 * on tickets (it stores messages on them), so tickets may not import it: app.ts hands this port
 * in (the messages door's `ticketMessaging`), and the module graph keeps no cycle (issue 27 §3).
 */
export interface TicketMessaging {
  /** An automated text (greeting, transfer notice, completion) stored and queued to send; the transition announces the ticket itself. */
  sendAutomated(unit: Unit, ticket: repo.TicketRow, body: string): Promise<void>;
  /** The customer's messages marked read on the phone (a job, after commit). */
  markRead(unit: Unit, ticket: repo.TicketRow): Promise<void>;
}

export interface TransitionDeps {
  jobs: Jobs;
  clock: Clock;
  messaging: TicketMessaging;
}

type Transition = (unit: Unit, ctx: Ctx, t: repo.TicketRow, body: UpdateTicketBody, deps: TransitionDeps) => Promise<void>;

/** The holder of a contact's live ticket, as the spec's "open ticket exists" dialog shows it. */
export const holderDetails = async (tx: Tx, companyId: number, holder: repo.TicketRow) => {
  const dto = await repo.loadDto(tx, companyId, holder.id);
  return { ticketId: holder.id, uuid: holder.uuid, status: holder.status, user: dto?.user ?? null, queue: dto?.queue ?? null };
};

/**
 * An automated message (greeting, completion) is stored and sent like any other. The service
 * announces the ticket once after the transition, so the message does not announce it too.
 */
const automated = async (unit: Unit, deps: TransitionDeps, ticket: repo.TicketRow, template: string | ((texts: ServerTexts) => string)) => {
  if (typeof template === 'string' && !template.trim()) return;
  const language = await companiesQueries.getSetting(unit.tx, ticket.companyId, LANGUAGE_SETTING);
  const text = typeof template === 'string' ? template : template(textsOf(language));
  if (!text.trim()) return;
  const company = await companiesQueries.get(unit.tx, ticket.companyId);
  const contact = await contactsQueries.get(unit.tx, ticket.companyId, ticket.contactId);
  const body = renderVariables(text, {
    language,
    contactName: contact?.name ?? '',
    ticketId: ticket.id,
    now: deps.clock.now(),
    timeZone: company?.timezone ?? 'America/Sao_Paulo',
  });
  await deps.messaging.sendAutomated(unit, ticket, body);
};

const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

const accept: Transition = async (unit, ctx, t, body, deps) => {
  const carry = defined({ useIntegration: body.useIntegration, promptId: body.promptId, integrationId: body.integrationId });
  await repo.update(unit.tx, ctx.companyId, t.id, { status: 'open', userId: ctx.userId, acceptedAt: deps.clock.now(), chatbot: false, unreadMessages: 0, ...carry });
  // Accepting opens the conversation: the customer sees their messages read.
  await deps.messaging.markRead(unit, t);
  if (t.isGroup || (await companiesQueries.getSetting(unit.tx, ctx.companyId, 'sendGreetingAccepted')) !== 'enabled') return;
  const me = await usersQueries.get(unit.tx, ctx.companyId, ctx.userId);
  await automated(unit, deps, { ...t, status: 'open' }, (texts) => texts.acceptGreeting(me?.name ?? ''));
};

const returnToQueue: Transition = async (unit, ctx, t, _body, deps) => {
  await repo.update(unit.tx, ctx.companyId, t.id, { status: 'pending', userId: null, queuedAt: deps.clock.now() });
};

const transfer: Transition = async (unit, ctx, t, body, deps) => {
  const { tx } = unit;
  const queueId = body.queueId ?? t.queueId;
  if (!queueId) throw new AppError('ERR_QUEUE_REQUIRED', 'Selecione uma fila');
  const queue = found(await queuesQueries.get(tx, ctx.companyId, queueId), 'ERR_NO_QUEUE_FOUND');
  const agent = body.userId ? await usersQueries.get(tx, ctx.companyId, body.userId) : undefined;
  if (body.userId && !agent) throw new AppError('ERR_NO_USER_FOUND');
  let whatsappId = t.whatsappId;
  if (body.whatsappId && body.whatsappId !== t.whatsappId) {
    if (!(await whatsappQueries.get(tx, ctx.companyId, body.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND');
    const holder = await repo.findLive(tx, ctx.companyId, t.contactId, body.whatsappId);
    if (holder) throw new AppError('ERR_OTHER_OPEN_TICKET', undefined, await holderDetails(tx, ctx.companyId, holder));
    whatsappId = body.whatsappId;
  }
  const userId = body.userId ?? null;
  const now = deps.clock.now();
  await repo.update(tx, ctx.companyId, t.id, { queueId, whatsappId, userId, status: userId ? 'open' : 'pending', queuedAt: now, ...(userId ? { acceptedAt: now } : {}) });
  // The customer hears where they went (decision 0084): the new queue, the new agent, or both.
  const queueChanged = queueId !== t.queueId;
  const agentChanged = !!agent && agent.id !== t.userId;
  if (t.isGroup || (!queueChanged && !agentChanged)) return;
  if ((await companiesQueries.getSetting(tx, ctx.companyId, 'sendMsgTransfTicket')) !== 'enabled') return;
  const moved = { ...t, queueId, whatsappId, userId, status: userId ? 'open' : 'pending' };
  await automated(unit, deps, moved, (texts) => texts.transferNotice(queueChanged ? queue.name : null, agentChanged ? agent.name : null));
};

/** userRating's question: the connection's ratingMessage (or the default) and the three answers (server-behaviour §4). */
const ratingQuestion = (ratingMessage: string) => (texts: ServerTexts) =>
  `${ratingMessage.trim() || texts.rating.question}\n\n${texts.rating.options.map((o, i) => `*[ ${i + 1} ]* - ${o}`).join('\n')}`;

const close: Transition = async (unit, ctx, t, _body, deps) => {
  const w = await whatsappQueries.get(unit.tx, ctx.companyId, t.whatsappId);
  // With userRating the question goes now and the completion message answers the rating (the bot module catches it).
  const rate = !!w && !t.isGroup && (await companiesQueries.getSetting(unit.tx, ctx.companyId, 'userRating')) === 'enabled';
  const now = deps.clock.now();
  await repo.update(unit.tx, ctx.companyId, t.id, {
    status: 'closed',
    closedAt: now,
    chatbot: false,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    ...(rate ? { ratingAskedAt: now, ratedAt: null, rating: null } : {}),
  });
  if (!w || t.isGroup) return;
  await automated(unit, deps, { ...t, status: 'closed' }, rate ? ratingQuestion(w.ratingMessage) : w.complationMessage);
  // "Why did the customer get a question?": on the timeline, with who closed it.
  if (rate) await recordEvents(unit.tx, ctx.companyId, t.id, [{ kind: 'rating-asked', detail: { userId: ctx.userId } }]);
};

const reopen: Transition = async ({ tx }, ctx, t, _body, deps) => {
  const holder = await repo.findLive(tx, ctx.companyId, t.contactId, t.whatsappId);
  if (holder) throw new AppError('ERR_OTHER_OPEN_TICKET', undefined, await holderDetails(tx, ctx.companyId, holder));
  await repo.update(tx, ctx.companyId, t.id, { status: 'open', userId: ctx.userId, closedAt: null, acceptedAt: deps.clock.now() });
};

/** Every action of the status machine (shared/ticket-status.ts); a new action fails the build here. */
export const transitions: Record<TicketAction, Transition> = { accept, return: returnToQueue, transfer, close, reopen };
