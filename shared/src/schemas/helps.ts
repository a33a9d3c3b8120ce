import { z } from 'zod';
import { msg, stamps } from './common';

/** A help video (administration.md Help: id, title, video, description). */
export const HelpDto = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  /** The YouTube video id (11 characters); the form also takes a YouTube address (decision 0273). */
  video: z.string(),
  ...stamps,
});
export type HelpDto = z.infer<typeof HelpDto>;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video id of a YouTube id or address (watch?v=, youtu.be/, embed/, shorts/, live/), or null
 * when it is neither. Only YouTube: the player embeds youtube-nocookie.com and nothing else.
 */
export const youtubeId = (input: string): string | null => {
  const s = input.trim();
  if (YOUTUBE_ID.test(s)) return s;
  // shared/ has no URL class: the few address forms YouTube uses, by pattern.
  const m =
    /^(?:https?:\/\/)?(?:www\.|m\.)?youtu\.be\/([A-Za-z0-9_-]{11})(?:[?#&/].*)?$/.exec(s) ??
    /^(?:https?:\/\/)?(?:www\.|m\.|music\.)?youtube(?:-nocookie)?\.com\/(?:embed|shorts|live|v)\/([A-Za-z0-9_-]{11})(?:[?#&/].*)?$/.exec(s) ??
    /^(?:https?:\/\/)?(?:www\.|m\.|music\.)?youtube\.com\/watch\?(?:[^#]*&)?v=([A-Za-z0-9_-]{11})(?:[&#].*)?$/.exec(s);
  return m ? m[1]! : null;
};

/** POST /helps and PUT /helps/:id (super user): the video as an id or a YouTube address, stored as the id. */
export const HelpBody = z.object({
  title: z.string({ error: msg.required }).trim().min(1, msg.required).max(200, msg.tooLong),
  description: z.string().trim().max(2000, msg.tooLong).default(''),
  video: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(200)
    .transform((v, c) => {
      const id = youtubeId(v);
      if (!id) c.addIssue({ code: 'custom', message: 'invalid YouTube video' });
      return id ?? '';
    }),
});
export type HelpBody = z.input<typeof HelpBody>;

/** GET /helps/list: the spec's client filters with `searchParam`; an empty one lists all. */
export const ListHelpsQuery = z.object({ searchParam: z.string().max(100).optional() });
