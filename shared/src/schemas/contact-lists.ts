import { z } from 'zod';
import { dbId, dbIdParam, msg, name2to50, pageOf, SearchPageQuery } from './common';
import { contactNumber } from './contacts';

/** Rows per page of the /contact-lists and /contact-lists/:id/contacts tables. */
export const CONTACT_LIST_PAGE_SIZE = 20;

/** administration.md §3 "Contact list": id, name, contactsCount, company. */
export const ContactListDto = z.object({
  id: z.number(),
  name: z.string(),
  companyId: z.number(),
  contactsCount: z.number(),
});
export type ContactListDto = z.infer<typeof ContactListDto>;

/** `POST /contact-lists`, `PUT /contact-lists/:id` (administration.md §5: name required, 2 to 50). */
export const ContactListBody = z.object({ name: name2to50 });
export type ContactListBody = z.infer<typeof ContactListBody>;

export const ListContactListsQuery = SearchPageQuery;
export type ListContactListsQuery = z.infer<typeof ListContactListsQuery>;

/** `GET /contact-lists/` (administration.md §7: records, hasMore). */
export const ListContactListsResponse = pageOf('records', ContactListDto);
export type ListContactListsResponse = z.infer<typeof ListContactListsResponse>;

/** `GET /contact-lists/list`: the company's lists by name (the campaign form's selector). */
export const ContactListsListQuery = z.object({ companyId: z.coerce.number().int().optional() });

/** administration.md §3 "Contact list item"; `isWhatsappValid` null: not checked yet. */
export const ContactListItemDto = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  isWhatsappValid: z.boolean().nullable(),
  companyId: z.number(),
  contactListId: z.number(),
});
export type ContactListItemDto = z.infer<typeof ContactListItemDto>;

/** administration.md §5: name required 2-50; number 8-50; email valid ('Invalid email'). */
export const contactListItemFields = {
  name: name2to50,
  number: contactNumber,
  email: z.union([z.literal(''), z.string().trim().email(msg.invalidEmail).max(120)]).optional().default(''),
};

/** `POST /contact-list-items` {name, number, email, contactListId}. */
export const CreateContactListItemBody = z.object({ ...contactListItemFields, contactListId: dbId });
export type CreateContactListItemBody = z.infer<typeof CreateContactListItemBody>;

/** `PUT /contact-list-items/:id`: the item stays in its list (a `contactListId` sent is ignored). */
export const UpdateContactListItemBody = z.object({ ...contactListItemFields, contactListId: z.unknown().optional() });
export type UpdateContactListItemBody = z.infer<typeof UpdateContactListItemBody>;

/** `GET /contact-list-items` (administration.md §7: searchParam, pageNumber, contactListId). */
export const ListContactListItemsQuery = SearchPageQuery.extend({ contactListId: dbIdParam });
export type ListContactListItemsQuery = z.infer<typeof ListContactListItemsQuery>;

export const ListContactListItemsResponse = pageOf('contacts', ContactListItemDto);
export type ListContactListItemsResponse = z.infer<typeof ListContactListItemsResponse>;

/** Why a sheet row was not imported: a field failed §5, or its number came earlier in the same file. */
export const ContactListImportReason = z.enum(['name', 'number', 'email', 'duplicated']);
export type ContactListImportReason = z.infer<typeof ContactListImportReason>;

/**
 * `POST /contact-lists/:id/upload`: rows added, rows whose number the list had (updated: a
 * duplicate updates the row, decision 0221) and the refused rows with the line the sheet shows.
 */
export const ContactListUploadResponse = z.object({
  total: z.number(),
  created: z.number(),
  updated: z.number(),
  refused: z.array(z.object({ row: z.number(), name: z.string(), number: z.string(), reason: ContactListImportReason })),
});
export type ContactListUploadResponse = z.infer<typeof ContactListUploadResponse>;

/** An import's progress, sent after each batch (`company-<id>-contactList`, action `import`). */
export const ContactListImportProgress = z.object({
  contactListId: z.number(),
  /** Rows handled so far (imported or refused) of `total`. */
  done: z.number(),
  total: z.number(),
  state: z.enum(['running', 'done']),
});
export type ContactListImportProgress = z.infer<typeof ContactListImportProgress>;
