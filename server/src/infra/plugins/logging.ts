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
          ...(opts.stream ? { stream: opts.stream } : {}),
        },
        logController: new LogController({ requestIdLogLabel: 'requestId' }),
      };
