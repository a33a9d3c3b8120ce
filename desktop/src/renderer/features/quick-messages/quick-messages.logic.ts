import type { QuickMessageDto } from '@balcao/shared';
import { dropById, olderCopy, placeSorted } from '../../lib/by-name';
import type { Placed } from '../../lib/paged-list';

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
export const upsertRecord = (list: QuickMessageDto[], record: QuickMessageDto, search: string): Placed<QuickMessageDto> =>
  placeSorted(compare, matchesSearch, olderCopy)(list, record, search, true);

export const removeRecord = (list: QuickMessageDto[], id: number): Placed<QuickMessageDto> => dropById(list, id);

