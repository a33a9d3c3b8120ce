import { describe, expect, it } from 'vitest';
import { ListTicketsQuery, UpdateTicketBody } from './tickets';
import { SendMessageBody } from './messages';
import { idOrNone, looseBool } from './common';
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

describe("the spec client's loose bodies (decision 0037)", () => {
  it('reads booleans as true/false, 1/0 and their text forms, and nothing else', () => {
    for (const [v, want] of [[true, true], [1, true], ['true', true], ['1', true], [false, false], [0, false], ['false', false], ['0', false]] as const) {
      expect(looseBool.parse(v), String(v)).toBe(want);
    }
    for (const v of ['yes', 2, null, 'TRUE', '']) expect(looseBool.safeParse(v).success, String(v)).toBe(false);
  });

  it('reads false as "no reference" and keeps every other id strict', () => {
    expect(idOrNone.parse(false)).toBeNull();
    expect(idOrNone.parse(null)).toBeNull();
    expect(idOrNone.parse(7)).toBe(7);
    for (const v of [true, 0, -1, 'abc', '7']) expect(idOrNone.safeParse(v).success, String(v)).toBe(false);
  });

  it("takes POST /messages/:id and the header's Resolve exactly as the client sends them", () => {
    expect(SendMessageBody.parse({ read: 1, fromMe: true, mediaUrl: '', body: '*Ana:*\nOlá', quotedMsg: null })).toEqual({
      read: true,
      fromMe: true,
      body: '*Ana:*\nOlá',
      quotedMsg: null,
    });
    expect(UpdateTicketBody.parse({ status: 'closed', userId: 3, useIntegration: false, promptId: false, integrationId: false })).toEqual({
      status: 'closed',
      userId: 3,
      useIntegration: false,
      promptId: null,
      integrationId: null,
    });
  });
});
