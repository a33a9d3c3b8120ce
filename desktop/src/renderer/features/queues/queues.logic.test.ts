import { describe, expect, it } from 'vitest';
import { defaultQueueSchedules } from '@balcao/shared';
import { makeOption, makeQueue } from './queues.fixtures';
import { buildTree, isTime, maskTime, nextOptionNumber, sortQueues, subtreeIds, weekOf } from './queues.logic';

describe('queues.logic', () => {
  it('masks typed text as ##:##', () => {
    expect(maskTime('0')).toBe('0');
    expect(maskTime('08')).toBe('08');
    expect(maskTime('083')).toBe('08:3');
    expect(maskTime('0830')).toBe('08:30');
    expect(maskTime('08:30:15')).toBe('08:30');
    expect(maskTime('ab1x2')).toBe('12');
  });

  it('accepts 00:00–23:59 only', () => {
    expect(['00:00', '23:59', '08:30'].map(isTime)).toEqual([true, true, true]);
    expect(['24:00', '8:30', '08:60', '08:3', ''].map(isTime)).toEqual([false, false, false, false, false]);
  });

  it("fills the week from the spec's default for the days a queue lacks, Monday first", () => {
    const week = weekOf([{ weekday: 'Sábado', weekdayEn: 'saturday', startTime: '09:00', endTime: '13:00' }]);
    expect(week.map((d) => d.weekdayEn)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(week[5]).toMatchObject({ startTime: '09:00', endTime: '13:00' });
    expect(week[0]).toEqual(defaultQueueSchedules[0]);
    expect(weekOf([])).toEqual(defaultQueueSchedules);
  });

  it('sorts queues by orderQueue (none last), then id', () => {
    const list = sortQueues([makeQueue({ id: 3 }), makeQueue({ id: 2, orderQueue: 5 }), makeQueue({ id: 1 }), makeQueue({ id: 4, orderQueue: 1 })]);
    expect(list.map((q) => q.id)).toEqual([4, 2, 1, 3]);
  });

  it('builds the tree from flat rows, numbers in order (2 before 10)', () => {
    const rows = [
      makeOption({ id: 1, option: '10', title: 'Outros' }),
      makeOption({ id: 2, option: '2', title: 'Suporte' }),
      makeOption({ id: 3, option: '1', title: 'Internet', parentId: 2 }),
      makeOption({ id: 4, option: '1', title: 'Fibra', parentId: 3 }),
    ];
    const tree = buildTree(rows);
    expect(tree.map((n) => n.title)).toEqual(['Suporte', 'Outros']);
    expect(tree[0]!.children[0]!.title).toBe('Internet');
    expect(tree[0]!.children[0]!.children[0]!.title).toBe('Fibra');
    expect(subtreeIds(rows, 2).sort()).toEqual([2, 3, 4]);
  });

  it('offers the next free number among siblings', () => {
    expect(nextOptionNumber([])).toBe('1');
    expect(nextOptionNumber([{ option: '1' }, { option: '3' }, { option: 'x' }])).toBe('4');
  });
});
