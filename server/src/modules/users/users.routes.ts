import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateUserBody, IdParam, ListUsersQuery, ListUsersResponse, OkResponse, UpdateUserBody, UserDto } from '@balcao/shared';
import type { UsersService } from './users.service';

export const usersRoutes = (users: UsersService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/users', { schema: { querystring: ListUsersQuery, response: { 200: ListUsersResponse } } }, (req) => users.page(req.ctx, req.query));
  app.get('/users/list', { schema: { response: { 200: z.array(UserDto) } } }, (req) => users.list(req.ctx));
  app.get('/users/:id', { schema: { params: IdParam, response: { 200: UserDto } } }, (req) => users.show(req.ctx, req.params.id));
  app.put('/users/:id', { schema: { params: IdParam, body: UpdateUserBody, response: { 200: UserDto } } }, (req) =>
    users.update(req.ctx, req.params.id, req.body),
  );
  app.delete('/users/:id', { schema: { params: IdParam, response: { 200: OkResponse } } }, async (req) => {
    await users.remove(req.ctx, req.params.id);
    return { ok: true as const };
  });
  app.post('/users', { schema: { body: CreateUserBody, response: { 200: UserDto } } }, (req) => users.create(req.ctx, req.body));
};
