import type { DomainEvent } from '@balcao/shared';

type MessageCreated = Extract<DomainEvent, { type: 'message.created' }>;

/**
 * Could the bot's turn do anything for this message? Only `false` when it certainly would not, so
 * no `bot.turn` job is queued for it (issue 26, decision 0326): the same rules as `decide` and
 * `catchRating`, read from the ticket and the facts the inbound unit of work returned. A message
 * without those facts (not from the pipeline) gets its job, and the job decides, as before.
 */
export const botMayAct = (e: MessageCreated): boolean => {
  const { message: m, ticket: t } = e;
  // A person has it, it is history or a group, or it is ours: decide() stays out.
  if (m.fromMe || m.automated || t.isGroup || t.status === 'closed' || t.status === 'open' || t.userId !== null) return false;
  const f = e.inbound;
  if (!f) return true;
  // In the bot's hands (the menu, a responder).
  if (t.status === 'attending' || t.chatbot) return true;
  // Out of hours comes before anything else in decide().
  if (f.hours) return true;
  // Handed to a person already: decide() says nothing more.
  if (f.botAt !== null) return false;
  // A fresh episode: the menu or a responder when the connection has one; else only a rating answer.
  return f.connectionBot || /^[1-3]$/.test(m.body.trim());
};
