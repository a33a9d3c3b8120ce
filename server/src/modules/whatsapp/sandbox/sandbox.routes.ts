import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SandboxInboundBody, SandboxInboundResponse, SandboxOutboxItem, SandboxOutboxQuery, SandboxParams } from '@balcao/shared';
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
};
