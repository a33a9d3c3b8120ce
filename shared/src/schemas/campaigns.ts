import { z } from 'zod';
import { dbId, looseBool, msg, name2to50, pageNumber, pageOf, stamps } from './common';
import { TemplateSend } from './whatsapp-templates';

/**
 * Campaigns (administration.md "Campaign", §4 states, §9 constants; server-behaviour §8). The
 * statuses, the editability rule and the settings' options live here so the server and the
 * renderer decide alike.
 */
export const campaignStatuses = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** The spec's editable window: PROGRAMADA is editable only while scheduled more than one hour ahead. */
export const CAMPAIGN_EDIT_WINDOW_MS = 60 * 60 * 1000;
/** Up to 5 message variants and 5 confirmation variants (administration.md §9). */
export const CAMPAIGN_VARIANTS = 5;
export const CAMPAIGN_MESSAGE_MAX = 4096;

/**
 * Editable (administration.md §4): INATIVA, or PROGRAMADA scheduled more than one hour ahead;
 * CANCELADA still allows saving. Everything else is read-only.
 */
export const isCampaignEditable = (c: { status: string; scheduledAt: string | null }, now: number = Date.now()): boolean => {
  if (c.status === 'INATIVA' || c.status === 'CANCELADA') return true;
  if (c.status !== 'PROGRAMADA' || !c.scheduledAt) return false;
  return new Date(c.scheduledAt).getTime() - now > CAMPAIGN_EDIT_WINDOW_MS;
};

/** The report's counters (decision 0233): what the ledger says about each number. */
export const CampaignReport = z.object({
  /** Numbers in the audience (one ledger row each). */
  planned: z.number(),
  /** Main messages handed to the connection (sent, delivered or read). */
  sent: z.number(),
  confirmationRequested: z.number(),
  confirmed: z.number(),
  delivered: z.number(),
  read: z.number(),
  failed: z.number(),
  skippedInvalid: z.number(),
  skippedOptOut: z.number(),
  /** Held back by the number-health gate right now, and those same rows by reason (rate, daily-cap, warm-up). */
  held: z.number(),
  holds: z.record(z.string(), z.number()),
  /** Numbers the gate held at some point and let go since (sent, failed or skipped later), and by reason. */
  delayed: z.number(),
  delays: z.record(z.string(), z.number()),
  /** Numbers whose outcome is final (sent or beyond, failed, skipped): the progress bar. */
  done: z.number(),
});
export type CampaignReport = z.infer<typeof CampaignReport>;

const ref = z.object({ id: z.number(), name: z.string() }).nullable();

export const CampaignDto = z.object({
  id: z.number(),
  name: z.string(),
  message1: z.string(),
  message2: z.string(),
  message3: z.string(),
  message4: z.string(),
  message5: z.string(),
  confirmationMessage1: z.string(),
  confirmationMessage2: z.string(),
  confirmationMessage3: z.string(),
  confirmationMessage4: z.string(),
  confirmationMessage5: z.string(),
  status: z.enum(campaignStatuses),
  confirmation: z.boolean(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  whatsappId: z.number().nullable(),
  whatsapp: ref,
  contactListId: z.number().nullable(),
  contactList: ref,
  tagListId: z.number().nullable(),
  tag: ref,
  fileListId: z.number().nullable(),
  fileList: ref,
  companyId: z.number(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** On a Cloud API connection: the template the first message is (decision 0451); its variables are campaign texts. */
  template: TemplateSend.nullable(),
  ...stamps,
  /** The ledger's counters (the list and the report; decision 0233). */
  report: CampaignReport,
});
export type CampaignDto = z.infer<typeof CampaignDto>;

export const ListCampaignsQuery = z.object({
  searchParam: z.string().max(200).optional(),
  pageNumber,
});
export type ListCampaignsQuery = z.infer<typeof ListCampaignsQuery>;

export const ListCampaignsResponse = pageOf('records', CampaignDto);
export type ListCampaignsResponse = z.infer<typeof ListCampaignsResponse>;

/** An optional reference as forms send it: an id, or none as null, '', false or the spec's 'Nenhuma'. */
const optionalRef = z.union([dbId, z.null(), z.literal(false), z.literal(''), z.literal('Nenhuma')]).transform((v) => (typeof v === 'number' ? v : null));
const variant = z.string().max(CAMPAIGN_MESSAGE_MAX, msg.tooLong).nullish().transform((v) => v ?? '');
/**
 * An ISO instant, or none (null / ''). The spec's client sends its datetime-local input's value
 * ("2026-11-25T14:30", no offset): the server reads it in the company's time zone (decision 0277; was the server's, 0234).
 */
const optionalInstant = z
  .union([z.iso.datetime({ offset: true }), z.iso.datetime({ local: true }), z.null(), z.literal('')])
  .transform((v) => v || null);

export const CampaignBody = z.object({
  name: name2to50,
  message1: variant,
  message2: variant,
  message3: variant,
  message4: variant,
  message5: variant,
  confirmationMessage1: variant,
  confirmationMessage2: variant,
  confirmationMessage3: variant,
  confirmationMessage4: variant,
  confirmationMessage5: variant,
  confirmation: looseBool.optional().default(false),
  scheduledAt: optionalInstant.optional().default(null),
  whatsappId: optionalRef.optional().default(null),
  contactListId: optionalRef.optional().default(null),
  tagListId: optionalRef.optional().default(null),
  fileListId: optionalRef.optional().default(null),
  /**
   * Required on a Cloud API connection, refused on another (decision 0451): the approved template
   * sent as the campaign's first message (the confirmation request with `confirmation`, else the
   * message itself). Each variable is a campaign text: `{nome}`, `{email}`, `{numero}` and the
   * company's variables are filled per contact.
   */
  template: TemplateSend.nullish().transform((t) => t ?? null),
});
export type CampaignBody = z.infer<typeof CampaignBody>;

/** messageInterval options (seconds) and the other two's (administration.md §9). */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const CAMPAIGN_SETTINGS_DEFAULTS = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 } as const;

const oneOf = (options: readonly number[]) =>
  z.coerce.number().refine((n) => options.includes(n), { message: `one of ${options.join(', ')}` });

export const CampaignVariable = z.object({
  key: z.string().trim().min(1, msg.required).max(40, msg.tooLong).regex(/^[\p{L}\p{N}_-]+$/u, 'letters, digits, _ or -'),
  value: z.string().max(1000, msg.tooLong),
});
export type CampaignVariable = z.infer<typeof CampaignVariable>;

export const CampaignSettingsDto = z.object({
  messageInterval: z.number(),
  longerIntervalAfter: z.number(),
  greaterInterval: z.number(),
  variables: z.array(CampaignVariable),
});
export type CampaignSettingsDto = z.infer<typeof CampaignSettingsDto>;

/**
 * `GET /campaign-settings` as the spec's client reads it (pages/CampaignsConfig): rows of
 * `{ key, value }`, each value JSON text it parses (`"20"`, `"[{\"key\":…}]"`); decision 0276.
 */
export const CampaignSettingRows = z.array(z.object({ key: z.string(), value: z.string() }));
export type CampaignSettingRows = z.infer<typeof CampaignSettingRows>;

const settingKeys = ['messageInterval', 'longerIntervalAfter', 'greaterInterval', 'variables'] as const;

export const campaignSettingsToRows = (s: CampaignSettingsDto): CampaignSettingRows => settingKeys.map((key) => ({ key, value: JSON.stringify(s[key]) }));

/** The rows back into the settings (our own screens), each missing or unreadable value as given in `fallback`. */
export const campaignSettingsFromRows = (rows: CampaignSettingRows, fallback: CampaignSettingsDto): CampaignSettingsDto => {
  const out: CampaignSettingsDto = { ...fallback, variables: [...fallback.variables] };
  for (const { key, value } of rows) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      continue;
    }
    if (key === 'variables') {
      const vs = z.array(CampaignVariable).safeParse(parsed);
      if (vs.success) out.variables = vs.data;
    } else if ((settingKeys as readonly string[]).includes(key) && typeof parsed === 'number') out[key as Exclude<(typeof settingKeys)[number], 'variables'>] = parsed;
  }
  return out;
};

/** `POST /campaign-settings` `{ settings }`: any of the fields; variables replace the whole list, keys unique. */
export const SaveCampaignSettingsBody = z.object({
  settings: z.object({
    messageInterval: oneOf(MESSAGE_INTERVAL_OPTIONS).optional(),
    longerIntervalAfter: oneOf(LONGER_INTERVAL_OPTIONS).optional(),
    greaterInterval: oneOf(LONGER_INTERVAL_OPTIONS).optional(),
    variables: z
      .array(CampaignVariable)
      .max(100)
      .refine((vs) => new Set(vs.map((v) => v.key)).size === vs.length, { message: 'duplicated key' })
      .optional(),
  }),
});
export type SaveCampaignSettingsBody = z.infer<typeof SaveCampaignSettingsBody>;
