/** Timings, limits and defaults from the spec, in one place. */
export const TICKET_PAGE_SIZE = 40;
export const MESSAGE_PAGE_SIZE = 20;
export const CONTACT_PAGE_SIZE = 20;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 7;
export const REFRESH_COOKIE = 'jrt';
export const SOCKET_PING_MS = 18_000;
export const SUBSCRIPTION_WARNING_DAYS = 5;
/**
 * The due date of a company that never expires (the platform's own, and companies created
 * without one): a real date, because the spec's client refuses to log in on `dueDate: null`.
 */
export const NO_DUE_DATE = '2999-12-31';
export const DEFAULT_TIMEZONE = 'America/Sao_Paulo';
export const SEARCH_DEBOUNCE_MS = 500;
export const TOAST_MS = 2_000;
export const AGE_LABEL_REFRESH_MS = 30_000;
/**
 * Collision detection (decision 0087): a client viewing a ticket repeats 'viewing' this often;
 * others forget a colleague they have not heard from for COLLISION_TTL_MS, and 'typing' falls
 * back to 'viewing' COLLISION_TYPING_MS after the last keystroke announced.
 */
export const COLLISION_HEARTBEAT_MS = 4_000;
/** The clients' `userStatus` heartbeat (attendance.md §9: every 300000 ms); the server's online flag. */
export const USER_STATUS_HEARTBEAT_MS = 300_000;
export const COLLISION_TTL_MS = 10_000;
export const COLLISION_TYPING_MS = 5_000;

/** Settings every new company starts with (server-behaviour §1). */
export const DEFAULT_COMPANY_SETTINGS: Readonly<Record<string, string>> = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  CheckMsgIsGroup: 'enabled',
  call: 'enabled',
  chatBotType: 'text',
  sendGreetingAccepted: 'disabled',
  sendMsgTransfTicket: 'disabled',
  sendGreetingMessageOneQueues: 'disabled',
  /** The dashboard's first-run checklist, hidden for good once an admin dismisses it (decision 0143). */
  onboardingDismissed: 'disabled',
  /** The company's admins must use two-factor sign-in (issue 28 §13; decision 0350). */
  twoFactorAdmins: 'disabled',
  /** After close, the customer is asked to rate 1–5 (issue 30 §4; decision 0396); not while userRating asks its own. */
  csat: 'disabled',
  /**
   * On a Cloud API connection, the approved template (name) that asks the survey when the
   * customer's 24-hour window has closed, and its language (decision 0430); `none`: no survey then.
   */
  csatTemplate: 'none',
  csatTemplateLanguage: 'pt_BR',
};

/** What `csatTemplate` and `csatTemplateLanguage` may hold: Meta's template names and language codes. */
export const CSAT_TEMPLATE_NAME = /^[a-z0-9_]{1,500}$/;
export const CSAT_TEMPLATE_LANGUAGE = /^[a-z]{2,3}(_[A-Za-z0-9]{2,4})?$/;

/**
 * The company's integration keys (IXC, MK-Auth, Asaas): write-only (server-behaviour §1), set by
 * super users only (administration.md §6), '' until set. GET /settings answers '' and `configured`.
 */
export const INTEGRATION_SETTING_KEYS = ['ipixc', 'tokenixc', 'ipmkauth', 'clientidmkauth', 'clientsecretmkauth', 'asaas'] as const;
export type IntegrationSettingKey = (typeof INTEGRATION_SETTING_KEYS)[number];

/** Platform settings (the super user's company; administration.md §6) with their defaults. */
export const PLATFORM_SETTINGS: Readonly<Record<'allowregister' | 'viewregister' | 'trial' | 'twoFactorSuper', string>> = {
  allowregister: 'disabled',
  viewregister: 'disabled',
  trial: '3',
  /** Super users must use two-factor sign-in (issue 28 §13; decision 0350). */
  twoFactorSuper: 'disabled',
};

/** The company's IANA timezone, read and written like a setting (decision 0121). */
export const TIMEZONE_SETTING = 'timezone';

const SWITCH = ['enabled', 'disabled'] as const;
/**
 * The values each choice setting may take (the rest: free text). The settings screen offers
 * exactly these; the server refuses anything else.
 */
export const SETTING_CHOICES: Readonly<Record<string, readonly string[]>> = {
  userRating: SWITCH,
  scheduleType: ['disabled', 'queue', 'company'],
  CheckMsgIsGroup: SWITCH,
  call: SWITCH,
  chatBotType: ['text'],
  sendGreetingAccepted: SWITCH,
  sendMsgTransfTicket: SWITCH,
  sendGreetingMessageOneQueues: SWITCH,
  allowregister: SWITCH,
  viewregister: SWITCH,
  trial: ['1', '2', '3', '4', '5', '6', '7'],
  twoFactorAdmins: SWITCH,
  twoFactorSuper: SWITCH,
  csat: SWITCH,
};

/** Whether a string names an IANA time zone this runtime knows. */
export const isTimeZone = (tz: string): boolean => {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/**
 * Settings of the platform (the super user's company) that anyone may read before logging in
 * (server-behaviour §1: only these three), with their value while none is stored: the login page
 * links to signup per `viewregister`, the signup page needs `allowregister`, and `trial` is the
 * days a signup gets before its first due date.
 */
export const PUBLIC_PLATFORM_SETTINGS: Readonly<Record<'allowregister' | 'viewregister' | 'trial', string>> = {
  allowregister: PLATFORM_SETTINGS.allowregister,
  viewregister: PLATFORM_SETTINGS.viewregister,
  trial: PLATFORM_SETTINGS.trial,
};

/** Password reset (server-behaviour §2): a code lives 30 minutes and takes at most 5 tries. */
export const RESET_CODE_TTL_MINUTES = 30;
export const RESET_CODE_MAX_ATTEMPTS = 5;

export const connectionStatuses = ['CONNECTED', 'qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

export const profiles = ['admin', 'supervisor', 'user'] as const;
export type Profile = (typeof profiles)[number];

/**
 * An agent's presence (issue 30 §1; decision 0380): `offline` while none of their sockets is
 * connected, else `away` when they said so (their toggle), else `online`. Assignment gives tickets
 * to `online` agents only.
 */
export const presenceStatuses = ['online', 'away', 'offline'] as const;
export type PresenceStatus = (typeof presenceStatuses)[number];
/** What an agent may set themselves (`PUT /users/me/presence`): offline comes from the sockets. */
export const settablePresences = ['online', 'away'] as const;

/** Acks: 0 pending, 1-2 sent, 3 delivered, 4-5 read; -1 failed (ours). */
export const ACK = { FAILED: -1, PENDING: 0, SERVER: 1, SENT: 2, DELIVERED: 3, READ: 4, PLAYED: 5 } as const;
