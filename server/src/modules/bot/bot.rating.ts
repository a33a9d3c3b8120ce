/**
 * Rating (server-behaviour §4, `userRating`): close sends the question and closes at once; the
 * contact's next message, if it is 1–3 within 24 h on that connection, is the closed ticket's
 * rating and gets the completion message. The inbound pipeline has already opened a new ticket
 * for it (ingest stays one fast statement): the answer moves to the rated ticket and the new
 * ticket, empty, is deleted — anything else keeps the new episode as usual (decision 0164).
 */
import type { Unit } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { Jobs, JobPayloads } from '../../infra/jobs';
import { ticketsQueries, type TicketRow } from '../tickets';
import { whatsappQueries } from '../whatsapp';
import * as repo from './bot.repository';
import { sendAutomated } from './bot.send';
import { messagesWrites } from '../messages';

export const catchRating = async (unit: Unit, deps: { jobs: Jobs; clock: Clock }, t: TicketRow, turn: JobPayloads['bot.turn']): Promise<{ sent: number } | null> => {
  const answer = turn.body.trim();
  // Only the first message of a fresh episode can be a rating answer.
  if (!/^[1-3]$/.test(answer) || t.isGroup || t.userId !== null || t.botAt !== null || t.status === 'closed' || t.status === 'open') return null;
  const now = deps.clock.now();
  const rated = await repo.awaitingRating(unit.tx, t, now);
  if (!rated) return null;
  const saved = (await ticketsQueries.setFacts(unit.tx, t.companyId, rated.id, { rating: Number(answer), ratedAt: now })) ?? rated;
  await ticketsQueries.recordEvents(unit.tx, t.companyId, rated.id, [{ kind: 'rating', detail: { rating: Number(answer), askedAt: rated.ratingAskedAt?.toISOString() ?? null } }], { messageId: turn.messageId });
  const empty = await messagesWrites.moveToTicket(unit.tx, t.companyId, turn.messageId, t.id, rated.id);
  if (empty) {
    await ticketsQueries.remove(unit.tx, t.companyId, t.id);
    unit.stage({ type: 'ticket.deleted', companyId: t.companyId, ticketId: t.id, ticketUuid: t.uuid, queueId: t.queueId, userId: t.userId });
  }
  const w = await whatsappQueries.get(unit.tx, t.companyId, t.whatsappId);
  const completion = w?.complationMessage.trim() ? [{ body: w.complationMessage }] : [];
  await sendAutomated(unit, deps.jobs, deps.clock, saved, completion);
  const dto = await ticketsQueries.loadDto(unit.tx, t.companyId, rated.id);
  if (dto) unit.stage({ type: 'ticket.updated', companyId: t.companyId, ticket: dto });
  return { sent: completion.length };
};
