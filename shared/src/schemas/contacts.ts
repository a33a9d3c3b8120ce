import { z } from 'zod';
import { dbId, msg, name2to50, pageOf, SearchPageQuery } from './common';
import { ContactDto } from './dtos';

/** A calendar day as the spec's client sends it ("2026-11-25"). */
const day = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD').refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'invalid date');

/**
 * `date`: contacts created that day; `dateStart`/`dateEnd`: created from/through those days
 * (inclusive, UTC; decision 0075).
 */
export const ListContactsQuery = SearchPageQuery.extend({
  date: day.optional(),
  dateStart: day.optional(),
  dateEnd: day.optional(),
});
export type ListContactsQuery = z.infer<typeof ListContactsQuery>;

/** `GET /contacts/list`: the spec's client sends its `companyId`; the company is the token's (decision 0075). */
export const ContactsListQuery = z.object({ companyId: z.coerce.number().int().optional() });

export const ListContactsResponse = pageOf('contacts', ContactDto);
export type ListContactsResponse = z.infer<typeof ListContactsResponse>;

// As an agent types it ("+55 (11) 98888-7777"); the server keeps normalizePhone's digits.
export const contactNumber = z
  .string({ error: msg.required })
  .trim()
  .regex(/^\+?[\d\s().-]+$/, 'digits only')
  .min(8, msg.tooShort)
  .max(50, msg.tooLong)
  .refine((v) => v.replace(/\D/g, '').length >= 8, msg.tooShort);
const extraInfo = z.array(z.object({ name: z.string().trim().min(1).max(100), value: z.string().max(1000) })).max(50);

export const CreateContactBody = z.object({
  name: name2to50,
  number: contactNumber,
  email: z.union([z.literal(''), z.string().trim().email(msg.invalidEmail).max(120)]).optional().default(''),
  extraInfo: extraInfo.default([]),
});
export type CreateContactBody = z.infer<typeof CreateContactBody>;

/** PUT /contacts/:id: every field optional; extraInfo, when given, replaces the rows. */
export const UpdateContactBody = z.object({
  name: name2to50.optional(),
  number: contactNumber.optional(),
  email: z.union([z.literal(''), z.string().trim().email(msg.invalidEmail).max(120)]).optional(),
  extraInfo: extraInfo.optional(),
});
export type UpdateContactBody = z.infer<typeof UpdateContactBody>;

/** Why a spreadsheet row was not imported. */
export const ContactImportReason = z.enum(['name', 'number', 'email', 'duplicated', 'alreadyExists']);
export type ContactImportReason = z.infer<typeof ContactImportReason>;

/** POST /contacts/upload: what became of each data row (row numbers as the spreadsheet shows them). */
export const ContactUploadResponse = z.object({
  total: z.number(),
  created: z.number(),
  refused: z.array(z.object({ row: z.number(), name: z.string(), number: z.string(), reason: ContactImportReason })),
});
export type ContactUploadResponse = z.infer<typeof ContactUploadResponse>;


/** `PUT /contacts/:id/tags`: the contact ends with exactly these tags (decision 0152). */
export const SetContactTagsBody = z.object({ tagIds: z.array(dbId).max(100) });
export type SetContactTagsBody = z.infer<typeof SetContactTagsBody>;

/**
 * `POST /contacts/import`: the phone's address book (what the WhatsApp session knows) becomes
 * contacts, as a job. `whatsappId`: which connection's book; none = the default connected one.
 */
export const ImportPhoneContactsBody = z.object({ whatsappId: dbId.optional() });
export type ImportPhoneContactsBody = z.infer<typeof ImportPhoneContactsBody>;

/** Where an import from the phone stands (the answer of `POST /contacts/import` and each progress event). */
export const PhoneImportProgress = z.object({
  jobId: z.string(),
  whatsappId: z.number(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  /** Address-book entries looked at so far, of `total`. */
  done: z.number(),
  total: z.number(),
  created: z.number(),
  /** Already contacts, groups, broadcast lists, hidden (LID-only) or invalid numbers. */
  skipped: z.number(),
});
export type PhoneImportProgress = z.infer<typeof PhoneImportProgress>;
