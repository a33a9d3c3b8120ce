import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text made elsewhere (by the database) as the response, untouched: Fastify skips the
 * serializer for a string with a JSON content type, so the route's zod response schema neither
 * checks nor strips it. Only for text built field by field (a view's json_build_object); the
 * route's test checks the text against that schema. The schema still documents the route.
 */
export const sendJsonText = (reply: FastifyReply, text: string): FastifyReply => reply.type('application/json; charset=utf-8').send(text as never);
