import { z } from 'zod';
import { profiles } from '../constants';
import { dbId, email, msg, name2to50, pageOf, SearchPageQuery } from './common';
import { UserDto } from './dtos';

export const CreateUserBody = z.object({
  name: name2to50,
  email,
  password: z.string({ error: msg.required }).min(5, msg.tooShort).max(50, msg.tooLong),
  profile: z.enum(profiles).default('user'),
  allTicket: z.enum(['enabled', 'disabled', 'desabled']).default('disabled').transform((v) => (v === 'enabled' ? 'enabled' : 'disabled')),
  /** '' is "no default connection" (the spec's modal sends its empty select as is), as null. */
  whatsappId: z.union([z.literal('').transform(() => null), dbId.nullable()]).optional(),
  queueIds: z.array(dbId).max(200).default([]),
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

/**
 * PUT /users/:id (attendance.md §8: name, email, password, profile, allTicket, whatsappId,
 * queueIds). A blank or absent password keeps the current one; absent fields stay as they are.
 * Who may change what is the server's rule (decision 0089), not the schema's.
 */
export const UpdateUserBody = z.object({
  name: name2to50,
  email,
  password: z.union([z.literal(''), z.string().min(5, msg.tooShort).max(50, msg.tooLong)]).optional(),
  profile: z.enum(profiles).optional(),
  allTicket: z.enum(['enabled', 'disabled', 'desabled']).transform((v) => (v === 'enabled' ? 'enabled' : 'disabled')).optional(),
  /** '' is "no default connection" (the modal's empty select), as null. */
  whatsappId: z.union([z.literal('').transform(() => null), dbId.nullable()]).optional(),
  queueIds: z.array(dbId).max(200).optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** `GET /users` (administration.md §7: searchParam, pageNumber): by name or e-mail, accents and case ignored. */
export const ListUsersQuery = SearchPageQuery;
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;

export const USER_PAGE_SIZE = 20;

export const ListUsersResponse = pageOf('users', UserDto);
export type ListUsersResponse = z.infer<typeof ListUsersResponse>;
