import type { FastifySchema } from 'fastify';

/**
 * The route options of a documented group of routes (decision 0298): `doc(summary, description,
 * { params, body, response })` gives `{ schema: { summary, description, tags, ... } }`, so each route
 * states only its words and schemas. Answers several routes share go in a spread map, e.g.
 * `response: { 200: ChatDto, ...oneChat, 400: errors.badChat }`.
 */
export const routeDoc =
  (tags: string[]) =>
  <S extends FastifySchema>(summary: string, description: string, schema: S) => ({ schema: { summary, description, tags, ...schema } });
