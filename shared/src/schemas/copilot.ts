import { z } from 'zod';
import { dbId, pageOf, SearchPageQuery, stamps } from './common';

/**
 * The agent's copilot (issue 32; decisions 0400–0405): the company's knowledge base, the copilot's
 * settings and what it cost, suggested replies and summaries. The model is any OpenAI-compatible
 * endpoint the company configures; its key is sealed at rest and comes back only masked.
 */

// ---- Knowledge base (§1) ----

export const KNOWLEDGE_TITLE_MAX = 200;
export const KNOWLEDGE_BODY_MAX = 20_000;
export const KNOWLEDGE_TAGS_MAX = 20;

export const KnowledgeArticleDto = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string() }).nullable(),
  companyId: z.number(),
  ...stamps,
});
export type KnowledgeArticleDto = z.infer<typeof KnowledgeArticleDto>;

const articleTitle = z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(KNOWLEDGE_TITLE_MAX, 'Muito longo!');
const articleBody = z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(KNOWLEDGE_BODY_MAX, 'Muito longo!');
/** Tags as typed: trimmed, blank ones dropped, the same tag (case-insensitive) once. */
const articleTags = z
  .array(z.string().trim().max(40))
  .max(KNOWLEDGE_TAGS_MAX)
  .transform((tags) => tags.filter((t, i) => t !== '' && tags.findIndex((o) => o.toLowerCase() === t.toLowerCase()) === i));

/** `POST /knowledge-articles` (admins). */
export const CreateKnowledgeArticleBody = z.object({
  title: articleTitle,
  body: articleBody,
  tags: articleTags.default([]),
  queueId: dbId.nullable().default(null),
});
export type CreateKnowledgeArticleBody = z.infer<typeof CreateKnowledgeArticleBody>;

/** `PUT /knowledge-articles/:id` (admins): any of the fields. */
export const UpdateKnowledgeArticleBody = z.object({
  title: articleTitle.optional(),
  body: articleBody.optional(),
  tags: articleTags.optional(),
  queueId: dbId.nullable().optional(),
});
export type UpdateKnowledgeArticleBody = z.infer<typeof UpdateKnowledgeArticleBody>;

/**
 * `GET /knowledge-articles`: the screen's page. `searchParam` is full-text over title, tags and
 * body (accents and case ignored, every word must match), best matches first; without it, by title.
 */
export const ListKnowledgeArticlesQuery = SearchPageQuery;
export const ListKnowledgeArticlesResponse = pageOf('articles', KnowledgeArticleDto);
export type ListKnowledgeArticlesResponse = z.infer<typeof ListKnowledgeArticlesResponse>;

// ---- Settings and metering (§7) ----

/** The languages the copilot tells apart and translates between (ISO 639-1). */
export const COPILOT_LANGUAGES = ['pt', 'es', 'en', 'fr', 'it', 'de'] as const;
export type CopilotLanguage = (typeof COPILOT_LANGUAGES)[number];

/** The features the copilot meters (the usage panel's rows). */
export const COPILOT_FEATURES = ['suggestions', 'summary', 'routing', 'translation', 'transcription'] as const;
export type CopilotFeature = (typeof COPILOT_FEATURES)[number];

export const COPILOT_DEFAULTS = { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini' } as const;

export const CopilotSettingsDto = z.object({
  enabled: z.boolean(),
  baseUrl: z.string(),
  model: z.string(),
  /** The key's masked tail (`sk-…abcd`), '' when none is stored. */
  apiKey: z.string(),
  apiKeyConfigured: z.boolean(),
  /** Tokens a month the company allows itself; 0: no cap. */
  monthlyTokenCap: z.number(),
  /** A summary made on transfer and on close (a job after the change commits). */
  autoSummary: z.boolean(),
  /** Two-way translation (decision 0440): customers' messages shown in `agentLanguage`, the agents' sent in the customer's. */
  translate: z.boolean(),
  agentLanguage: z.string(),
  /** Voice notes transcribed (decision 0441). */
  transcribe: z.boolean(),
  /** The transcription model ('' = whisper-1). */
  transcriptionModel: z.string(),
  /** The plan's monthly token cap (decision 0442; 0: none), above the company's own. */
  planTokenCap: z.number(),
});
export type CopilotSettingsDto = z.infer<typeof CopilotSettingsDto>;

/** `GET /copilot/status` (every user of the company): whether the agents' copilot answers at all (on, with a key). */
export const CopilotStatusDto = z.object({ enabled: z.boolean(), translate: z.boolean().optional(), agentLanguage: z.string().optional() });
export type CopilotStatusDto = z.infer<typeof CopilotStatusDto>;

/** `PUT /copilot/settings` (admins): any of the fields; a key left out or sent back masked stays. */
export const UpdateCopilotSettingsBody = z.object({
  enabled: z.boolean().optional(),
  baseUrl: z
    .string()
    .trim()
    .max(500)
    .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), 'invalid URL')
    .optional(),
  model: z.string().trim().max(100).optional(),
  apiKey: z.string().trim().max(500).optional(),
  monthlyTokenCap: z.number().int().min(0).max(1_000_000_000).optional(),
  autoSummary: z.boolean().optional(),
  translate: z.boolean().optional(),
  agentLanguage: z.enum(COPILOT_LANGUAGES).optional(),
  transcribe: z.boolean().optional(),
  transcriptionModel: z.string().trim().max(100).optional(),
});
export type UpdateCopilotSettingsBody = z.infer<typeof UpdateCopilotSettingsBody>;

/** `GET /copilot/usage?month=2026-11` (admins): the month's tokens and calls per feature, and the cap. */
export const CopilotUsageQuery = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM').optional() });
export const CopilotUsageDto = z.object({
  month: z.string(),
  features: z.array(z.object({ feature: z.enum(COPILOT_FEATURES), tokens: z.number(), calls: z.number() })),
  tokens: z.number(),
  calls: z.number(),
  monthlyTokenCap: z.number(),
  /** The plan's cap (decision 0442; 0: none). */
  planTokenCap: z.number().optional(),
});
export type CopilotUsageDto = z.infer<typeof CopilotUsageDto>;

// ---- Suggested replies (§2) and summaries (§3) ----

/** Where a draft's knowledge came from: an article of the base, a quick message or a platform help text. */
export const CopilotCitation = z.object({ kind: z.enum(['article', 'quickMessage', 'help']), id: z.number(), title: z.string() });
export type CopilotCitation = z.infer<typeof CopilotCitation>;

export const COPILOT_MAX_DRAFTS = 3;
export const CopilotSuggestionsDto = z.object({
  drafts: z.array(z.object({ text: z.string(), citations: z.array(CopilotCitation) })).max(COPILOT_MAX_DRAFTS),
  /** Every passage the model was given, whether a draft cited it or not. */
  passages: z.array(CopilotCitation),
});
export type CopilotSuggestionsDto = z.infer<typeof CopilotSuggestionsDto>;

/** `POST /tickets/:id/copilot/routing` (issue 32 §6): the queue and tags the copilot suggests for the ticket, one click to apply. */
export const CopilotRoutingDto = z.object({
  queue: z.object({ id: z.number(), name: z.string() }).nullable(),
  tags: z.array(z.object({ id: z.number(), name: z.string() })),
  reason: z.string(),
});
export type CopilotRoutingDto = z.infer<typeof CopilotRoutingDto>;

export const COPILOT_SUMMARY_REASONS = ['manual', 'transfer', 'close'] as const;
export const CopilotSummaryDto = z.object({
  id: z.number(),
  ticketId: z.number(),
  reason: z.enum(COPILOT_SUMMARY_REASONS),
  summary: z.string(),
  userId: z.number().nullable(),
  ...stamps,
});
export type CopilotSummaryDto = z.infer<typeof CopilotSummaryDto>;
export const CopilotSummariesResponse = z.array(CopilotSummaryDto);

// ---- Translation (§4) and transcripts (§5); decisions 0440–0441 ----

/**
 * A text the copilot keeps beside a message, made once by a job: `translation` (the customer's
 * words in the agents' language), `original` (what the agent wrote before it went out translated),
 * `transcript` (a voice note's words).
 */
export const CopilotMessageTextDto = z.object({
  messageId: z.number(),
  ticketId: z.number(),
  kind: z.enum(['translation', 'original', 'transcript']),
  language: z.string(),
  text: z.string(),
});
export type CopilotMessageTextDto = z.infer<typeof CopilotMessageTextDto>;

/** `GET /tickets/:id/copilot/translation`: the ticket's customer language, whether it is translated, and the texts kept beside its messages. */
export const CopilotTicketTextsDto = z.object({
  /** '' while not detected. */
  language: z.string(),
  agentLanguage: z.string(),
  /** The company translates and this ticket was not turned off. */
  translate: z.boolean(),
  /** The agent's words go out translated: translating, and the customer's language is known and not the agents'. */
  outgoing: z.boolean(),
  texts: z.array(CopilotMessageTextDto),
});
export type CopilotTicketTextsDto = z.infer<typeof CopilotTicketTextsDto>;

/** `PUT /tickets/:id/copilot/translation` (whoever sees the ticket): this ticket translated or not. */
export const UpdateTicketTranslationBody = z.object({ translate: z.boolean() });
export type UpdateTicketTranslationBody = z.infer<typeof UpdateTicketTranslationBody>;

/** `POST /tickets/:id/copilot/translated-message`: the agent's text, sent in the customer's language, the original kept. */
export const SendTranslatedBody = z.object({
  body: z.string().max(4_000).refine((s) => s.trim().length > 0, { message: 'empty message' }),
  clientId: z.uuid().optional(),
});
export type SendTranslatedBody = z.infer<typeof SendTranslatedBody>;
