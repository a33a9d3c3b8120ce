import { describe, expect, it } from 'vitest';
import { ListTicketsQuery } from './tickets';
import { CreateContactBody } from './contacts';

describe('query parsing', () => {
  it('accepts queue ids as a JSON array, a comma list or repeated keys', () => {
    expect(ListTicketsQuery.parse({ queueIds: '[1,2]' }).queueIds).toEqual([1, 2]);
    expect(ListTicketsQuery.parse({ queueIds: '3,4' }).queueIds).toEqual([3, 4]);
    expect(ListTicketsQuery.parse({ queueIds: ['5', '6'] }).queueIds).toEqual([5, 6]);
  });

  it('rejects malformed lists and statuses instead of guessing', () => {
    expect(ListTicketsQuery.safeParse({ queueIds: '[1,"x"]' }).success).toBe(false);
    expect(ListTicketsQuery.safeParse({ queueIds: '[1,' }).success).toBe(false);
    expect(ListTicketsQuery.safeParse({ status: 'archived' }).success).toBe(false);
    expect(ListTicketsQuery.parse({ showAll: 'true', pageNumber: '2' })).toMatchObject({ showAll: true, pageNumber: 2 });
  });

  it('uses the spec texts for contact validation', () => {
    const r = CreateContactBody.safeParse({ name: 'A', number: '123', email: 'x' });
    expect(r.success).toBe(false);
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Too Short!', 'Invalid email']));
  });
});
