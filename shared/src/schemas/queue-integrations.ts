import { z } from 'zod';
import { dbId, msg, pageOf, SearchPageQuery } from './common';

/** administration.md §3 "Queue integration": the four kinds. */
export const queueIntegrationTypes = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export type QueueIntegrationType = (typeof queueIntegrationTypes)[number];
export const queueIntegrationLanguages = ['pt-BR', 'en', 'es'] as const;

/**
 * One integration as the API answers it. The secrets (`jsonContent`: Dialogflow's service-account
 * JSON; `secret`: the webhook's HMAC key) never leave the server: always '' plus a `…Configured` flag.
 */
export const QueueIntegrationDto = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(queueIntegrationTypes),
  projectName: z.string(),
  jsonContent: z.literal(''),
  jsonContentConfigured: z.boolean(),
  language: z.string(),
  urlN8N: z.string(),
  secret: z.literal(''),
  secretConfigured: z.boolean(),
  typebotSlug: z.string(),
  typebotExpires: z.number(),
  typebotDelayMessage: z.number(),
  typebotKeywordFinish: z.string(),
  typebotKeywordRestart: z.string(),
  typebotRestartMessage: z.string(),
  typebotUnknownMessage: z.string(),
  updatedAt: z.string(),
});
export type QueueIntegrationDto = z.infer<typeof QueueIntegrationDto>;

/**
 * What a save answers: the integration, and — once, when the server made one because a webhook or
 * n8n integration had none — the secret that signs its calls (decision 0344). It is never shown again.
 */
export const SavedQueueIntegration = QueueIntegrationDto.extend({ generatedSecret: z.string().optional() });
export type SavedQueueIntegration = z.infer<typeof SavedQueueIntegration>;

/** administration.md §5: name required, 2–50 ('Too Short!' / 'Too Long!' / 'Required'). */
export const queueIntegrationName = z.string({ error: msg.required }).trim().min(1, msg.required).min(2, msg.tooShort).max(50, msg.tooLong);
const url = z.union([z.literal(''), z.string().trim().max(2000).url().refine((u) => /^https?:\/\//i.test(u), 'http(s) only')]);

const fields = {
  projectName: z.string().trim().max(200),
  /** '' or absent on an update: keep the stored one. */
  jsonContent: z.string().max(20_000),
  language: z.enum(queueIntegrationLanguages),
  urlN8N: url,
  /** '' or absent on an update: keep the stored one. */
  secret: z.string().max(500),
  typebotSlug: z.string().trim().max(200),
  typebotExpires: z.coerce.number().int().min(0).max(10_080),
  typebotDelayMessage: z.coerce.number().int().min(0).max(60_000),
  typebotKeywordFinish: z.string().trim().max(100),
  typebotKeywordRestart: z.string().trim().max(100),
  typebotRestartMessage: z.string().max(5000),
  typebotUnknownMessage: z.string().max(5000),
};

/** `POST /queueIntegration`: the dialog's fields (the spec's client sends them all; `projectName = name` for n8n, webhook and typebot). */
export const CreateQueueIntegrationBody = z.object({
  name: queueIntegrationName,
  type: z.enum(queueIntegrationTypes),
  projectName: fields.projectName.optional(),
  jsonContent: fields.jsonContent.optional(),
  language: fields.language.optional(),
  urlN8N: fields.urlN8N.optional(),
  secret: fields.secret.optional(),
  typebotSlug: fields.typebotSlug.optional(),
  typebotExpires: fields.typebotExpires.optional(),
  typebotDelayMessage: fields.typebotDelayMessage.optional(),
  typebotKeywordFinish: fields.typebotKeywordFinish.optional(),
  typebotKeywordRestart: fields.typebotKeywordRestart.optional(),
  typebotRestartMessage: fields.typebotRestartMessage.optional(),
  typebotUnknownMessage: fields.typebotUnknownMessage.optional(),
});
export type CreateQueueIntegrationBody = z.infer<typeof CreateQueueIntegrationBody>;

/** `PUT /queueIntegration/:id`: any field; absent ones (and empty secrets) stay. */
export const UpdateQueueIntegrationBody = CreateQueueIntegrationBody.partial();
export type UpdateQueueIntegrationBody = z.infer<typeof UpdateQueueIntegrationBody>;

/** `GET /queueIntegration/` (administration.md §7: searchParam, pageNumber → queueIntegrations, hasMore). */
export const ListQueueIntegrationsQuery = SearchPageQuery;
export type ListQueueIntegrationsQuery = z.infer<typeof ListQueueIntegrationsQuery>;
export const QUEUE_INTEGRATION_PAGE_SIZE = 20;
export const ListQueueIntegrationsResponse = pageOf('queueIntegrations', QueueIntegrationDto);
export type ListQueueIntegrationsResponse = z.infer<typeof ListQueueIntegrationsResponse>;

/**
 * `POST /queueIntegration/testSession` (projectName, jsonContent, language): one detectIntent with
 * a greeting. `id`: an existing integration whose stored service account is used when `jsonContent` is ''.
 */
export const TestQueueIntegrationBody = z.object({
  projectName: fields.projectName.min(1, msg.required),
  jsonContent: fields.jsonContent.optional().default(''),
  language: fields.language.optional().default('pt-BR'),
  id: dbId.optional(),
});
export type TestQueueIntegrationBody = z.infer<typeof TestQueueIntegrationBody>;
export const TestQueueIntegrationResponse = z.object({ ok: z.literal(true), reply: z.string() });
export type TestQueueIntegrationResponse = z.infer<typeof TestQueueIntegrationResponse>;
