import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { AppError } from '../../infra/errors';
import { applyBotState, automationMayMove, setFacts, type AutomationState } from './tickets.automation';
import type { TicketRow } from './tickets.repository';

/** A transaction that fails the test if anything is written. */
const untouched = new Proxy({}, { get: () => () => { throw new Error('the ticket was written'); } }) as unknown as Tx;
const ticket = (status: string, userId: number | null = null) => ({ id: 7, companyId: 1, status, userId, queueId: null }) as unknown as TicketRow;
const state = (status: AutomationState['status'], userId: number | null = null): AutomationState => ({ status, userId, queueId: 3, chatbot: status === 'attending', botOptionId: null, botUses: 0, botAt: null, outOfHoursAt: null });

describe('automation moves a ticket only as the transition table allows (issue 27 §1)', () => {
  it('hands to a person from the waiting statuses, to the queue and back to the bot between them', () => {
    expect(automationMayMove('pending', 'open')).toBe(true);
    expect(automationMayMove('attending', 'open')).toBe(true);
    expect(automationMayMove('attending', 'pending')).toBe(true);
    expect(automationMayMove('pending', 'attending')).toBe(true);
    expect(automationMayMove('open', 'open')).toBe(true);
  });

  it('never takes a ticket a person holds, never reopens or closes one', () => {
    expect(automationMayMove('open', 'pending')).toBe(false);
    expect(automationMayMove('open', 'attending')).toBe(false);
    expect(automationMayMove('closed', 'attending')).toBe(false);
    expect(automationMayMove('closed', 'open')).toBe(false);
    expect(automationMayMove('pending', 'closed')).toBe(false);
  });

  it('refuses a disallowed turn before writing anything (the turn rolls back)', async () => {
    const unit = { tx: untouched, stage: () => { throw new Error('an event was staged'); } };
    await expect(applyBotState(unit, ticket('closed'), state('attending'), new Date())).rejects.toEqual(new AppError('ERR_INVALID_TRANSITION'));
    await expect(applyBotState(unit, ticket('open', 5), state('pending'), new Date())).rejects.toEqual(new AppError('ERR_INVALID_TRANSITION'));
  });

  it("other modules' facts cannot carry a status, queue or agent (checked by the compiler)", () => {
    const typeOnly = () => {
      // @ts-expect-error a status is the transitions', not a fact
      void setFacts(untouched, 1, 7, { status: 'open' });
      // @ts-expect-error so are the queue and the agent
      void setFacts(untouched, 1, 7, { queueId: 2, userId: 3 });
      void setFacts(untouched, 1, 7, { unreadMessages: 0 });
    };
    expect(typeof typeOnly).toBe('function');
  });
});
