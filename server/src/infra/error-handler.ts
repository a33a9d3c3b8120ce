import type { FastifyInstance, FastifyError } from 'fastify';
import type { ErrorBody } from '@balcao/shared';
import { AppError } from './errors';
import { pgCode, UNIQUE_VIOLATION } from '../db/errors';

/** One shape for every error answer: `{ error: 'ERR_…', message?, requestId, issues? }`. */
export const registerErrorHandlers = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = error.toBody(request.id);
      const issues = (error as AppError & { issues?: ErrorBody['issues'] }).issues;
      if (issues) body.issues = issues;
      return reply.status(error.status).send(body);
    }
    // A unique index settled a race the service could not see coming: the client's conflict.
    if (pgCode(error) === UNIQUE_VIOLATION) {
      return reply.status(409).send({ error: 'ERR_DUPLICATED_RECORD', requestId: request.id });
    }
    // Fastify's own client errors (malformed JSON, wrong content type, body too large).
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = status === 413 ? 'ERR_VALIDATION' : status === 429 ? 'ERR_TOO_MANY_REQUESTS' : 'ERR_VALIDATION';
      return reply.status(status === 404 ? 400 : status).send({ error: code, message: error.message, requestId: request.id });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'ERR_INTERNAL', requestId: request.id });
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ error: 'ERR_NOT_FOUND', requestId: request.id }));
};
