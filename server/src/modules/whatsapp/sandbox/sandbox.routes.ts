import type { FastifyInstance } from 'fastify';
import { SandboxInboundBody, SandboxOutboxQuery, SandboxParams } from '@balcao/shared';
import { parse } from '../../../infra/validate';
import { AppError } from '../../../infra/errors';
import { requireAdmin } from '../../../infra/auth';
import type { DataAccess } from '../../../db/tenant';
import type { SessionManager } from '../session-manager';
import { createSandboxStore } from './sandbox.store';

/** The simulated phone's controls: admins play the customer of their own company's sandbox. */
export const sandboxRoutes = (deps: { sessions: SessionManager; data: DataAccess }) => async (app: FastifyInstance) => {
  const channelFor = (companyId: number, whatsappId: number) => {
    const channel = deps.sessions.sandbox(whatsappId, companyId);
    if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
    return channel;
  };

  app.post('/sandbox/connections/:whatsappId/inbound', { preHandler: requireAdmin }, async (req, reply) => {
    const { whatsappId } = parse(SandboxParams, req.params);
    const body = parse(SandboxInboundBody, req.body);
    const id = await channelFor(req.ctx.companyId, whatsappId).receive(body);
    return reply.status(202).send({ id });
  });

  app.get('/sandbox/connections/:whatsappId/outbox', { preHandler: requireAdmin }, async (req) => {
    const { whatsappId } = parse(SandboxParams, req.params);
    const { to } = parse(SandboxOutboxQuery, req.query);
    channelFor(req.ctx.companyId, whatsappId);
    return createSandboxStore(deps.data, req.ctx.companyId, whatsappId).outbox(to);
  });
};
