import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { ScheduleDto } from '@balcao/shared';
import { byDay, capitalise, defaultSendAt, inRange, modalTitle, rangeOf, upsert, weekDays } from './schedules.logic';

const s = (id: number, sendAt: string) => ({ id, sendAt }) as ScheduleDto;

describe('schedules logic', () => {
  it("titles the modal as the spec says: 'Erro de Envio' for ERRO, else the capitalised status", () => {
    expect(modalTitle('ERRO')).toEqual({ key: 'errorTitle' });
    expect(modalTitle('ENVIADA')).toEqual({ key: 'messageTitle', status: 'ENVIADA' });
    expect(modalTitle(undefined)).toEqual({ key: 'messageTitle', status: 'PENDENTE' });
    expect(capitalise('ENVIADA')).toBe('Enviada');
    expect(capitalise('')).toBe('');
  });

  it('defaults the time to an hour from now, to the minute', () => {
    expect(defaultSendAt(dayjs('2026-03-10T09:41:27.500')).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-03-10 10:41:00');
  });

  it('covers the month grid, the week and the day', () => {
    const anchor = dayjs('2026-04-15T12:00');
    const m = rangeOf('month', anchor);
    expect(m.start.format('YYYY-MM-DD')).toBe('2026-03-29');
    expect(m.end.diff(m.start, 'day')).toBe(42);
    const w = rangeOf('week', anchor);
    expect([w.start.format('YYYY-MM-DD'), w.end.format('YYYY-MM-DD')]).toEqual(['2026-04-12', '2026-04-19']);
    const d = rangeOf('day', anchor);
    expect([d.start.format('YYYY-MM-DD HH:mm'), d.end.format('YYYY-MM-DD HH:mm')]).toEqual(['2026-04-15 00:00', '2026-04-16 00:00']);
    expect(weekDays(anchor).map((x) => x.date())).toEqual([12, 13, 14, 15, 16, 17, 18]);
    expect(inRange(s(1, dayjs('2026-04-15T23:59').toISOString()), d)).toBe(true);
    expect(inRange(s(1, dayjs('2026-04-16T00:00').toISOString()), d)).toBe(false);
  });

  it('groups by local day in time order and upserts by id', () => {
    const a = s(1, dayjs('2026-04-15T15:00').toISOString());
    const b = s(2, dayjs('2026-04-15T09:00').toISOString());
    const c = s(3, dayjs('2026-04-16T09:00').toISOString());
    const g = byDay([a, c, b]);
    expect(g.get('2026-04-15')!.map((x) => x.id)).toEqual([2, 1]);
    expect(g.get('2026-04-16')!.map((x) => x.id)).toEqual([3]);
    expect(upsert([a, b], { ...a, body: 'x' } as ScheduleDto).map((x) => x.id)).toEqual([1, 2]);
    expect(upsert([a], c).map((x) => x.id)).toEqual([1, 3]);
  });
});
