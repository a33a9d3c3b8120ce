import { z } from 'zod';
import { email, msg } from './common';
import { SessionUserDto } from './dtos';

export const LoginBody = z.object({
  email,
  password: z.string({ error: msg.required }).min(1, msg.required).max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginResponse = z.object({
  token: z.string(),
  user: SessionUserDto,
  /** Set when the subscription ends in fewer than 5 days: "Sua assinatura vence em N dia(s)". */
  dueWarningDays: z.number().optional(),
  /**
   * An overdue company's admin (decision 0280): the session may only use billing (/invoices,
   * /subscription, /auth/me); every other route answers 402 ERR_BILLING_ONLY. `message` is the
   * spec's "Opss! Sua assinatura venceu em DD/MM/AAAA. ..." text to show.
   */
  billingOnly: z.literal(true).optional(),
  message: z.string().optional(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const VersionResponse = z.object({ version: z.string() });
