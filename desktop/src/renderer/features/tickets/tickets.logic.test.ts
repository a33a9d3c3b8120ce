// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { makeTicket } from '../../test/fixtures';
import { ageLabel, belongsTo, emptyLists, queueSelectionKey, readQueueSelection, saveQueueSelection, upsertTicket, type Viewer } from './tickets.logic';

const NOW = Date.parse('2025-03-10T12:00:00.000Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('the age label (attendance §2)', () => {
  it('is green from 3 to 10 minutes, orange from 30 to 59, red in hours from 60 and in days after 24 h', () => {
    const at = (m: number) => ageLabel(ago(m), NOW);
    expect([at(0), at(2)]).toEqual([null, null]);
    expect([at(3), at(10)]).toEqual([
      { tone: 'green', unit: 'minutes', value: 3 },
      { tone: 'green', unit: 'minutes', value: 10 },
    ]);
    expect([at(11), at(29)]).toEqual([null, null]);
    expect([at(30), at(59)]).toEqual([
      { tone: 'orange', unit: 'minutes', value: 30 },
      { tone: 'orange', unit: 'minutes', value: 59 },
    ]);
    expect([at(60), at(23 * 60 + 59)]).toEqual([
      { tone: 'red', unit: 'hours', value: 1 },
      { tone: 'red', unit: 'hours', value: 23 },
    ]);
    expect([at(24 * 60), at(3 * 24 * 60 + 5)]).toEqual([
      { tone: 'red', unit: 'days', value: 1 },
      { tone: 'red', unit: 'days', value: 3 },
    ]);
    expect(ageLabel('not a date', NOW)).toBeNull();
  });
});

describe('the queue multi-select', () => {
  afterEach(() => localStorage.clear());
  const admin: Viewer = { id: 1, profile: 'admin', super: false, queueIds: [], allTicket: 'disabled', showAll: true };

  it('is kept per user', () => {
    saveQueueSelection(7, [3, 5]);
    saveQueueSelection(8, [9]);
    expect(readQueueSelection(7)).toEqual([3, 5]);
    expect(readQueueSelection(8)).toEqual([9]);
    expect(readQueueSelection(9)).toEqual([]);
    localStorage.setItem(queueSelectionKey(7), '{broken');
    expect(readQueueSelection(7)).toEqual([]);
    localStorage.setItem(queueSelectionKey(7), '[1,"x",-2,4]');
    expect(readQueueSelection(7)).toEqual([1, 4]);
  });

  it('keeps tickets of unselected queues (and without queue) out of the lists; empty selects all', () => {
    const inFive = makeTicket({ id: 1, status: 'pending', queueId: 5 });
    const noQueue = makeTicket({ id: 2, status: 'pending', queueId: null, queue: null });
    expect([belongsTo(inFive, 'pending', admin, [5]), belongsTo(inFive, 'pending', admin, [6]), belongsTo(noQueue, 'pending', admin, [5])]).toEqual([true, false, false]);
    expect([belongsTo(inFive, 'pending', admin), belongsTo(noQueue, 'pending', admin, [])]).toEqual([true, true]);
    const lists = upsertTicket(upsertTicket(emptyLists(), inFive, admin, [6]), noQueue, admin, [6]);
    expect(lists.pending.tickets).toEqual([]);
  });
});
