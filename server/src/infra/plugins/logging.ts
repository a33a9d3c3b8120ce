import { LogController, type FastifyServerOptions } from 'fastify';

/** Where secrets can appear in a log line: request headers, reply cookies, bodies logged by hand. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
  '*.*.password',
  '*.*.token',
  '*.*.refreshToken',
];

/**
 * Paths whose segments are secrets or personal data (the spec's reset and forgot-password forms
 * put the e-mail, the code and the new password in the URL): logged without them.
 */
const SECRET_PATHS = /^(\/(?:resetpasswords|forgetpassword))\/[^?]*/;
export const redactUrl = (url: string | undefined): string | undefined => url?.replace(SECRET_PATHS, '$1/[redacted]');

export interface LogOptions {
  level?: string;
  /** Tests: capture the lines instead of stdout. */
  stream?: { write(line: string): void };
}

/**
 * Fastify's pino logger: one JSON line per request start/end and per error, each carrying
 * `requestId` (the request's child logger); requireAuth adds `companyId` and `userId`.
 */
export const loggerOptions = (opts: LogOptions | false): Pick<FastifyServerOptions, 'logger' | 'logController'> =>
  opts === false
    ? { logger: false }
    : {
        logger: {
          level: opts.level ?? 'info',
          redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
          serializers: {
            req: (req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
              method: req.method,
              url: redactUrl(req.url),
              host: req.host,
              remoteAddress: req.ip,
              remotePort: req.socket?.remotePort,
            }),
          },
          ...(opts.stream ? { stream: opts.stream } : {}),
        },
        logController: new LogController({ requestIdLogLabel: 'requestId' }),
      };
