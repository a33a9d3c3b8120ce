import { describe, expect, it } from 'vitest';
import { byName, fold, nearBottom } from './by-name';

type R = { id: number; name: string };
const { place, drop } = byName<R>((r, s) => !s || fold(r.name).includes(fold(s)));
const list: R[] = [
  { id: 1, name: 'Ana' },
  { id: 2, name: 'Bruno' },
];

describe('byName', () => {
  it('inserts in name order, replaces by id, and leaves a record out when it no longer matches', () => {
    expect(place(list, { id: 3, name: 'Aaron' }, '', true)).toEqual({ list: [{ id: 3, name: 'Aaron' }, ...list], delta: 1 });
    expect(place(list, { id: 3, name: 'Beatriz' }, '', true)).toEqual({ list: [list[0], { id: 3, name: 'Beatriz' }, list[1]], delta: 1 });
    expect(place(list, { id: 2, name: 'Aaron' }, '', true)).toEqual({ list: [{ id: 2, name: 'Aaron' }, list[0]], delta: 0 });
    expect(place(list, { id: 2, name: 'Carlos' }, 'bru', true)).toEqual({ list: [list[0]], delta: -1 });
    expect(place(list, { id: 4, name: 'João' }, 'joao', true)).toEqual({ list: [...list, { id: 4, name: 'João' }], delta: 1 });
  });

  it('counts but does not show a record past the last loaded row while more pages exist', () => {
    expect(place(list, { id: 5, name: 'Zeca' }, '', false)).toEqual({ list, delta: 1 });
  });

  it('drops by id', () => {
    expect(drop(list, 1)).toEqual({ list: [list[1]], delta: -1 });
    expect(drop(list, 9)).toEqual({ list, delta: 0 });
  });

  it('knows the bottom is within 100 px', () => {
    expect(nearBottom({ scrollTop: 300, scrollHeight: 1000, clientHeight: 600 })).toBe(true);
    expect(nearBottom({ scrollTop: 200, scrollHeight: 1000, clientHeight: 600 })).toBe(false);
  });
});
