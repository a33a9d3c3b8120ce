import { z } from 'zod';
import { profiles } from '../constants';
import { email, msg, name2to50, dbId } from './common';

export const CreateUserBody = z.object({
  name: name2to50,
  email,
  password: z.string({ error: msg.required }).min(5, msg.tooShort).max(50, msg.tooLong),
  profile: z.enum(profiles).default('user'),
  allTicket: z.enum(['enabled', 'disabled', 'desabled']).default('disabled').transform((v) => (v === 'enabled' ? 'enabled' : 'disabled')),
  whatsappId: dbId.nullable().optional(),
  queueIds: z.array(dbId).max(200).default([]),
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;
