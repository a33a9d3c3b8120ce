import { z } from 'zod';
import { dbId, email, msg, name2to50 } from './common';

/** The spec's password-reset texts (administration.md §5). */
export const resetMsg = {
  weakPassword: 'Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.',
  required: 'Campo obrigatório',
  mismatch: 'As senhas não correspondem',
} as const;

/** The signup phone: typed with the mask (99) 99999-9999, kept as its digits, at most 11 (administration.md §5). */
export const signupPhone = z
  .string()
  .trim()
  .max(20, msg.tooLong)
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(z.string().max(11, msg.tooLong));

/**
 * POST /companies/cadastro (public; administration.md §3 "Signup payload"). Only what the person
 * signing up may choose: the spec's client also sends recurrence, dueDate, status and
 * campaignsEnabled, and a client could add a price or a companyId — all dropped here; the server
 * decides them (server-behaviour §2; decision 0251).
 */
export const SignupBody = z.object({
  name: name2to50,
  email,
  phone: signupPhone.default(''),
  password: z.string({ error: msg.required }).min(1, msg.required).min(5, msg.tooShort).max(50, msg.tooLong),
  planId: z.coerce.number({ error: msg.required }).pipe(dbId),
});
export type SignupBody = z.infer<typeof SignupBody>;

/** What a signup made: the company and the trial the server gave it. */
export const SignupResponse = z.object({
  id: z.number(),
  name: z.string(),
  planId: z.number(),
  dueDate: z.string(),
  trialExpiration: z.string(),
  recurrence: z.string(),
});
export type SignupResponse = z.infer<typeof SignupResponse>;

/** At least 8 characters with an upper-case letter, a lower-case letter and a digit (administration.md §5). */
export const strongPassword = z
  .string({ error: resetMsg.weakPassword })
  .max(100, msg.tooLong)
  .refine((p) => p.length >= 8 && /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p), resetMsg.weakPassword);

/** POST /forgetpassword/:email (the spec's path; public). */
export const ForgotPasswordParams = z.object({ email });
/**
 * The same answer whether or not the e-mail belongs to someone (server-behaviour §2): the spec's
 * client reads `status` (404 would be "Email não encontrado"; we never say so — decision 0253).
 */
export const ForgotPasswordResponse = z.object({ status: z.literal(200) });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

/** The e-mailed code: 6 digits. */
export const resetCode = z.string({ error: msg.required }).trim().regex(/^\d{6}$/, 'Código inválido');

/** POST /resetpasswords: everything in the body, never in the URL (decision 0254). */
export const ResetPasswordBody = z.object({ email, token: resetCode, newPassword: strongPassword });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** The spec's path form POST /resetpasswords/:email/:token/:newPassword, answered only with ERR_RESET_IN_PATH. */
export const ResetPasswordPathParams = z.object({ email: z.string().max(200), token: z.string().max(200), newPassword: z.string().max(200) });
