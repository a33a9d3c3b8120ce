import type { FastifyInstance } from 'fastify';
import { CreateWhatsappBody, IdParam, ListWhatsappQuery, StartSessionBody, UpdateWhatsappBody } from '@balcao/shared';
import { parse } from '../../infra/validate';
import type { WhatsappService } from './whatsapp.service';

export const whatsappRoutes = (whatsapp: WhatsappService) => async (app: FastifyInstance) => {
  const id = (req: { params: unknown }) => parse(IdParam, req.params).id;
  app.get('/whatsapp', (req) => {
    parse(ListWhatsappQuery, req.query);
    return whatsapp.list(req.ctx);
  });
  app.post('/whatsapp', (req) => whatsapp.create(req.ctx, parse(CreateWhatsappBody, req.body)));
  app.get('/whatsapp/:id', (req) => {
    const wid = id(req);
    parse(ListWhatsappQuery, req.query);
    return whatsapp.show(req.ctx, wid);
  });
  app.put('/whatsapp/:id', (req) => whatsapp.update(req.ctx, id(req), parse(UpdateWhatsappBody, req.body)));
  app.delete('/whatsapp/:id', (req) => whatsapp.remove(req.ctx, id(req)));
  app.post('/whatsappsession/:id', (req) => whatsapp.startSession(req.ctx, id(req), parse(StartSessionBody, req.body)));
  app.put('/whatsappsession/:id', (req) => whatsapp.restartSession(req.ctx, id(req)));
  app.delete('/whatsappsession/:id', (req) => whatsapp.stopSession(req.ctx, id(req)));
  app.post('/whatsapp-restart', (req) => whatsapp.restartAll(req.ctx));
};
