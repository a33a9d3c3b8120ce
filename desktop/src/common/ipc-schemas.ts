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

/** An internal chat's public id, as in `/chats/{uuid}`. */
export const ChatUuid = z.uuid();

/**
 * A system notification about a ticket or an internal chat (exactly one of the two): the click
 * opens it, and a newer notification about the same one replaces the older (grouped). Always
 * silent: the renderer plays the user's chosen sound at the chosen volume.
 */
export const TicketNotificationDto = z
  .object({
    title: z.string().trim().min(1).max(200),
    body: z.string().max(1000),
    ticketUuid: TicketUuid.optional(),
    chatUuid: ChatUuid.optional(),
    /** A platform announcement of priority 1 (decision 0305): the click brings the app forward. */
    announcementId: z.number().int().positive().optional(),
  })
  .refine((n) => [n.ticketUuid, n.chatUuid, n.announcementId].filter((v) => v !== undefined).length === 1, {
    message: 'expected exactly one of ticketUuid, chatUuid and announcementId',
  });
export type TicketNotification = z.infer<typeof TicketNotificationDto>;

/** Pending tickets plus unread messages, shown on the tray and the dock/launcher badge. */
export const BadgeCount = z.number().int().min(0).max(99_999);

/** The two numbers the tray shows apart: tickets waiting for an agent, unread customer messages. */
export const TrayCountsDto = z.object({ pending: BadgeCount, unread: BadgeCount });
export type TrayCounts = z.infer<typeof TrayCountsDto>;

/**
 * The Balcão server the desktop app talks to: an http(s) origin (scheme, host, optional port).
 * A path, query, fragment or credentials are refused, so the API, socket.io and the CSP all
 * name exactly one origin. Returns the canonical form (`https://host:port`, no trailing slash).
 */
export const ServerUrl = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .transform((value, ctx) => {
    const canonical = canonicalServerUrl(value);
    if (canonical === undefined) {
      ctx.issues.push({ code: 'custom', message: 'expected an http(s) server address without a path', input: value });
      return z.NEVER;
    }
    return canonical;
  });

/** `https://host[:port]` for an acceptable server address, otherwise undefined. */
export function canonicalServerUrl(value: string): string | undefined {
  let url: URL;
  try {
    // Typed without a scheme ("balcao.example.com"): https, as a user would expect.
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash) return undefined;
  if (url.pathname !== '/' && url.pathname !== '') return undefined;
  if (!url.hostname) return undefined;
  return url.origin;
}

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

/**
 * A message typed while the server was unreachable (decision 0306), kept on this machine until
 * it is sent with its `clientId` (the server deduplicates by it). `userId`/`companyId`: only the
 * agent who typed it sends it.
 */
export const OutboxItemDto = z.object({
  clientId: z.uuid(),
  companyId: z.number().int().positive(),
  userId: z.number().int().positive(),
  ticketId: z.number().int().positive(),
  ticketUuid: z.uuid(),
  body: z.string().min(1).max(65_536),
  quotedMsgId: z.number().int().positive().nullable(),
  createdAt: z.iso.datetime(),
});
export type OutboxItem = z.infer<typeof OutboxItemDto>;

export const PrefKey = z.enum([
  'preferredTheme',
  'language',
  'volume',
  'signOption',
  'todos',
  'closeToTray',
  'doNotDisturb',
  'minimizeToTray',
  'openAtLogin',
  'outbox',
]);
export type PrefKey = z.infer<typeof PrefKey>;

/** The value schema of each preference; values read back from disk are checked again. */
export const PrefValues = {
  preferredTheme: ThemePref,
  language: LanguagePref,
  volume: z.number().min(0).max(1),
  signOption: z.boolean(),
  todos: z.array(TodoItemDto).max(1000),
  /** Closing or minimising the window hides it to the tray (desktop app). */
  closeToTray: z.boolean(),
  /** No notification sound or banner, no taskbar flashing (desktop app and browser). */
  doNotDisturb: z.boolean(),
  /** Minimising the window hides it to the tray (desktop app). */
  minimizeToTray: z.boolean(),
  /** Start the app with the computer (desktop app; the OS login item follows this value). */
  openAtLogin: z.boolean(),
  /** Messages waiting for the server, oldest first (the offline outbox). */
  outbox: z.array(OutboxItemDto).max(500),
} satisfies { [K in PrefKey]: z.ZodType };

export type Prefs = { [K in PrefKey]: z.output<(typeof PrefValues)[K]> };
export type PrefEntry = { [K in PrefKey]: [key: K, value: Prefs[K]] }[PrefKey];

/** A fresh object each call, so no caller can mutate another's defaults (the to-do array). */
export function defaultPrefs(): Prefs {
  return {
    preferredTheme: 'system',
    language: 'pt-BR',
    volume: 1,
    signOption: true,
    todos: [],
    closeToTray: true,
    doNotDisturb: false,
    minimizeToTray: false,
    openAtLogin: false,
    outbox: [],
  };
}

export const ShowNotificationArgs = z.tuple([TicketNotificationDto]);
export const SetBadgeCountArgs = z.tuple([BadgeCount]);
export const GetPrefArgs = z.tuple([PrefKey]);
export const OpenExternalArgs = z.tuple([ExternalUrl]);
export const GetVersionArgs = z.tuple([]);
export const SetTrayCountsArgs = z.tuple([TrayCountsDto]);
export const NoArgs = z.tuple([]);
export const ServerArgs = z.tuple([ServerUrl]);

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
  [InvokeChannels.traySetCounts]: SetTrayCountsArgs,
  [InvokeChannels.appLinksReady]: NoArgs,
  [InvokeChannels.serverGet]: NoArgs,
  [InvokeChannels.serverCheck]: ServerArgs,
  [InvokeChannels.serverSet]: ServerArgs,
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
  'tray:setCounts': void;
  'app:linksReady': void;
  /** The chosen server's canonical URL, or null before the first run's choice. */
  'server:get': string | null;
  /** What `GET /version` answered. */
  'server:check': ServerCheck;
  'server:set': void;
}

/**
 * A server address checked with `GET /version` (`url` canonical): a Balcão server answers its
 * version; `unreachable` = no answer in time; `notBalcao` = an answer, but not Balcão's.
 */
export type ServerCheck =
  | { ok: true; url: string; version: string }
  | { ok: false; url: string; reason: 'unreachable' | 'notBalcao' };
