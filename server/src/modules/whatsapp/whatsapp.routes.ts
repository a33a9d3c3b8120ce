import type { FastifyInstance } from 'fastify';
import { CreateWhatsappBody, ListWhatsappQuery } from '@balcao/shared';
import { parse } from '../../infra/validate';
import type { WhatsappService } from './whatsapp.service';

export const whatsappRoutes = (whatsapp: WhatsappService) => async (app: FastifyInstance) => {
  app.get('/whatsapp', (req) => {
    parse(ListWhatsappQuery, req.query);
    return whatsapp.list(req.ctx);
  });
  app.post('/whatsapp', (req) => whatsapp.create(req.ctx, parse(CreateWhatsappBody, req.body)));
};
