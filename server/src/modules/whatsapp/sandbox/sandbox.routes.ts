import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkResponse, SandboxInboundBody, SandboxInboundResponse, SandboxOutboxItem, SandboxOutboxQuery, SandboxParams, SandboxPresenceBody, SandboxSentItem } from '@balcao/shared';
import { AppError } from '../../../infra/errors';
import { requireAdmin } from '../../../infra/auth';
import type { DataAccess } from '../../../db/tenant';
import type { SessionManager } from '../session-manager';
import { createSandboxStore } from './sandbox.store';

/** The simulated phone's controls: admins play the customer of their own company's sandbox. */
export const sandboxRoutes = (deps: { sessions: SessionManager; data: DataAccess }) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const channelFor = (companyId: number, whatsappId: number) => {
    const channel = deps.sessions.sandbox(whatsappId, companyId);
    if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
    return channel;
  };

  const inbound = { params: SandboxParams, body: SandboxInboundBody, response: { 202: SandboxInboundResponse } };
  app.post('/sandbox/connections/:whatsappId/inbound', { preHandler: requireAdmin, schema: inbound }, async (req, reply) => {
    const id = await channelFor(req.ctx.companyId, req.params.whatsappId).receive(req.body);
    return reply.status(202).send({ id });
  });

  const outbox = { params: SandboxParams, querystring: SandboxOutboxQuery, response: { 200: z.array(SandboxOutboxItem) } };
  app.get('/sandbox/connections/:whatsappId/outbox', { preHandler: requireAdmin, schema: outbox }, async (req) => {
    const { whatsappId } = req.params;
    channelFor(req.ctx.companyId, whatsappId);
    return createSandboxStore(deps.data, req.ctx.companyId, whatsappId).outbox(req.query.to);
  });

  const sent = { params: SandboxParams, querystring: SandboxOutboxQuery, response: { 200: z.array(SandboxSentItem) } };
  app.get('/sandbox/connections/:whatsappId/sent', { preHandler: requireAdmin, schema: sent }, async (req) => {
    const { whatsappId } = req.params;
    channelFor(req.ctx.companyId, whatsappId);
    return createSandboxStore(deps.data, req.ctx.companyId, whatsappId).sent(req.query.to);
  });

  const presence = { params: SandboxParams, body: SandboxPresenceBody, response: { 200: OkResponse } };
  app.post('/sandbox/connections/:whatsappId/presence', { preHandler: requireAdmin, schema: presence }, async (req) => {
    await channelFor(req.ctx.companyId, req.params.whatsappId).customerPresence(req.body.from, req.body.presence);
    return { ok: true as const };
  });
};
