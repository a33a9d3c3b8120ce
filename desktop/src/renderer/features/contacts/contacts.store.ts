import type { ContactDto } from '@balcao/shared';
import { createPagedList } from '../../lib/paged-list';
import { contactsApi } from './contacts.api';
import { removeContact, upsertContact } from './contacts.logic';

/** The /contacts list: searched, paged (infinite scroll) and live. */
export const useContacts = createPagedList<ContactDto>({
  fetch: async (search, page) => {
    const r = await contactsApi.page(search, page);
    return { records: r.contacts, count: r.count, hasMore: r.hasMore };
  },
  place: upsertContact,
  drop: removeContact,
});
