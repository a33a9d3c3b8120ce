import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreatePromptBody, IdParam, ListPromptsQuery, ListPromptsResponse, MessageResponse, PromptDto, UpdatePromptBody } from '@balcao/shared';
import type { PromptsService } from './prompts.service';

/** administration.md §7 "Prompts and integrations": GET/POST /prompt, GET/PUT/DELETE /prompt/:id (admins; plan useOpenAi). */
export const promptsRoutes = (prompts: PromptsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/prompt', { schema: { querystring: ListPromptsQuery, response: { 200: ListPromptsResponse } } }, (req) => prompts.page(req.ctx, req.query));
  app.post('/prompt', { schema: { body: CreatePromptBody, response: { 200: PromptDto } } }, (req) => prompts.create(req.ctx, req.body));
  app.get('/prompt/:id', { schema: { params: IdParam, response: { 200: PromptDto } } }, (req) => prompts.show(req.ctx, req.params.id));
  app.put('/prompt/:id', { schema: { params: IdParam, body: UpdatePromptBody, response: { 200: PromptDto } } }, (req) => prompts.update(req.ctx, req.params.id, req.body));
  app.delete('/prompt/:id', { schema: { params: IdParam, response: { 200: MessageResponse } } }, async (req) => {
    await prompts.remove(req.ctx, req.params.id);
    // The spec's client shows this message as an info toast (its own text in the renderer's language).
    return { message: 'Prompt deleted' };
  });
};
