import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateKnowledgeArticleBody, KnowledgeArticleDto, ListKnowledgeArticlesQuery, ListKnowledgeArticlesResponse, UpdateKnowledgeArticleBody } from '@balcao/shared';
import { recordRoutes } from '../../infra/record-routes';
import type { KnowledgeService } from './knowledge.service';

/** The "Base de conhecimento" screen (issue 32 §1): GET/POST /knowledge-articles, GET/PUT/DELETE /knowledge-articles/:id (admins; plan useCopilot). */
export const knowledgeRoutes = (knowledge: KnowledgeService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/knowledge-articles', { schema: { querystring: ListKnowledgeArticlesQuery, response: { 200: ListKnowledgeArticlesResponse } } }, (req) => knowledge.page(req.ctx, req.query));
  recordRoutes(fastify, '/knowledge-articles', { dto: KnowledgeArticleDto, create: CreateKnowledgeArticleBody, update: UpdateKnowledgeArticleBody }, knowledge);
};
