import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreatePromptBody, ListPromptsQuery, ListPromptsResponse, PromptDto, UpdatePromptBody } from '@balcao/shared';
import { recordRoutes } from '../../infra/record-routes';
import type { PromptsService } from './prompts.service';

/** administration.md §7 "Prompts and integrations": GET/POST /prompt, GET/PUT/DELETE /prompt/:id (admins; plan useOpenAi). */
export const promptsRoutes = (prompts: PromptsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/prompt', { schema: { querystring: ListPromptsQuery, response: { 200: ListPromptsResponse } } }, (req) => prompts.page(req.ctx, req.query));
  // A delete answers the spec's message, which its client shows as an info toast (its own text in the renderer's language).
  recordRoutes(fastify, '/prompt', { dto: PromptDto, create: CreatePromptBody, update: UpdatePromptBody }, prompts, 'Prompt deleted');
};
