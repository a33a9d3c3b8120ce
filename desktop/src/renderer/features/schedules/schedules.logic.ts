import dayjs, { type Dayjs } from 'dayjs';
import type { ScheduleDto, ScheduleStatus } from '@balcao/shared';

export type CalendarView = 'month' | 'week' | 'day';

/** 'ENVIADA' → 'Enviada' (the spec's modal title: 'Mensagem ' plus the capitalised status). */
export const capitalise = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1).toLowerCase() : s);

/** The modal's title key and status: 'Erro de Envio' when ERRO, else 'Mensagem <Status>' (a new one is pending). */
export const modalTitle = (status: ScheduleStatus | undefined): { key: 'errorTitle' } | { key: 'messageTitle'; status: ScheduleStatus } =>
  status === 'ERRO' ? { key: 'errorTitle' } : { key: 'messageTitle', status: status ?? 'PENDENTE' };

/** The modal's default time: an hour from now (issue 13 §1), to the minute. */
export const defaultSendAt = (now: Dayjs = dayjs()): Dayjs => now.add(1, 'hour').second(0).millisecond(0);

/** The instants a view shows around `anchor`: the month's whole grid (6 weeks), the week, or the day. */
export const rangeOf = (view: CalendarView, anchor: Dayjs): { start: Dayjs; end: Dayjs } => {
  if (view === 'day') return { start: anchor.startOf('day'), end: anchor.startOf('day').add(1, 'day') };
  if (view === 'week') return { start: anchor.startOf('week'), end: anchor.startOf('week').add(7, 'day') };
  const start = anchor.startOf('month').startOf('week');
  return { start, end: start.add(42, 'day') };
};

/** The seven days of `anchor`'s week. */
export const weekDays = (anchor: Dayjs): Dayjs[] => Array.from({ length: 7 }, (_, i) => anchor.startOf('week').add(i, 'day'));

/** 'YYYY-MM-DD' in local time. */
export const dayKey = (d: Dayjs | string) => dayjs(d).format('YYYY-MM-DD');

/** Schedules by local day, each day by time. */
export const byDay = (list: readonly ScheduleDto[]): Map<string, ScheduleDto[]> => {
  const map = new Map<string, ScheduleDto[]>();
  for (const s of [...list].sort((a, b) => a.sendAt.localeCompare(b.sendAt) || a.id - b.id)) {
    const k = dayKey(s.sendAt);
    map.set(k, [...(map.get(k) ?? []), s]);
  }
  return map;
};

/** Inside the view's range. */
export const inRange = (s: ScheduleDto, r: { start: Dayjs; end: Dayjs }) => {
  const t = dayjs(s.sendAt);
  return !t.isBefore(r.start) && t.isBefore(r.end);
};

/** Replaces by id or adds. */
export const upsert = (list: readonly ScheduleDto[], s: ScheduleDto): ScheduleDto[] => (list.some((x) => x.id === s.id) ? list.map((x) => (x.id === s.id ? s : x)) : [...list, s]);

/** The antd colour of a status tag. */
export const statusColor: Record<ScheduleStatus, string> = { PENDENTE: 'processing', ENVIADA: 'success', ERRO: 'error', CANCELADA: 'default' };
