import { z } from 'zod';
import { presenceStatuses, profiles, settablePresences } from '../constants';
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
  /** Open tickets assignment gives them at most; null or absent: the queue's agentCapacity (issue 30 §2). */
  maxTickets: z.number().int().min(1).max(1000).nullable().optional(),
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
  /** Admins only, like allTicket: null is "the queue's agentCapacity". */
  maxTickets: z.number().int().min(1).max(1000).nullable().optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** `GET /users` (administration.md §7: searchParam, pageNumber): by name or e-mail, accents and case ignored. */
export const ListUsersQuery = SearchPageQuery;
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;

export const USER_PAGE_SIZE = 20;

export const ListUsersResponse = pageOf('users', UserDto);
export type ListUsersResponse = z.infer<typeof ListUsersResponse>;

/** `PUT /users/me/presence` (issue 30 §1): the agent's own toggle; offline is never set, it is the sockets'. */
export const SetPresenceBody = z.object({ status: z.enum(settablePresences) });
export type SetPresenceBody = z.infer<typeof SetPresenceBody>;

/**
 * One agent as `GET /users/presence` lists them and `company-<id>-userPresence` announces a change
 * (decision 0380): who, where (online / away / offline), their queues and capacity.
 */
export const PresenceDto = z.object({
  id: z.number(),
  name: z.string(),
  profile: z.enum(profiles),
  status: z.enum(presenceStatuses),
  queueIds: z.array(z.number()),
  maxTickets: z.number().nullable(),
});
export type PresenceDto = z.infer<typeof PresenceDto>;

/** The presence of a user as its DTO says it. */
export const presenceOf = (u: UserDto): PresenceDto => ({
  id: u.id,
  name: u.name,
  profile: u.profile,
  status: u.presence,
  queueIds: u.queues.map((q) => q.id),
  maxTickets: u.maxTickets,
});
