import { z } from 'zod';
import { looseBool, msg } from './common';

/**
 * Meta's message templates on a Cloud API connection (issue 29 §3; decision 0390). A template is
 * Meta's, reviewed and approved there; Balcão reads the WhatsApp Business Account's list
 * (`GET /whatsapp/:id/templates`) and sends one by name and language with its variables
 * (`POST /messages/:ticketId` with `template`). Outside the customer's 24-hour window
 * (`CUSTOMER_WINDOW_MS`) a template is the only message a Cloud number may send.
 */

/** The customer-service window: free-form messages only this long after the customer's last message. */
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60_000;

/** Header kinds Meta's templates have; media headers take a link when sent. */
export const templateHeaderFormats = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION'] as const;
export type TemplateHeaderFormat = (typeof templateHeaderFormats)[number];

/** One placeholder to fill: where it is and its name (`1`, `2`… or a named one like `order_id`). */
export const TemplateParam = z.object({ part: z.enum(['header', 'body']), name: z.string() });
export type TemplateParam = z.infer<typeof TemplateParam>;

/** A template as the picker shows it: its parts' texts with their `{{placeholders}}`, and those to fill, in order. */
export const WhatsappTemplateDto = z.object({
  name: z.string(),
  /** Meta's language code (`pt_BR`, `en_US`, `es`). */
  language: z.string(),
  /** MARKETING, UTILITY, AUTHENTICATION. */
  category: z.string(),
  /** APPROVED can be sent; PENDING, REJECTED, PAUSED, DISABLED cannot. */
  status: z.string(),
  header: z.object({ format: z.enum(templateHeaderFormats), text: z.string().optional() }).nullable(),
  body: z.string(),
  footer: z.string().nullable(),
  /** The buttons' labels (quick replies, links, calls), shown in the preview. */
  buttons: z.array(z.string()),
  /** Placeholders in the order `variables` fills them: the header's, then the body's. */
  params: z.array(TemplateParam),
  /** `NAMED` templates send each variable under its name; `POSITIONAL` ones by position. */
  parameterFormat: z.enum(['POSITIONAL', 'NAMED']),
});
export type WhatsappTemplateDto = z.infer<typeof WhatsappTemplateDto>;

export const ListTemplatesQuery = z.object({
  /** Read Meta's list again now instead of the copy of the last minutes (a template just approved). */
  refresh: looseBool.optional(),
});
export type ListTemplatesQuery = z.infer<typeof ListTemplatesQuery>;

export const ListTemplatesResponse = z.object({ templates: z.array(WhatsappTemplateDto), syncedAt: z.string() });
export type ListTemplatesResponse = z.infer<typeof ListTemplatesResponse>;

const httpsUrl = z
  .string()
  .trim()
  .max(2048, msg.tooLong)
  .regex(/^https:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/, 'an https:// URL');

/** What to send: a template by name and language, its variables in `params` order, and a media header's link. */
export const TemplateSend = z.object({
  name: z.string().trim().min(1, msg.required).max(512, msg.tooLong).regex(/^[a-z0-9_]+$/, 'lower-case letters, digits and _'),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Za-z0-9]{2,4})?$/, 'a language code like pt_BR'),
  variables: z.array(z.string().trim().min(1, msg.required).max(1024, msg.tooLong)).max(100).default([]),
  headerMediaUrl: httpsUrl.optional(),
});
export type TemplateSend = z.infer<typeof TemplateSend>;

/** POST /messages/:ticketId with a template (Cloud API connections only); `clientId` as a text send's. */
export const SendTemplateBody = z.strictObject({ template: TemplateSend, clientId: z.uuid().optional() });
export type SendTemplateBody = z.infer<typeof SendTemplateBody>;

/** POST /whatsapp/:id/test: does the access token read the number? Meta's facts, or why not. */
export const CloudTestResponse = z.object({
  ok: z.boolean(),
  /** The number as Meta shows it, its verified business name and quality rating (GREEN, YELLOW, RED). */
  displayPhoneNumber: z.string().optional(),
  verifiedName: z.string().optional(),
  qualityRating: z.string().optional(),
  /** The messaging limit the number shares (Meta's `whatsapp_business_manager_messaging_limit`, else the older per-number tier). */
  messagingLimit: z.string().optional(),
  /** Meta's error code and text when not ok. */
  errorCode: z.number().nullable().optional(),
  error: z.string().optional(),
});
export type CloudTestResponse = z.infer<typeof CloudTestResponse>;

/** The window of a Cloud ticket's customer: when it closes (null: the customer never wrote) and whether it is open now. */
export const CustomerWindow = z.object({
  open: z.boolean(),
  closesAt: z.string().nullable(),
  /** The Cloud connection whose window it is when it is not the ticket's own: the fallback carrying replies while the ticket's session is down (decision 0412). */
  whatsappId: z.number().optional(),
});
export type CustomerWindow = z.infer<typeof CustomerWindow>;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** A part's placeholders in order of first appearance (`{{1}}`, `{{order_id}}`). */
export const placeholdersOf = (text: string): string[] => [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];

/** The params of a header text and body, in the order `variables` fills them. */
export const templateParams = (headerText: string | undefined, body: string): TemplateParam[] => [
  ...placeholdersOf(headerText ?? '').map((name) => ({ part: 'header' as const, name })),
  ...placeholdersOf(body).map((name) => ({ part: 'body' as const, name })),
];

/**
 * The text a template shows on the customer's phone with `variables` filled (a missing one keeps
 * its placeholder): the header's text in bold, the body, the footer. The composer's preview and
 * the stored message are this one text.
 */
export const renderTemplate = (t: Pick<WhatsappTemplateDto, 'header' | 'body' | 'footer' | 'params'>, variables: readonly string[]): string => {
  const valueOf = (part: TemplateParam['part'], name: string) => {
    const i = t.params.findIndex((p) => p.part === part && p.name === name);
    return i >= 0 && variables[i] !== undefined && variables[i] !== '' ? variables[i]! : `{{${name}}}`;
  };
  const fill = (part: TemplateParam['part'], text: string) => text.replace(PLACEHOLDER, (_m, name: string) => valueOf(part, name));
  const header = t.header?.format === 'TEXT' && t.header.text ? `*${fill('header', t.header.text)}*` : '';
  return [header, fill('body', t.body), t.footer ?? ''].filter((s) => s.trim() !== '').join('\n\n');
};

/**
 * GET /whatsapp/:id/costs?month=YYYY-MM (issue 29 §7; decision 0410): the connection's priced
 * messages of a UTC month per Meta pricing category, and an estimate from the server's price table.
 * No month: the current one.
 */
export const CloudCostsQuery = z.strictObject({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month like 2026-11')
    .optional(),
});
export type CloudCostsQuery = z.infer<typeof CloudCostsQuery>;

export const CloudCostsResponse = z.object({
  month: z.string(),
  currency: z.string(),
  categories: z.array(z.object({ category: z.string(), count: z.number().int(), billable: z.number().int(), unitPrice: z.number(), estimatedCost: z.number() })),
  total: z.object({ count: z.number().int(), billable: z.number().int(), estimatedCost: z.number() }),
});
export type CloudCostsResponse = z.infer<typeof CloudCostsResponse>;
