import { defaultQueueSchedules, HHMM, weekdaysEn, type QueueDto, type QueueOptionDto, type QueueSchedule } from '@balcao/shared';

/** The table's order: orderQueue (none last), then id — as the server lists them. */
export const sortQueues = (list: QueueDto[]): QueueDto[] =>
  [...list].sort((a, b) => (a.orderQueue ?? Infinity) - (b.orderQueue ?? Infinity) || a.id - b.id);

export const upsertQueue = (list: QueueDto[], q: QueueDto): QueueDto[] => sortQueues([...list.filter((x) => x.id !== q.id), q]);
export const removeQueue = (list: QueueDto[], id: number): QueueDto[] => list.filter((x) => x.id !== id);

/** What the `##:##` mask leaves of a typed text: up to four digits, a colon after the second. */
export const maskTime = (typed: string): string => {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
};
export const isTime = (v: string): boolean => HHMM.test(v);

/** The week the hours tab edits: the queue's own entries, the spec's default for any day it lacks. */
export const weekOf = (saved: QueueSchedule[]): QueueSchedule[] =>
  weekdaysEn.map((day) => saved.find((s) => s.weekdayEn === day) ?? defaultQueueSchedules.find((s) => s.weekdayEn === day)!);

export interface OptionNode extends QueueOptionDto {
  children: OptionNode[];
}

/** `2` before `10`, then by id (the server's order). */
const byNumber = (a: QueueOptionDto, b: QueueOptionDto) => a.option.length - b.option.length || a.option.localeCompare(b.option) || a.id - b.id;

/** The flat rows of `GET /queue-options?queueId=` as a tree (rows whose parent is missing are dropped). */
export const buildTree = (rows: QueueOptionDto[]): OptionNode[] => {
  const nodes = new Map(rows.map((r) => [r.id, { ...r, children: [] as OptionNode[] }]));
  const roots: OptionNode[] = [];
  for (const n of [...nodes.values()].sort(byNumber)) {
    if (n.parentId === null) roots.push(n);
    else nodes.get(n.parentId)?.children.push(n);
  }
  return roots;
};

/** The number a new option gets among its siblings: one more than the highest number in use. */
export const nextOptionNumber = (siblings: { option: string }[]): string =>
  String(siblings.reduce((max, s) => (/^\d+$/.test(s.option) ? Math.max(max, Number(s.option)) : max), 0) + 1);

/** The ids of an option and everything under it (what a delete removes). */
export const subtreeIds = (rows: QueueOptionDto[], id: number): number[] => {
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const r of rows) if (r.parentId === out[i]) out.push(r.id);
  return out;
};
