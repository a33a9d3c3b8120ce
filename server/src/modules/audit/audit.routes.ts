import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ListAuditLogsQuery, ListAuditLogsResponse } from '@balcao/shared';
import type { AuditService } from './audit.service';

export const auditRoutes = (audit: AuditService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/audit-logs', { schema: { querystring: ListAuditLogsQuery, response: { 200: ListAuditLogsResponse } } }, (req) => audit.list(req.ctx, req.query));
};
