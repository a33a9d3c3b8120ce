import { z } from 'zod';
import { email, msg } from './common';
import type { SessionUserDto } from './dtos';

export const LoginBody = z.object({
  email,
  password: z.string({ error: msg.required }).min(1, msg.required).max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

export interface LoginResponse {
  token: string;
  user: SessionUserDto;
  /** Set when the subscription ends in fewer than 5 days: "Sua assinatura vence em N dia(s)". */
  dueWarningDays?: number;
}
