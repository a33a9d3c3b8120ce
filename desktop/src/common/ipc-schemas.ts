/**
 * zod schemas for the arguments of every invoke channel, the preference catalogue, and the
 * result shape every handler answers with. Main validates with these; the browser shim reuses
 * them so both `DesktopBridge` implementations accept and refuse the same input.
 */
import { z } from 'zod';
import { InvokeChannels, type InvokeChannel } from './ipc-channels.js';

/** Every handler answers with this; nothing is ever thrown across the process boundary. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** A ticket's public id, as in `/tickets/{uuid}`. */
export const TicketUuid = z.uuid();

export const TicketNotificationDto = z.object({
  title: z.string().trim().min(1).max(200),
  body: z.string().max(1000),
  ticketUuid: TicketUuid,
});
export type TicketNotification = z.infer<typeof TicketNotificationDto>;

/** Pending tickets plus unread messages, shown on the tray and the dock/launcher badge. */
export const BadgeCount = z.number().int().min(0).max(99_999);

/**
 * Schemes allowed to leave the app for the system. Anything else (file:, smb:, custom protocol
 * handlers) can start programs on the user's machine, so it is refused rather than opened.
 */
export const ExternalUrl = z.url({ protocol: /^(https?|mailto)$/ }).max(2048);

export const ThemePref = z.enum(['light', 'dark', 'system']);
export const LanguagePref = z.enum(['pt-BR', 'en', 'es']);

/** One entry of the local to-do page (/todolist); kept on this machine only. */
export const TodoItemDto = z.object({
  id: z.string().min(1).max(64),
  text: z.string().trim().min(1).max(2000),
  updatedAt: z.iso.datetime(),
});
export type TodoItem = z.infer<typeof TodoItemDto>;

export const PrefKey = z.enum(['preferredTheme', 'language', 'volume', 'signOption', 'todos']);
export type PrefKey = z.infer<typeof PrefKey>;

/** The value schema of each preference; values read back from disk are checked again. */
export const PrefValues = {
  preferredTheme: ThemePref,
  language: LanguagePref,
  volume: z.number().min(0).max(1),
  signOption: z.boolean(),
  todos: z.array(TodoItemDto).max(1000),
} satisfies { [K in PrefKey]: z.ZodType };

export type Prefs = { [K in PrefKey]: z.output<(typeof PrefValues)[K]> };
export type PrefEntry = { [K in PrefKey]: [key: K, value: Prefs[K]] }[PrefKey];

/** A fresh object each call, so no caller can mutate another's defaults (the to-do array). */
export function defaultPrefs(): Prefs {
  return { preferredTheme: 'system', language: 'pt-BR', volume: 1, signOption: true, todos: [] };
}

export const ShowNotificationArgs = z.tuple([TicketNotificationDto]);
export const SetBadgeCountArgs = z.tuple([BadgeCount]);
export const GetPrefArgs = z.tuple([PrefKey]);
export const OpenExternalArgs = z.tuple([ExternalUrl]);
export const GetVersionArgs = z.tuple([]);

/** `[key, value]` where the value must match that key's schema in `PrefValues`. */
export const SetPrefArgs = z.tuple([PrefKey, z.unknown()]).transform((args, ctx): PrefEntry => {
  const [key, value] = args;
  const parsed = PrefValues[key].safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      ctx.issues.push({ code: 'custom', message: issue.message, path: [1, ...issue.path], input: value });
    }
    return z.NEVER;
  }
  return [key, parsed.data] as PrefEntry;
});

/** The argument schema of each invoke channel; main registers each handler with its entry. */
export const IpcArgs = {
  [InvokeChannels.notificationsShow]: ShowNotificationArgs,
  [InvokeChannels.traySetCount]: SetBadgeCountArgs,
  [InvokeChannels.prefsGet]: GetPrefArgs,
  [InvokeChannels.prefsSet]: SetPrefArgs,
  [InvokeChannels.appOpenExternal]: OpenExternalArgs,
  [InvokeChannels.appGetVersion]: GetVersionArgs,
} satisfies { [C in InvokeChannel]: z.ZodType<readonly unknown[], readonly unknown[]> };
export type IpcArgs = typeof IpcArgs;

/** One line per issue, e.g. `[0] Too small: expected number to be >=0`. */
export function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `[${issue.path.join('][')}] ${issue.message}` : issue.message))
    .join('; ');
}

/** What each invoke channel resolves to on success. */
export interface IpcReturns {
  'notifications:show': void;
  'tray:setCount': void;
  'prefs:get': Prefs[PrefKey];
  'prefs:set': void;
  'app:openExternal': void;
  'app:getVersion': string;
}
