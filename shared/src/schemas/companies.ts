import { z } from 'zod';
import { email, msg, name2to50, dbId } from './common';
import { CompanyDto, PlanDto } from './dtos';
import { weekdaysEn } from './queues';

export const recurrences = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;

/** Super user: a company with its first admin (POST /companies; the Cadastrar Empresa tab). */
export const CreateCompanyBody = z.object({
  name: name2to50,
  email: z.union([z.literal(''), email]).default(''),
  phone: z.string().trim().max(20).default(''),
  planId: dbId.optional(),
  dueDate: z.union([z.literal(''), z.string().date()]).nullable().optional(),
  recurrence: z.enum(recurrences).default('MENSAL'),
  timezone: z
    .string()
    .max(64)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'invalid IANA time zone')
    .optional(),
  /** Active or not (the Empresas tab's status); default active. */
  status: z.boolean().default(true),
  /** The company's campaigns switch (setting `campaignsEnabled`), as the spec's form sends it. */
  campaignsEnabled: z.boolean().optional(),
  admin: z
    .object({
      name: name2to50,
      email,
      password: z.string({ error: msg.required }).min(5, msg.tooShort).max(50, msg.tooLong),
    })
    .optional(),
  /**
   * The spec's Cadastrar Empresa form has no admin block: its e-mail and a password make the first
   * admin (decision 0271). One of `admin` or `email` + `password` is required: no default password.
   */
  password: z.string().min(5, msg.tooShort).max(50, msg.tooLong).optional(),
}).refine((b) => b.admin || (b.email && b.password), { message: msg.required, path: ['password'] });
export type CreateCompanyBody = z.infer<typeof CreateCompanyBody>;

/** POST /companies: the company and its first admin's id. */
export const CreatedCompanyDto = CompanyDto.extend({ adminUserId: z.number() });

/**
 * GET /companies/listPlan/:id: the company with its plan nested, as the spec's client reads it
 * (`data.plan.useCampaigns` on every page; a flat plan made it throw).
 */
export const CompanyPlanDto = z.object({ id: z.number(), name: z.string(), planId: z.number(), dueDate: z.string(), plan: PlanDto });
export type CompanyPlanDto = z.infer<typeof CompanyPlanDto>;

/**
 * GET /settings: the company's settings as the spec's client reads them (`find(s => s.key === …)`).
 * Integration keys come with value '' and `configured` (write-only; decision 0120).
 */
export const SettingDto = z.object({ key: z.string(), value: z.string(), configured: z.boolean().optional() });
export type SettingDto = z.infer<typeof SettingDto>;
export const SettingsResponse = z.array(SettingDto);

/** PUT /settings/:key: one of the company's known settings (DEFAULT_COMPANY_SETTINGS' keys and `language`). */
export const SettingKeyParam = z.object({ key: z.string().min(1).max(60) });
export const UpdateSettingBody = z.object({ value: z.string().trim().min(1).max(500) });
export type UpdateSettingBody = z.infer<typeof UpdateSettingBody>;

/** GET /settings/viewregister (public): whether the login page links to signup. */
export const SettingValueResponse = z.object({ value: z.string() });

/** `##:##` (administration.md §5), or '' for a day without hours. */
const hhmm = z.union([z.literal(''), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM')]);

/** One day of the company's working hours (administration.md §3 Company.schedules). */
export const CompanyScheduleDay = z.object({
  weekday: z.string().trim().max(30),
  weekdayEn: z.enum(weekdaysEn),
  startTime: hhmm,
  endTime: hhmm,
});
export type CompanyScheduleDay = z.infer<typeof CompanyScheduleDay>;

/** PUT /companies/:id/schedules: `{ id, schedules }` as the spec's client sends it (the id in the path decides). */
export const UpdateCompanySchedulesBody = z.object({
  id: z.coerce.number().int().optional(),
  schedules: z
    .array(CompanyScheduleDay)
    .max(7)
    .refine((days) => new Set(days.map((d) => d.weekdayEn)).size === days.length, 'one row per weekday'),
});
export type UpdateCompanySchedulesBody = z.infer<typeof UpdateCompanySchedulesBody>;

/** GET /companies/:id and PUT /companies/:id/schedules: the company with its working hours. */
export const CompanyWithSchedulesDto = CompanyDto.extend({ schedules: z.array(CompanyScheduleDay) });
export type CompanyWithSchedulesDto = z.infer<typeof CompanyWithSchedulesDto>;

/**
 * PUT /companies/:id (super user; the Empresas tab's edit and its 'Vencimento' plus button):
 * only the fields sent change. A null or empty due date means "never expires" (administration.md
 * §5: an empty or invalid due date is sent as null).
 */
export const UpdateCompanyBody = z.object({
  name: name2to50.optional(),
  email: z.union([z.literal(''), email]).optional(),
  phone: z.string().trim().max(20).optional(),
  planId: dbId.optional(),
  status: z.boolean().optional(),
  dueDate: z.union([z.literal(''), z.string().date()]).nullable().optional(),
  recurrence: z.enum(recurrences).optional(),
});
export type UpdateCompanyBody = z.infer<typeof UpdateCompanyBody>;

/** DELETE /companies/:id: the spec's confirmation shape. */
export const DeletedCompanyResponse = z.object({ message: z.string() });

/** The three places a logo shows (administration.md Logo upload: login, inside, favicon). */
export const logoDestinations = ['login', 'interno', 'favicon'] as const;
export type LogoDestination = (typeof logoDestinations)[number];

/** POST /settings/media-upload?ref=…: the destination as the spec's client names it. */
export const LogoUploadQuery = z.object({ ref: z.enum(logoDestinations) });

/** The spec's client checks `mensagem === 'Arquivo Anexado'`; ours reads the new versioned address. */
export const LogoUploadResponse = z.object({ mensagem: z.string(), ref: z.enum(logoDestinations), url: z.string() });
export type LogoUploadResponse = z.infer<typeof LogoUploadResponse>;

/**
 * GET /logos (public: the login page shows one): each destination's address with its version
 * (`/public/logotipos/login.png?v=…`), so a new upload is fetched at once, never a cached old one.
 */
export const LogosResponse = z.object({ login: z.string(), interno: z.string(), favicon: z.string() });
export type LogosResponse = z.infer<typeof LogosResponse>;
