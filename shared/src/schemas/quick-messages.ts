import { z } from 'zod';

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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuickMessageDto = z.infer<typeof QuickMessageDto>;
