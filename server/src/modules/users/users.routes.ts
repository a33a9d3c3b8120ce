import type { FastifyInstance } from 'fastify';
import { CreateUserBody } from '@balcao/shared';
import { parse } from '../../infra/validate';
import type { UsersService } from './users.service';

export const usersRoutes = (users: UsersService) => async (app: FastifyInstance) => {
  app.get('/users/list', (req) => users.list(req.ctx));
  app.post('/users', (req) => users.create(req.ctx, parse(CreateUserBody, req.body)));
};
