import { describe, expect, it } from 'vitest';
import { pickAgents, type Agent, type WaitingTicket } from './assignment.pick';

const agent = (userId: number, open = 0, maxTickets: number | null = null, last: [number, number][] = []): Agent => ({ userId, open, maxTickets, lastAssigned: new Map(last) });
const tickets = (n: number, policy: WaitingTicket['policy'], capacity: number | null = null, queueId = 1): WaitingTicket[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, queueId, contactId: 100 + i, policy, capacity }));

describe('who gets each waiting ticket (decision 0381)', () => {
  it('round robin: the agent assigned least recently in the queue, never-assigned first, then by id', () => {
    const a = [agent(3, 0, null, [[1, 500]]), agent(1), agent(2, 9)];
    const picks = pickAgents(tickets(6, 'round_robin'), new Map([[1, a]]), new Map(), 1000);
    expect(picks.map((p) => p.userId)).toEqual([1, 2, 3, 1, 2, 3]);
    // Each pick is later than the one before: the next batch goes on from here.
    expect(picks.map((p) => p.at)).toEqual([1000, 1001, 1002, 1003, 1004, 1005]);
  });

  it('balanced: fewest open tickets, ties to the least recently assigned; ends within one of each other', () => {
    const a = [agent(1, 4), agent(2, 0, null, [[1, 10]]), agent(3, 0)];
    const picks = pickAgents(tickets(11, 'balanced'), new Map([[1, a]]), new Map(), 1000);
    expect(picks.slice(0, 2).map((p) => p.userId)).toEqual([3, 2]);
    const open = a.map((x) => x.open);
    expect(open.reduce((s, n) => s + n)).toBe(15);
    expect(Math.max(...open) - Math.min(...open)).toBeLessThanOrEqual(1);
  });

  it('never goes past a capacity: the agent’s own, else the queue’s; what no one has room for waits', () => {
    const a = [agent(1, 1, 2), agent(2, 0), agent(3, 3)];
    const picks = pickAgents(tickets(10, 'balanced', 3), new Map([[1, a]]), new Map(), 0);
    expect(a.map((x) => x.open)).toEqual([2, 3, 3]);
    expect(picks).toHaveLength(4);
  });

  it('a returning customer goes to their last agent when that agent qualifies, else by the policy', () => {
    const a = [agent(1), agent(2), agent(3, 1, 1)];
    const [t1, t2] = tickets(2, 'round_robin');
    const picks = pickAgents([t1!, t2!], new Map([[1, a]]), new Map([[t1!.contactId, 2], [t2!.contactId, 3]]), 0);
    expect(picks.map((p) => [p.userId, p.reason])).toEqual([
      [2, 'returning'],
      [1, 'policy'],
    ]);
  });

  it('counts an agent’s load across their queues', () => {
    const shared = agent(1, 0, 2);
    const other = agent(2, 0, 2);
    const ts = [...tickets(2, 'balanced', null, 1), ...tickets(2, 'balanced', null, 2).map((t) => ({ ...t, id: t.id + 10 }))];
    const picks = pickAgents(ts, new Map([[1, [shared]], [2, [shared, other]]]), new Map(), 0);
    expect(picks.map((p) => p.userId)).toEqual([1, 1, 2, 2]);
  });
});
