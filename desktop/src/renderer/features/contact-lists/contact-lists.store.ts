import type { ContactListDto, ContactListItemDto } from '@balcao/shared';
import { byName, fold } from '../../lib/by-name';
import { createPagedList } from '../../lib/paged-list';
import { contactListsApi } from './contact-lists.api';

/** The /contact-lists table: searched, paged (infinite scroll) and live. */
export const useContactLists = createPagedList<ContactListDto>({
  fetch: async (search, page) => contactListsApi.page(search, page),
  ...byName<ContactListDto>(),
});

/** An item matches a search in its name (accents and case ignored), number or email, as the server searches. */
export const matchesItem = (i: Pick<ContactListItemDto, 'name' | 'number' | 'email'>, search: string): boolean => {
  const s = search.trim();
  return !s || fold(i.name).includes(fold(s)) || i.number.includes(s) || i.email.toLowerCase().includes(s.toLowerCase());
};

/** The list whose items the /contact-lists/:id/contacts table shows (one such page at a time). */
let shownList = 0;
export const showItemsOf = (contactListId: number): void => {
  shownList = contactListId;
};
export const shownItemsList = (): number => shownList;

/** The items of the list shown: searched, paged and live. */
export const useContactListItems = createPagedList<ContactListItemDto>({
  fetch: async (search, page) => {
    const r = await contactListsApi.items(shownList, search, page);
    return { records: r.contacts, count: r.count, hasMore: r.hasMore };
  },
  ...byName<ContactListItemDto>(matchesItem),
});
