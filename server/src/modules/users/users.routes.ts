import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateUserBody, ListUsersQuery, ListUsersResponse, PresenceDto, SetPresenceBody, UpdateUserBody, UserDto } from '@balcao/shared';
import { recordRoutes } from '../../infra/record-routes';
import type { UsersService } from './users.service';

export const usersRoutes = (users: UsersService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/users', { schema: { querystring: ListUsersQuery, response: { 200: ListUsersResponse } } }, (req) => users.page(req.ctx, req.query));
  app.get('/users/list', { schema: { response: { 200: z.array(UserDto) } } }, (req) => users.list(req.ctx));
  app.get('/users/presence', { schema: { response: { 200: z.array(PresenceDto) } } }, (req) => users.presence(req.ctx));
  app.put('/users/me/presence', { schema: { body: SetPresenceBody, response: { 200: PresenceDto } } }, (req) => users.setPresence(req.ctx, req.body));
  recordRoutes(fastify, '/users', { dto: UserDto, create: CreateUserBody, update: UpdateUserBody }, users);
};
