import { z } from 'zod';
import { msg, name2to50, pageNumber } from './common';
import { ContactDto } from './dtos';

export const ListContactsQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber,
});

export const ListContactsResponse = z.object({
  contacts: z.array(ContactDto),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ListContactsResponse = z.infer<typeof ListContactsResponse>;

export const CreateContactBody = z.object({
  name: name2to50,
  // As an agent types it ("+55 (11) 98888-7777"); the server keeps normalizePhone's digits.
  number: z.string({ error: msg.required }).trim().regex(/^\+?[\d\s().-]+$/, 'digits only').min(8, msg.tooShort).max(50, msg.tooLong)
    .refine((v) => v.replace(/\D/g, '').length >= 8, msg.tooShort),
  email: z.union([z.literal(''), z.string().trim().email(msg.invalidEmail).max(120)]).optional().default(''),
  extraInfo: z
    .array(z.object({ name: z.string().trim().min(1).max(100), value: z.string().max(1000) }))
    .max(50)
    .default([]),
});
export type CreateContactBody = z.infer<typeof CreateContactBody>;
