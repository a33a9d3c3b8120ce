import { z } from 'zod';
import { msg } from './common';

export const CreateQueueBody = z.object({
  name: z.string({ error: msg.required }).trim().min(1, msg.required).min(2, msg.tooShort).max(50, msg.tooLong),
  color: z.string({ error: msg.required }).trim().min(3, msg.tooShort).max(9, msg.tooLong),
  greetingMessage: z.string().max(5000).optional().default(''),
  outOfHoursMessage: z.string().max(5000).optional().default(''),
  orderQueue: z.number().int().min(0).max(1000).nullable().optional(),
});
export type CreateQueueBody = z.infer<typeof CreateQueueBody>;
