// The contacts module's one door (decision 0015): contacts (one phone form) and their custom fields.
import type { DataAccess } from '../../db/tenant';
import type { EventBus } from '../../infra/event-bus';
import { defineModule } from '../../infra/module';
import { absorb, companiesWithCandidates, get, getByIdentity, getByNumber, getDto, insertFromPhone, lockMany, phoneCandidates, setNumber, setProfilePicture, toContactDto } from './contacts.repository';
import { identitiesOf, identityHolders, linkIdentities, lockIdentities, unlinkIdentities } from './contact-identities.repository';
import { registerContactListeners } from './contacts.listeners';
import { contactsRoutes } from './contacts.routes';
import { createContactsService } from './contacts.service';

export { createContactsService, type ContactsService } from './contacts.service';
export type { ContactRow } from './contacts.repository';
export type { Identity, IdentityHolder, IdentityKind } from './contact-identities.repository';

/** Reads and writes of contacts other modules run inside their own transaction (the SQL stays here). */
export const contactsQueries = { get, getByIdentity, getByNumber, getDto, insertFromPhone, setProfilePicture, toContactDto };

/**
 * The contact merge's verbs (decisions 0360–0361): lock a pair, fold the dropped contact into the kept one, the one-form backfill's reads and rewrite;
 * and one contact identity's (decisions 0420–0421): lock identifiers, find who holds them, map them to a contact.
 */
export const contactsWrites = { absorb, companiesWithCandidates, identitiesOf, identityHolders, linkIdentities, lockIdentities, lockMany, phoneCandidates, setNumber, unlinkIdentities };

export const contactsModule = defineModule({
  name: 'contacts',
  setup: (k: { data: DataAccess; bus: EventBus }) => {
    const contacts = createContactsService(k.data);
    return { routes: contactsRoutes(contacts), start: (rt) => registerContactListeners(k.bus, rt) };
  },
});
