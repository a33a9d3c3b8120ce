import { statusesFor, type TicketStatus } from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Unit } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import * as repo from './tickets.repository';
import { stageIfWaiting } from './tickets.assign';
import type { tickets } from './tickets.table';

/** The state the bot keeps on a ticket (bot.decide's BotState without what it only reads). */
export interface AutomationState {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  chatbot: boolean;
  /** The option-tree node the customer is at (null: the queue's root, or the main menu without a queue). */
  botOptionId: number | null;
  /** Turns that did not move forward (invalid, back, main menu). */
  botUses: number;
  /** When the bot took the ticket (null: never). */
  botAt: Date | null;
  outOfHoursAt: Date | null;
}

/**
 * The statuses automation may move a ticket from, by where it goes (issue 27 §1): a responder
 * handing to a person is an accept, the bot handing to the queue's waiting list or taking a
 * waiting ticket moves between the two waiting statuses, as a transfer may. A closed ticket, or
 * one a person holds, is never the bot's to move.
 */
const FROM: Record<TicketStatus, readonly TicketStatus[]> = {
  open: statusesFor('accept'),
  pending: ['attending', 'pending'],
  attending: ['attending', 'pending'],
  closed: [],
};

/** Whether automation may move a ticket in `from` to `to` (staying put is always allowed). */
export const automationMayMove = (from: TicketStatus, to: TicketStatus): boolean => from === to || FROM[to].includes(from);

/**
 * The bot's turn saved on the ticket: its status, queue, agent and bot fields, with the
 * transitions' timestamps (queued when handed to a queue's waiting list, accepted when a person
 * takes it). Refuses a move the table does not allow (ERR_INVALID_TRANSITION: the turn rolls back).
 */
export const applyBotState = async (unit: Unit, t: repo.TicketRow, s: AutomationState, now: Date): Promise<repo.TicketRow> => {
  const { tx } = unit;
  if (!automationMayMove(t.status as TicketStatus, s.status)) throw new AppError('ERR_INVALID_TRANSITION');
  const handedOff = t.status === 'attending' && s.status === 'pending';
  const row = await repo.update(tx, t.companyId, t.id, {
    status: s.status,
    userId: s.userId,
    queueId: s.queueId,
    chatbot: s.chatbot,
    botOptionId: s.botOptionId,
    botUses: s.botUses,
    botAt: s.botAt,
    outOfHoursAt: s.outOfHoursAt,
    ...(handedOff || (s.queueId !== t.queueId && s.status === 'pending') ? { queuedAt: now } : {}),
    ...(s.userId && !t.userId ? { acceptedAt: now } : {}),
  });
  // The bot (or a responder) handed the ticket to its queue's agents: assignment may give it to one.
  // A fresh ticket the ingest put in the connection's only queue waited there unannounced (the
  // ingest stages no `ticket.waiting`): the first turn of its episode (botAt set now) announces
  // it, even when the hand-over leaves it where it was (no menu in that queue).
  stageIfWaiting(unit, t.botAt === null && row?.botAt ? undefined : t, row);
  return row ?? t;
};

/** What another module may set on a ticket itself: never its status, queue, agent or their times. */
export type TicketFacts = Omit<Partial<typeof tickets.$inferInsert>, 'id' | 'companyId' | 'status' | 'queueId' | 'userId' | 'acceptedAt' | 'closedAt' | 'queuedAt' | 'whatsappId' | 'contactId'>;

/** Sets facts of a ticket (unread count, a responder's session, a rating) in the caller's transaction. */
export const setFacts = (tx: Tx, companyId: number, id: number, set: TicketFacts): Promise<repo.TicketRow | undefined> => repo.update(tx, companyId, id, set);

/**
 * A closed ticket to carry a message sent from outside a conversation (the external API, a
 * campaign): the customer's answer opens a ticket as any message does. Undefined when a live
 * ticket was made meanwhile (the partial unique index); the caller reads it then.
 */
export const insertClosed = (tx: Tx, p: { companyId: number; contactId: number; whatsappId: number }, now: Date): Promise<repo.TicketRow | undefined> =>
  repo.insert(tx, { ...p, status: 'closed', closedAt: now, unreadMessages: 0 });
