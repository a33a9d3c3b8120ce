// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { makeMessage } from '../../test/fixtures';
import { buildRows, mergeMessages, messageRights, rowOfMessage, rowsPrepended, upsertMessage } from './messages.logic';

const at = (d: number, h: number) => new Date(2025, 2, d, h, 0).toISOString();

describe('messages logic', () => {
  it('updates the ack of a known message in place', () => {
    const list = [makeMessage({ id: 1, fromMe: true, ack: 0 })];
    const next = upsertMessage(list, makeMessage({ id: 1, fromMe: true, ack: 3 }));
    expect(next).toHaveLength(1);
    expect(next[0]?.ack).toBe(3);
  });

  it('never lowers an ack: a late send answer (ack 0) keeps the read that arrived live', () => {
    const list = [makeMessage({ id: 1, fromMe: true, ack: 4 })];
    expect(upsertMessage(list, makeMessage({ id: 1, fromMe: true, ack: 0 }))[0]?.ack).toBe(4);
    expect(upsertMessage(list, makeMessage({ id: 1, fromMe: true, ack: -1 }))[0]?.ack).toBe(-1);
  });

  it('keeps a failure and its reason when the send\'s older HTTP answer (ack 0) comes after it', () => {
    const failed = makeMessage({ id: 1, fromMe: true, ack: -1, errorDetail: '131026 Message Undeliverable.', updatedAt: '2025-03-10T12:00:02.000Z' });
    const answer = makeMessage({ id: 1, fromMe: true, ack: 0, errorDetail: null, updatedAt: '2025-03-10T12:00:00.000Z' });
    expect(upsertMessage([failed], answer)[0]).toMatchObject({ ack: -1, errorDetail: '131026 Message Undeliverable.' });
    // A newer copy still wins.
    const edited = makeMessage({ id: 1, fromMe: true, ack: -1, errorDetail: null, body: 'outra', updatedAt: '2025-03-10T12:00:03.000Z' });
    expect(upsertMessage([failed], edited)[0]).toMatchObject({ body: 'outra', errorDetail: null });
  });

  it('appends a new message and keeps time order', () => {
    const list = [makeMessage({ id: 1, createdAt: at(10, 9) }), makeMessage({ id: 3, createdAt: at(10, 11) })];
    expect(upsertMessage(list, makeMessage({ id: 2, createdAt: at(10, 10) })).map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('merges an older page without duplicates', () => {
    const current = [makeMessage({ id: 2, createdAt: at(10, 10) })];
    const older = [makeMessage({ id: 1, createdAt: at(10, 9) }), makeMessage({ id: 2, createdAt: at(10, 10), body: 'stale' })];
    const merged = mergeMessages(current, older);
    expect(merged.map((m) => m.id)).toEqual([1, 2]);
    expect(merged[1]?.body).toBe('Oi');
  });

  it('puts a date separator per day and a marker where the ticket changes', () => {
    const rows = buildRows([
      makeMessage({ id: 1, ticketId: 4, createdAt: at(9, 9) }),
      makeMessage({ id: 2, ticketId: 4, createdAt: at(9, 10) }),
      makeMessage({ id: 3, ticketId: 8, createdAt: at(10, 9) }),
    ]);
    expect(rows.map((r) => r.kind)).toEqual(['date', 'message', 'message', 'marker', 'date', 'message']);
    const marker = rows.find((r) => r.kind === 'marker');
    expect(marker && marker.kind === 'marker' && marker.ticketId).toBe(8);
    const dates = rows.flatMap((r) => (r.kind === 'date' ? [r.label] : []));
    expect(dates).toEqual(['09/03/2025', '10/03/2025']);
  });

  it('a marker carries the earlier ticket and its start and close when known', () => {
    const messages = [makeMessage({ id: 1, ticketId: 4, createdAt: at(9, 9) }), makeMessage({ id: 2, ticketId: 8, createdAt: at(9, 10) })];
    const span = { id: 4, createdAt: at(9, 8), closedAt: at(9, 9) };
    const marker = buildRows(messages, [span]).find((r) => r.kind === 'marker');
    expect(marker).toMatchObject({ ticketId: 8, previousId: 4, previous: span });
    expect(buildRows(messages).find((r) => r.kind === 'marker')).toMatchObject({ previousId: 4, previous: null });
  });

  it('counts the rows an older page put above the old first message (for firstItemIndex)', () => {
    const newer = [makeMessage({ id: 5, createdAt: at(10, 9) }), makeMessage({ id: 6, createdAt: at(10, 10) })];
    const before = buildRows(newer);
    // Same day: the date separator moves up, two messages come before.
    const sameDay = buildRows([makeMessage({ id: 3, createdAt: at(10, 7) }), makeMessage({ id: 4, createdAt: at(10, 8) }), ...newer]);
    expect(rowsPrepended(before, sameDay)).toBe(2);
    // The day before: its separator and message come before.
    const dayBefore = buildRows([makeMessage({ id: 2, createdAt: at(9, 7) }), ...newer]);
    expect(rowsPrepended(before, dayBefore)).toBe(2);
    // A new message at the end moves nothing; another conversation starts over.
    expect(rowsPrepended(before, buildRows([...newer, makeMessage({ id: 7, createdAt: at(10, 11) })]))).toBe(0);
    expect(rowsPrepended(before, buildRows([makeMessage({ id: 90 })]))).toBe(0);
    expect(rowOfMessage(sameDay, 6)).toBe(sameDay.length - 1);
    expect(rowOfMessage(sameDay, 99)).toBe(-1);
  });

  it('rights: the sender edits and deletes; an admin deletes any outgoing; nobody touches the customer’s', () => {
    const agent = { id: 1, profile: 'user' };
    const admin = { id: 9, profile: 'admin' };
    const own = makeMessage({ fromMe: true, userId: 1 });
    const colleagues = makeMessage({ fromMe: true, userId: 2 });
    const phone = makeMessage({ fromMe: true, userId: null });
    const customers = makeMessage({ fromMe: false });
    expect(messageRights(own, agent)).toEqual({ edit: true, remove: true });
    expect(messageRights(colleagues, agent)).toEqual({ edit: false, remove: false });
    expect(messageRights(colleagues, admin)).toEqual({ edit: false, remove: true });
    expect(messageRights(phone, admin)).toEqual({ edit: false, remove: true });
    expect(messageRights(customers, admin)).toEqual({ edit: false, remove: false });
    expect(messageRights({ ...own, mediaType: 'image' }, agent)).toEqual({ edit: false, remove: true });
    expect(messageRights({ ...own, isDeleted: true }, agent)).toEqual({ edit: false, remove: false });
    expect(messageRights(own, null)).toEqual({ edit: false, remove: false });
  });
});
