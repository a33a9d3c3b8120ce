import type { QuickMessageDto } from '@balcao/shared';

/** The variables the server fills in every outbound text (server-behaviour §7), offered by the dialog. */
export const QUICK_MESSAGE_VARIABLES = ['firstName', 'name', 'ms', 'protocol', 'hora'] as const;
export type QuickMessageVariable = (typeof QUICK_MESSAGE_VARIABLES)[number];

/** `{{name}}` put where the cursor is (replacing a selection); returns the text and the caret after it. */
export const insertAtCursor = (text: string, insert: string, start: number | null | undefined, end?: number | null): { text: string; caret: number } => {
  const from = Math.max(0, Math.min(start ?? text.length, text.length));
  const to = Math.max(from, Math.min(end ?? from, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
};

/** The screen's order: by shortcode (as the server sorts), then id. */
const compare = (a: QuickMessageDto, b: QuickMessageDto) => (a.shortcode < b.shortcode ? -1 : a.shortcode > b.shortcode ? 1 : a.id - b.id);

/** Whether a record belongs to the list searched for `search` (the server searches shortcode and text). */
export const matchesSearch = (q: QuickMessageDto, search: string): boolean => {
  const s = search.trim().toLowerCase();
  return !s || q.shortcode.toLowerCase().includes(s) || q.message.toLowerCase().includes(s);
};

/**
 * A created or changed record (socket or a save): replaces its row or joins the list in order;
 * one that no longer matches the search leaves it. `added` says whether the count grew.
 */
export const upsertRecord = (list: QuickMessageDto[], record: QuickMessageDto, search: string): { list: QuickMessageDto[]; delta: number } => {
  const i = list.findIndex((q) => q.id === record.id);
  if (!matchesSearch(record, search)) return i === -1 ? { list, delta: 0 } : { list: list.filter((q) => q.id !== record.id), delta: -1 };
  if (i !== -1) {
    // An older copy (a late event after our own save) never overwrites a newer one.
    if (Date.parse(list[i]!.updatedAt) > Date.parse(record.updatedAt)) return { list, delta: 0 };
    const next = [...list];
    next[i] = record;
    return { list: next.sort(compare), delta: 0 };
  }
  return { list: [...list, record].sort(compare), delta: 1 };
};

export const removeRecord = (list: QuickMessageDto[], id: number): { list: QuickMessageDto[]; delta: number } =>
  list.some((q) => q.id === id) ? { list: list.filter((q) => q.id !== id), delta: -1 } : { list, delta: 0 };
