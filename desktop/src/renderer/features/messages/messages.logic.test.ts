// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { makeMessage } from '../../test/fixtures';
import { buildRows, mergeMessages, upsertMessage } from './messages.logic';

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
});
