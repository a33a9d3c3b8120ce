/**
 * The one catalogue of error codes. The server answers `{ error: code, message, requestId }`
 * with `errorStatus[code]`; the UI translates the code (pt-BR, en, es). Adding a code here
 * without a status fails the build, because `errorStatus` is a total Record.
 */
export const errorCodes = [
  // The spec's catalogue (attendance.md §8, administration.md §8).
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_INVALID_CREDENTIALS',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERR_SESSION_EXPIRED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
  // Ours, in the same style.
  'ERR_VALIDATION',
  'ERR_INVALID_TOKEN',
  'ERR_SUBSCRIPTION_EXPIRED',
  'ERR_COMPANY_INACTIVE',
  // A process not ready for traffic (starting, stopping, or its database away): GET /ready (issue 31 §5).
  'ERR_NOT_READY',
  'ERR_PLAN_FEATURE_DISABLED',
  'ERR_PLAN_LIMIT_USERS',
  'ERR_PLAN_LIMIT_CONNECTIONS',
  'ERR_PLAN_LIMIT_QUEUES',
  'ERR_NO_QUEUE_FOUND',
  'ERR_NO_COMPANY_FOUND',
  'ERR_NO_PLAN_FOUND',
  'ERR_NO_MESSAGE_FOUND',
  'ERR_DUPLICATED_EMAIL',
  'ERR_DUPLICATED_COMPANY',
  'ERR_DUPLICATED_RECORD',
  'ERR_INVALID_TRANSITION',
  'ERR_QUEUE_REQUIRED',
  'ERR_SANDBOX_DISABLED',
  'ERR_TOO_MANY_REQUESTS',
  'ERR_TOO_MANY_ATTEMPTS',
  'ERR_NOT_FOUND',
  'ERR_FILE_TYPE_NOT_ALLOWED',
  'ERR_FILE_TOO_LARGE',
  'ERR_MESSAGE_NOT_EDITABLE',
  'ERR_NO_QUEUE_OPTION_FOUND',
  'ERR_PLAN_IN_USE',
  'ERR_LAST_ADMIN',
  'ERR_NO_INTEGRATION_FOUND',
  'ERR_INTEGRATION_TEST_FAILED',
  'ERR_SIGNUP_DISABLED',
  'ERR_PLAN_NOT_OFFERED',
  'ERR_INVALID_RESET_CODE',
  'ERR_RESET_IN_PATH',
  'ERR_CAMPAIGN_NOT_EDITABLE',
  // Issue 29 §3: a campaign on a Cloud API connection goes as an approved template (decision 0451).
  'ERR_CAMPAIGN_NEEDS_TEMPLATE',
  'ERR_INTERNAL',
  'ERR_NO_SCHEDULE_FOUND',
  'ERR_SCHEDULE_ALREADY_SENT',
  'ERR_NO_CHAT_FOUND',
  'ERR_CHAT_MESSAGE_EMPTY',
  'ERR_BILLING_ONLY',
  'ERR_NO_INVOICE_FOUND',
  'ERR_INVOICE_ALREADY_PAID',
  'ERR_PAYMENT_PROVIDER',
  'ERR_INVALID_WEBHOOK',
  'ERR_NO_HELP_FOUND',
  'ERR_PLATFORM_COMPANY',
  'ERR_NO_WEBHOOK_FOUND',
  'ERR_WEBHOOK_URL_REFUSED',
  'ERR_OUTBOUND_URL_REFUSED',
  'ERR_WEBHOOK_LIMIT',
  // Issue 15 §3 (external API; decision 0296).
  'ERR_SEND_HELD',
  'ERR_CONTACT_OPTED_OUT',
  'ERR_INVALID_API_TOKEN',
  // Issue 28 §13 (two-factor sign-in; decision 0350).
  'ERR_INVALID_2FA_CODE',
  'ERR_INVALID_2FA_CHALLENGE',
  'ERR_2FA_NOT_SET_UP',
  'ERR_2FA_ALREADY_ENABLED',
  'ERR_2FA_NOT_ENABLED',
  'ERR_2FA_REQUIRED',
  // Issue 29 §3 (Cloud API templates and the customer-service window; decisions 0390-0391).
  'ERR_WINDOW_CLOSED',
  'ERR_NO_TEMPLATE_FOUND',
  // Issue 29 §7 (the plan's monthly cap on Cloud API template sends; decision 0414).
  'ERR_TEMPLATE_SEND_CAP',
  // Issue 32 (the agent's copilot; decisions 0402-0403).
  'ERR_COPILOT_NOT_CONFIGURED',
  'ERR_COPILOT_TOKEN_CAP',
  'ERR_COPILOT_PLAN_CAP',
  'ERR_COPILOT_UNAVAILABLE',
  'ERR_COPILOT_TIMEOUT',
  'ERR_COPILOT_BAD_ANSWER',
  'ERR_COPILOT_NO_MESSAGES',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** HTTP status of every code. 401 means "log in again"; 403 means "refresh once, or denied". */
export const errorStatus: Record<ErrorCode, number> = {
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 409,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 502,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_SENDING_WAPP_MSG: 502,
  ERR_DELETE_WAPP_MSG: 502,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_SESSION_EXPIRED: 401,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_CREATING_MESSAGE: 500,
  ERR_CREATING_TICKET: 500,
  ERR_FETCH_WAPP_MSG: 404,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_WAPP_GREETING_REQUIRED: 400,
  ERR_VALIDATION: 400,
  ERR_INVALID_TOKEN: 403,
  ERR_SUBSCRIPTION_EXPIRED: 401,
  ERR_COMPANY_INACTIVE: 401,
  ERR_NOT_READY: 503,
  ERR_PLAN_FEATURE_DISABLED: 403,
  ERR_PLAN_LIMIT_USERS: 403,
  ERR_PLAN_LIMIT_CONNECTIONS: 403,
  ERR_PLAN_LIMIT_QUEUES: 403,
  ERR_NO_QUEUE_FOUND: 404,
  ERR_NO_COMPANY_FOUND: 404,
  ERR_NO_PLAN_FOUND: 404,
  ERR_NO_MESSAGE_FOUND: 404,
  ERR_DUPLICATED_EMAIL: 409,
  ERR_DUPLICATED_COMPANY: 409,
  ERR_DUPLICATED_RECORD: 409,
  ERR_INVALID_TRANSITION: 409,
  ERR_QUEUE_REQUIRED: 400,
  ERR_SANDBOX_DISABLED: 404,
  ERR_TOO_MANY_REQUESTS: 429,
  /** Wrong passwords for one account from one address: wait `details.retryAfterSeconds`. */
  ERR_TOO_MANY_ATTEMPTS: 429,
  ERR_NOT_FOUND: 404,
  /** An upload whose bytes are an executable (whatever its name says): never stored nor sent. */
  ERR_FILE_TYPE_NOT_ALLOWED: 400,
  /** An upload over its kind's size limit (`details.maxBytes`, `details.kind`). */
  ERR_FILE_TOO_LARGE: 413,
  /** Only a text message that is not deleted can be edited. */
  ERR_MESSAGE_NOT_EDITABLE: 409,
  ERR_NO_QUEUE_OPTION_FOUND: 404,
  /** A plan some company is on cannot be deleted (`details.companies`: how many). */
  ERR_PLAN_IN_USE: 409,
  /** The company's last admin cannot be deleted nor lose the admin profile (decision 0110). */
  ERR_LAST_ADMIN: 409,
  ERR_NO_INTEGRATION_FOUND: 404,
  /** The Dialogflow test (POST /queueIntegration/testSession) failed: `details.reason`. */
  ERR_INTEGRATION_TEST_FAILED: 400,
  /** POST /companies/cadastro while the platform's `allowregister` is not enabled. */
  ERR_SIGNUP_DISABLED: 403,
  /** A signup chose a plan that is not offered on the signup page (`plans.signup`). */
  ERR_PLAN_NOT_OFFERED: 400,
  /** A password reset code that is wrong, expired, used, replaced or out of tries (one answer for all). */
  ERR_INVALID_RESET_CODE: 400,
  /** The spec's `POST /resetpasswords/:email/:token/:newPassword`: values in a URL end up in logs; send them in the body. */
  ERR_RESET_IN_PATH: 400,
  /** A campaign is read-only unless INATIVA, CANCELADA or PROGRAMADA more than an hour ahead (administration.md §4). */
  ERR_CAMPAIGN_NOT_EDITABLE: 409,
  /** The campaign's connection is a Cloud API number: its messages reach customers outside the 24-hour window only as a template. */
  ERR_CAMPAIGN_NEEDS_TEMPLATE: 400,
  ERR_INTERNAL: 500,
  ERR_NO_SCHEDULE_FOUND: 404,
  /** A schedule is saved only while unsent (administration.md: save only when sentAt is empty). */
  ERR_SCHEDULE_ALREADY_SENT: 409,
  /** A chat that does not exist, is another company's, or the caller is not a member of. */
  ERR_NO_CHAT_FOUND: 404,
  /** An internal chat message that is empty or only whitespace (attendance.md §5). */
  ERR_CHAT_MESSAGE_EMPTY: 400,
  /** A billing-only session (an overdue company's admin; decision 0280) called a route outside billing. */
  ERR_BILLING_ONLY: 402,
  ERR_NO_INVOICE_FOUND: 404,
  /** POST /subscription for an invoice already paid. */
  ERR_INVOICE_ALREADY_PAID: 409,
  /** The payment provider failed or did not answer in time (`details.reason`). */
  ERR_PAYMENT_PROVIDER: 502,
  /** A payment webhook without the provider's token (a forged call changes nothing). */
  ERR_INVALID_WEBHOOK: 401,
  ERR_NO_HELP_FOUND: 404,
  /** The platform's own company (the super user's) is never deleted (decision 0271). */
  ERR_PLATFORM_COMPANY: 409,
  /** A webhook (or one of its deliveries) of another company, or none. */
  ERR_NO_WEBHOOK_FOUND: 404,
  /** A webhook URL the server may not call (a private host in production; decision 0300). */
  ERR_WEBHOOK_URL_REFUSED: 400,
  /** A queue integration's or prompt's URL that is (or resolves to) this machine or a private network (issue 28 §6). */
  ERR_OUTBOUND_URL_REFUSED: 400,
  /** At most WEBHOOK_LIMITS.maxWebhooks webhooks per company. */
  ERR_WEBHOOK_LIMIT: 409,
  /** The connection's number-health gate held an external API send: `details.reason` (rate, daily-cap, warm-up) and `details.retryAt`. */
  ERR_SEND_HELD: 429,
  /** The contact asked not to be messaged (the company's opt-out list): the external API does not send. */
  ERR_CONTACT_OPTED_OUT: 403,
  /** The external API's bearer is missing, unknown, rotated away, or a user's session token (only connection tokens work there). */
  ERR_INVALID_API_TOKEN: 401,
  /** A wrong TOTP or recovery code (or, to disable, password): 400, so a session's call does not log out; counted by the login backoff. */
  ERR_INVALID_2FA_CODE: 400,
  /** A login challenge that is unknown, expired, used or out of tries: log in again. */
  ERR_INVALID_2FA_CHALLENGE: 401,
  /** POST /auth/2fa/enable before /auth/2fa/setup. */
  ERR_2FA_NOT_SET_UP: 409,
  /** POST /auth/2fa/setup while 2FA is on: disable it first. */
  ERR_2FA_ALREADY_ENABLED: 409,
  ERR_2FA_NOT_ENABLED: 409,
  /** The company (admins) or the platform (super users) requires 2FA: it cannot be turned off. */
  ERR_2FA_REQUIRED: 403,
  /** A free-form message on a Cloud API connection more than 24 hours after the customer's last message: only a template may go. */
  ERR_WINDOW_CLOSED: 409,
  /** No approved template of that name and language on the connection's WhatsApp Business Account. */
  ERR_NO_TEMPLATE_FOUND: 404,
  /** The company's plan caps Cloud API template sends per UTC month and this month's are spent. */
  ERR_TEMPLATE_SEND_CAP: 429,
  // The company has no copilot (off, or no key): an admin sets it on /knowledge.
  ERR_COPILOT_NOT_CONFIGURED: 409,
  // The month's token cap is spent (the company's own setting): until next month or a higher cap.
  ERR_COPILOT_TOKEN_CAP: 429,
  // The month's tokens reached the plan's cap (decision 0442): the super user's plan, not the company's setting.
  ERR_COPILOT_PLAN_CAP: 429,
  // The model answered 429/5xx, could not be reached, or the circuit breaker is open after such failures.
  ERR_COPILOT_UNAVAILABLE: 503,
  ERR_COPILOT_TIMEOUT: 504,
  // The model answered, but not in the shape asked for.
  ERR_COPILOT_BAD_ANSWER: 502,
  // A ticket with no customer message to answer or summarise.
  ERR_COPILOT_NO_MESSAGES: 409,
};

/** The body of every error answer. */
export interface ErrorBody {
  error: ErrorCode;
  message?: string;
  requestId?: string;
  /** Field issues of a validation error: path → message (the spec's texts). */
  issues?: { path: string; message: string }[];
  /** Extra data some codes carry (ERR_OTHER_OPEN_TICKET: the holder's user and queue). */
  details?: Record<string, unknown>;
}

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
