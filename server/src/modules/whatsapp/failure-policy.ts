import type { ConnectionStatus, WhatsappAlertKind } from '@balcao/shared';

/**
 * Baileys' DisconnectReason, mirrored so this policy stays Baileys-free (only baileys/ may
 * import it). baileys/disconnect.ts fails to compile if the mirror misses a member or a value.
 */
export const DISCONNECT_REASON = {
  connectionClosed: 428,
  connectionLost: 408,
  connectionReplaced: 440,
  timedOut: 408,
  loggedOut: 401,
  badSession: 500,
  restartRequired: 515,
  multideviceMismatch: 411,
  forbidden: 403,
  unavailableService: 503,
} as const;

/** Not in the enum: WhatsApp answers 405 when our WhatsApp Web version is too old. */
export const VERSION_REJECTED = 405;

export type KnownCode = (typeof DISCONNECT_REASON)[keyof typeof DISCONNECT_REASON] | typeof VERSION_REJECTED;

export type FailureAction = 'restart' | 'reconnect' | 'logout' | 'stop' | 'refresh-version';

export interface FailureInput {
  /** The Boom status code of `lastDisconnect.error`; undefined when there was none. */
  statusCode: number | undefined;
  /** Consecutive failures so far, this one included (1 = first). Reset on CONNECTED; 515 does not count. */
  attempt: number;
  /** 440s seen recently (this one included), from the session timeline. */
  recentReplacements: number;
}

export interface FailureDecision {
  action: FailureAction;
  /** What to store on the connection row now. */
  status: ConnectionStatus;
  /** Wait before acting (0 = now). */
  delayMs: number;
  /** Delete the stored creds and keys: the phone unlinked this device, or it was never linked. */
  wipeKeys: boolean;
  /** Tell the company's admins (`company:<id>:admins`) why, or false. */
  alert: WhatsappAlertKind | false;
  reason: string;
}

export const BACKOFF = { baseMs: 1_000, capMs: 60_000 } as const;
/** A replaced session usually means another client holds the number: give it room. */
export const REPLACED_BASE_MS = 5_000;
export const MAX_ATTEMPTS = 6;
export const REPLACEMENT_ALERT_AT = 2;

/** Actions after which the connection comes back by itself. */
export const reconnects = (action: FailureAction): boolean => action === 'restart' || action === 'reconnect' || action === 'refresh-version';

/**
 * Exponential backoff with "equal jitter": half the step fixed, half random, so retries spread
 * out but never collapse to 0. `jitter` returns [0, 1) (Math.random in production).
 */
export const backoffMs = (attempt: number, jitter: () => number, baseMs: number = BACKOFF.baseMs, capMs: number = BACKOFF.capMs): number => {
  const step = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  const j = Math.min(1, Math.max(0, jitter()));
  return Math.min(capMs, Math.round(step / 2 + (step / 2) * j));
};

type Rule = (input: FailureInput, jitter: () => number) => FailureDecision;

const decision = (d: Partial<FailureDecision> & Pick<FailureDecision, 'action' | 'status' | 'reason'>): FailureDecision => ({
  delayMs: 0,
  wipeKeys: false,
  alert: false,
  ...d,
});

/** Transient trouble: retry with backoff while attempts last, then give up with the reason. */
const retry =
  (what: string, opts: { action?: 'reconnect' | 'refresh-version'; baseMs?: number; alert?: (i: FailureInput) => WhatsappAlertKind | false } = {}): Rule =>
  (input, jitter) => {
    if (input.attempt > MAX_ATTEMPTS) {
      return decision({ action: 'stop', status: 'DISCONNECTED', alert: 'gave-up', reason: `${what}; gave up after ${MAX_ATTEMPTS} attempts` });
    }
    return decision({
      action: opts.action ?? 'reconnect',
      status: 'TIMEOUT',
      delayMs: backoffMs(input.attempt, jitter, opts.baseMs),
      alert: opts.alert?.(input) ?? false,
      reason: `${what}; retry ${input.attempt} of ${MAX_ATTEMPTS}`,
    });
  };

// Keyed by every code: a code missing from KnownCode's sources fails to compile here.
const rules: Record<KnownCode, Rule> = {
  // WhatsApp asks for a fresh socket after pairing and now and then: routine, not a failure.
  515: () => decision({ action: 'restart', status: 'OPENING', reason: 'restart required (515)' }),
  401: () =>
    decision({ action: 'logout', status: 'DISCONNECTED', wipeKeys: true, alert: 'logged-out', reason: 'logged out from the phone (401): scan a new QR code' }),
  403: () => decision({ action: 'stop', status: 'DISCONNECTED', alert: 'forbidden', reason: 'WhatsApp refused this number (403 forbidden)' }),
  440: retry('session replaced by another client (440)', {
    baseMs: REPLACED_BASE_MS,
    alert: (i) => (i.recentReplacements >= REPLACEMENT_ALERT_AT ? 'replaced' : false),
  }),
  405: retry('WhatsApp Web version rejected (405)', { action: 'refresh-version' }),
  428: retry('connection closed (428)'),
  408: retry('connection lost or timed out (408)'),
  500: retry('bad session (500)'),
  503: retry('WhatsApp unavailable (503)'),
  411: retry('multi-device mismatch (411)'),
};

const isKnown = (code: number | undefined): code is KnownCode => code !== undefined && Object.hasOwn(rules, code);

/** What to do when a Baileys socket closes. Pure: time and randomness come from the caller. */
export const decideOnDisconnect = (input: FailureInput, jitter: () => number = Math.random): FailureDecision =>
  isKnown(input.statusCode) ? rules[input.statusCode](input, jitter) : retry(`disconnected (${input.statusCode ?? 'no status code'})`)(input, jitter);

/** QR codes shown per pairing attempt before giving up (the products we replace stop at 5). */
export const QR_LIMIT = 5;

/**
 * Nobody scanned the QR (or typed the pairing code) while `codes` QR codes came and went: stop,
 * forget the half-made registration (a pairing code request already stored our number in the
 * creds) and let an admin start again ("new QR code").
 */
export const decideOnPairingExpired = (codes: number, byPhone: boolean): FailureDecision =>
  decision({
    action: 'stop',
    status: 'DISCONNECTED',
    wipeKeys: true,
    alert: 'pairing-expired',
    reason: byPhone ? `pairing code not entered in time (${codes} refreshes)` : `QR code not scanned: ${codes} codes expired`,
  });

/** Defaults of the watchdog: probe after 3 min without any socket event, give the probe 20 s. */
export const WATCHDOG = { silentMs: 3 * 60_000, probeTimeoutMs: 20_000 } as const;

/** The watchdog's probe failed or timed out: the socket looks alive but is not. A fresh one, now. */
export const decideOnSilence = (): FailureDecision => decision({ action: 'restart', status: 'OPENING', reason: 'watchdog: no answer' });

/** WhatsApp would not give a pairing code (a malformed or unknown number, the socket gone). */
export const decideOnPairingCodeFailed = (why: string): FailureDecision =>
  decision({ action: 'stop', status: 'DISCONNECTED', wipeKeys: true, reason: `pairing code request failed: ${why}` });

// WhatsApp Cloud API (issue 29): what a failed Graph call means, by Meta's error code.

/** The Graph error codes the Cloud adapter tells apart (Meta's Cloud API error-code reference). */
export const CLOUD_ERROR = {
  /** AuthException: the token cannot be used. */
  authException: 0,
  apiUnknown: 1,
  /** API Service: temporary downtime or overload. */
  apiService: 2,
  /** The app's call rate. */
  apiTooManyCalls: 4,
  /** Access token expired or revoked. */
  tokenExpired: 190,
  /** Cloud API throughput reached for the number. */
  throughput: 130429,
  /** Outside the 24-hour customer-service window: only a template may go. */
  reEngagement: 131047,
  /** Too many messages to the same user. */
  pairRateLimit: 131056,
  /** The number is restricted for spam. */
  spamRateLimit: 131048,
  /** Not deliverable (not on WhatsApp, old app, blocked). */
  undeliverable: 131026,
  /** This message cannot go to a business-scoped user id (`recipient`), e.g. an authentication template: it needs the phone (decision 0425). */
  userIdRecipient: 131062,
} as const;

export type CloudCode = (typeof CLOUD_ERROR)[keyof typeof CLOUD_ERROR];

export interface CloudDecision {
  /** What the message records (`errorCode`); undefined: the caller's own code (send, download…). */
  errorCode: 'ERR_WAPP_NOT_INITIALIZED' | 'ERR_WAPP_INVALID_CONTACT' | undefined;
  /** Retried with backoff by the send worker. */
  temporary: boolean;
  /** The connection cannot send until an admin acts: DISCONNECTED and the admins alerted. */
  disconnect: WhatsappAlertKind | false;
  reason: string;
}

const cloud = (d: Partial<CloudDecision> & Pick<CloudDecision, 'reason'>): CloudDecision => ({ errorCode: undefined, temporary: false, disconnect: false, ...d });

// Keyed by every known code: a code added to CLOUD_ERROR fails to compile until it is decided here.
const cloudRules: Record<CloudCode, CloudDecision> = {
  0: cloud({ errorCode: 'ERR_WAPP_NOT_INITIALIZED', disconnect: 'logged-out', reason: 'the access token was refused (0): paste a new one' }),
  190: cloud({ errorCode: 'ERR_WAPP_NOT_INITIALIZED', disconnect: 'logged-out', reason: 'the access token expired or was revoked (190): paste a new one' }),
  1: cloud({ temporary: true, reason: 'Graph API unknown error (1)' }),
  2: cloud({ temporary: true, reason: 'Graph API temporarily unavailable (2)' }),
  4: cloud({ temporary: true, reason: "the app's call rate was reached (4)" }),
  130429: cloud({ temporary: true, reason: "the number's throughput was reached (130429)" }),
  131056: cloud({ temporary: true, reason: 'too many messages to this customer (131056)' }),
  131047: cloud({ reason: 'outside the 24-hour window: only a template may be sent (131047)' }),
  131048: cloud({ disconnect: 'forbidden', reason: 'the number is restricted for spam (131048)' }),
  131026: cloud({ errorCode: 'ERR_WAPP_INVALID_CONTACT', reason: 'the message could not be delivered to this number (131026)' }),
  // The customer is reachable (the user id is right), only not by this kind of message: the message
  // fails for good (the same request fails again), the connection and the contact stay as they are.
  131062: cloud({ reason: "this message cannot be sent to a customer known only by user id: it needs the customer's phone (131062)" }),
};

const isCloudCode = (code: number | undefined): code is CloudCode => code !== undefined && Object.hasOwn(cloudRules, code);

/**
 * What a failed Graph call means: a known Meta code decides; otherwise the HTTP status (401 like
 * 190; 429 and 5xx are temporary; any other 4xx is permanent: retrying the same request fails again).
 */
export const decideOnCloudError = (httpStatus: number, code: number | undefined): CloudDecision => {
  if (isCloudCode(code)) return cloudRules[code];
  if (httpStatus === 401) return cloudRules[190];
  if (httpStatus === 429 || httpStatus >= 500) return cloud({ temporary: true, reason: `Graph API HTTP ${httpStatus}${code === undefined ? '' : ` (${code})`}` });
  return cloud({ reason: `Graph API refused the request: HTTP ${httpStatus}${code === undefined ? '' : ` (${code})`}` });
};
