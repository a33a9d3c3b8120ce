import { z } from 'zod';
import { looseBool, msg, pageOf, SearchPageQuery, stamps } from './common';

/**
 * A quick reply (administration.md §3: shortcode, message, geral, status, isMedia, mediaPath,
 * mediaName). `mediaPath` is the stored file's name (never a path on disk); its bytes are served
 * with the session's token at `GET /quick-messages/:id/media`.
 */
export const QuickMessageDto = z.object({
  id: z.number(),
  shortcode: z.string(),
  message: z.string(),
  /** General: offered to the whole company; only admins set it. */
  geral: z.boolean(),
  status: z.boolean(),
  isMedia: z.boolean(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  userId: z.number().nullable(),
  companyId: z.number(),
  ...stamps,
});
export type QuickMessageDto = z.infer<typeof QuickMessageDto>;

/** The longest shortcode (the column's size) and message (a WhatsApp text's). */
export const QUICK_MESSAGE_SHORTCODE_MAX = 100;
export const QUICK_MESSAGE_TEXT_MAX = 65_536;

/**
 * A shortcode as typed: trimmed, without the '/' the composer's trigger adds (typing "/oi" in the
 * dialog saves "oi", decision 0060); required with the spec's 'Obrigatório'.
 */
export const quickMessageShortcode = z
  .string({ error: msg.obrigatorio })
  .transform((s) => s.trim().replace(/^\/+/, '').trim())
  .pipe(z.string().min(1, msg.obrigatorio).max(QUICK_MESSAGE_SHORTCODE_MAX, msg.tooLong));

/**
 * `POST /quick-messages`. The spec's client also sends `isMedia`, `mediaPath`, `userId` and the
 * record's own fields back: they are ignored (the file only changes through media-upload, the
 * owner is the caller).
 */
export const CreateQuickMessageBody = z.object({
  shortcode: quickMessageShortcode,
  message: z.string().max(QUICK_MESSAGE_TEXT_MAX).nullish().transform((v) => v ?? ''),
  geral: looseBool.optional().default(false),
  status: looseBool.optional().default(true),
});
export type CreateQuickMessageBody = z.infer<typeof CreateQuickMessageBody>;

/** `PUT /quick-messages/:id`: any of the fields; changing `geral` is for admins only. */
export const UpdateQuickMessageBody = z.object({
  shortcode: quickMessageShortcode.optional(),
  message: z.string().max(QUICK_MESSAGE_TEXT_MAX).nullish().transform((v) => v ?? undefined),
  geral: looseBool.optional(),
  status: looseBool.optional(),
});
export type UpdateQuickMessageBody = z.infer<typeof UpdateQuickMessageBody>;

/**
 * `GET /quick-messages/list`: the spec's client adds `companyId` and `userId`; both are accepted
 * and ignored (the company and the user come from the token).
 */
export const QuickMessagesListQuery = z.object({
  companyId: z.string().max(50).optional(),
  userId: z.string().max(50).optional(),
});

/** `GET /quick-messages`: the screen's page, searched by shortcode or text. */
export const ListQuickMessagesQuery = SearchPageQuery;
export const ListQuickMessagesResponse = pageOf('records', QuickMessageDto);
export type ListQuickMessagesResponse = z.infer<typeof ListQuickMessagesResponse>;
