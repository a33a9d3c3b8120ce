import { z } from 'zod';
import { dbId, MAX_DB_ID, pageOf, SearchPageQuery, stamps } from './common';

/**
 * AI prompts (administration.md §3 "Prompt", §4 /prompts; server-behaviour §6) plus a base URL and
 * a model: any OpenAI-compatible endpoint per company. Keys are sealed at rest and come back only
 * as a masked tail (`sk-…abcd`) with a `configured` flag; sending the masked value back (or
 * leaving it out) keeps the stored key.
 */
export const PROMPT_VOICES = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;
export type PromptVoice = (typeof PROMPT_VOICES)[number];

/** Defaults of the spec (administration.md §8) and of this product (decision 0190). */
export const PROMPT_DEFAULTS = {
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  voice: 'texto' as PromptVoice,
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-4o-mini',
  redactPii: true,
} as const;

/** The spec's prompt validation texts (administration.md §5). */
export const promptMsg = {
  tooShort: 'Muito curto!',
  tooLong: 'Muito longo!',
  required: 'Obrigatório',
  describe: 'Descreva o treinamento para Inteligência Artificial',
  queue: 'Informe o setor',
} as const;

export const PromptDto = z.object({
  id: z.number(),
  name: z.string(),
  prompt: z.string(),
  /** The key's masked tail (`sk-…abcd`), '' when none is stored. */
  apiKey: z.string(),
  apiKeyConfigured: z.boolean(),
  baseUrl: z.string(),
  model: z.string(),
  voice: z.string(),
  voiceKey: z.string(),
  voiceKeyConfigured: z.boolean(),
  voiceRegion: z.string(),
  maxTokens: z.number(),
  temperature: z.number(),
  maxMessages: z.number(),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string() }).nullable(),
  redactPii: z.boolean(),
  companyId: z.number(),
  ...stamps,
});
export type PromptDto = z.infer<typeof PromptDto>;

const promptName = z.string({ error: promptMsg.required }).trim().min(1, promptMsg.required).min(5, promptMsg.tooShort).max(100, promptMsg.tooLong);
const promptText = z.string({ error: promptMsg.required }).trim().min(50, promptMsg.describe).max(20_000, promptMsg.tooLong);
/** http(s) only: the server calls it. */
const baseUrl = z
  .string()
  .trim()
  .max(500)
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), 'invalid URL');
const secret = z.string().trim().max(500);
const num = (min: number, max: number, int = true) => z.coerce.number().refine((n) => Number.isFinite(n) && n >= min && n <= max && (!int || Number.isInteger(n)), `${min}–${max}`);

const fields = {
  name: promptName,
  prompt: promptText,
  apiKey: secret,
  baseUrl,
  model: z.string().trim().max(100),
  voice: z.enum(PROMPT_VOICES),
  voiceKey: secret,
  voiceRegion: z.string().trim().max(60).regex(/^[a-z0-9-]*$/i, 'invalid region'),
  maxTokens: num(1, 32_000),
  temperature: num(0, 2, false),
  maxMessages: num(1, 50),
  redactPii: z.boolean(),
};

/** `POST /prompt`: a queue is required (the spec's 'Informe o setor'). */
export const CreatePromptBody = z.object({
  name: fields.name,
  prompt: fields.prompt,
  apiKey: fields.apiKey.default(''),
  baseUrl: fields.baseUrl.default(''),
  model: fields.model.default(''),
  voice: fields.voice.default(PROMPT_DEFAULTS.voice),
  voiceKey: fields.voiceKey.default(''),
  voiceRegion: fields.voiceRegion.default(''),
  maxTokens: fields.maxTokens.default(PROMPT_DEFAULTS.maxTokens),
  temperature: fields.temperature.default(PROMPT_DEFAULTS.temperature),
  maxMessages: fields.maxMessages.default(PROMPT_DEFAULTS.maxMessages),
  queueId: z.number({ error: promptMsg.queue }).int().positive().max(MAX_DB_ID),
  redactPii: fields.redactPii.default(PROMPT_DEFAULTS.redactPii),
});
export type CreatePromptBody = z.infer<typeof CreatePromptBody>;

/** `PUT /prompt/:id`: any of the fields. A key left out, or sent back masked, stays as stored. */
export const UpdatePromptBody = z.object({
  name: fields.name.optional(),
  prompt: fields.prompt.optional(),
  apiKey: fields.apiKey.optional(),
  baseUrl: fields.baseUrl.optional(),
  model: fields.model.optional(),
  voice: fields.voice.optional(),
  voiceKey: fields.voiceKey.optional(),
  voiceRegion: fields.voiceRegion.optional(),
  maxTokens: fields.maxTokens.optional(),
  temperature: fields.temperature.optional(),
  maxMessages: fields.maxMessages.optional(),
  queueId: dbId.optional(),
  redactPii: fields.redactPii.optional(),
});
export type UpdatePromptBody = z.infer<typeof UpdatePromptBody>;

export const ListPromptsQuery = SearchPageQuery;
export const ListPromptsResponse = pageOf('prompts', PromptDto);
export type ListPromptsResponse = z.infer<typeof ListPromptsResponse>;

/** A stored secret's masked form: its first 3 and last 4 characters (`sk-…abcd`), or '' when unset. */
export const maskSecret = (s: string): string => (s === '' ? '' : s.length <= 8 ? '…' + s.slice(-2) : `${s.slice(0, 3)}…${s.slice(-4)}`);
/** Whether a value sent back is the masked form (the client did not type a new key). */
export const isMaskedSecret = (s: string): boolean => s.includes('…');
