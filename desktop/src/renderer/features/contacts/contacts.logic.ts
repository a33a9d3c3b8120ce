import type { ContactDto } from '@balcao/shared';
import { compareByName, dropById, olderCopy, placeSorted } from '../../lib/by-name';
import { toCsv } from '../../lib/csv';
import type { Placed } from '../../lib/paged-list';

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
export const upsertContact = (list: ContactDto[], contact: ContactDto, search: string, complete: boolean): Placed<ContactDto> =>
  placeSorted(compareByName, matchesSearch, olderCopy)(list, contact, search, complete);

export const removeContact = (list: ContactDto[], id: number): Placed<ContactDto> => dropById(list, id);

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
