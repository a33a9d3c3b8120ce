import type { ContactDto } from '@balcao/shared';
import { toCsv } from '../../lib/csv';

/** The screen's order: by name (as the server sorts), then id. */
const compare = (a: ContactDto, b: ContactDto) => {
  const an = a.name.toLowerCase();
  const bn = b.name.toLowerCase();
  return an < bn ? -1 : an > bn ? 1 : a.id - b.id;
};

/** Whether a contact belongs to the list searched for `search` (the server searches name and number). */
export const matchesSearch = (c: ContactDto, search: string): boolean => {
  const s = search.trim().toLowerCase();
  return !s || c.name.toLowerCase().includes(s) || c.number.includes(s);
};

/**
 * A created or changed contact (socket or a save): replaces its row, or joins the list in order
 * when it falls inside the pages loaded so far (`complete`: no more pages); one that no longer
 * matches the search leaves it. `delta` is the change of the count.
 */
export const upsertContact = (list: ContactDto[], contact: ContactDto, search: string, complete: boolean): { list: ContactDto[]; delta: number } => {
  const i = list.findIndex((c) => c.id === contact.id);
  if (!matchesSearch(contact, search)) return i === -1 ? { list, delta: 0 } : { list: list.filter((c) => c.id !== contact.id), delta: -1 };
  if (i !== -1) {
    // An older copy (a late event after our own save) never overwrites a newer one.
    if (Date.parse(list[i]!.updatedAt) > Date.parse(contact.updatedAt)) return { list, delta: 0 };
    const next = [...list];
    next[i] = contact;
    return { list: next.sort(compare), delta: 0 };
  }
  const last = list[list.length - 1];
  // Beyond the last loaded row while more pages exist: it will come with its page.
  if (!complete && last && compare(contact, last) > 0) return { list, delta: 1 };
  return { list: [...list, contact].sort(compare), delta: 1 };
};

export const removeContact = (list: ContactDto[], id: number): { list: ContactDto[]; delta: number } =>
  list.some((c) => c.id === id) ? { list: list.filter((c) => c.id !== id), delta: -1 } : { list, delta: 0 };

/**
 * The spec's export (administration.md §9): `;`-separated, header `name;number;email`, one line
 * per contact; a BOM so spreadsheet programs read the accents as UTF-8.
 */
export const contactsCsv = (contacts: Pick<ContactDto, 'name' | 'number' | 'email'>[]): string =>
  toCsv(['name', 'number', 'email'], contacts.map((c) => [c.name, c.number, c.email]));

/** The export's fixed file name. */
export const CONTACTS_CSV_NAME = 'contatos.csv';

/** Saves text as a file in the browser (and the app's renderer). */

/** Within 100 px of the bottom of a scrolled box (one rule for every list: lib/by-name). */
export { nearBottom } from '../../lib/by-name';
