import {
  can,
  CSAT_TEMPLATE_LANGUAGE,
  CSAT_TEMPLATE_NAME,
  DEFAULT_COMPANY_SETTINGS,
  INTEGRATION_SETTING_KEYS,
  isTimeZone,
  PLATFORM_SETTINGS,
  PUBLIC_PLATFORM_SETTINGS,
  SETTING_CHOICES,
  TIMEZONE_SETTING,
  type CompanyScheduleDay,
  type CompanyWithSchedulesDto,
  type SettingDto,
  type UpdateCompanySchedulesBody,
} from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Ctx, DataAccess, Unit } from '../../db/tenant';
import { AppError, found } from '../../infra/errors';
import { isLanguage, LANGUAGE_SETTING } from '../../infra/texts';
import { auditQueries } from '../audit';
import * as repo from './companies.repository';

type Kind = 'company' | 'secret' | 'platform' | 'timezone';

const SECRETS: ReadonlySet<string> = new Set(INTEGRATION_SETTING_KEYS);

/** Which store a key lives in, or an AppError: unknown keys are refused (server-behaviour §1). */
const kindOf = (key: string): Kind => {
  if (Object.hasOwn(DEFAULT_COMPANY_SETTINGS, key) || key === LANGUAGE_SETTING) return 'company';
  if (SECRETS.has(key)) return 'secret';
  if (Object.hasOwn(PLATFORM_SETTINGS, key)) return 'platform';
  if (key === TIMEZONE_SETTING) return 'timezone';
  throw new AppError('ERR_NO_SETTING_FOUND', `unknown setting: ${key}`);
};

/** The value a known setting may take (its choices, a language, an IANA zone), or a 400. */
const checked = (key: string, value: string): string => {
  const choices = SETTING_CHOICES[key];
  if (choices && !choices.includes(value)) throw new AppError('ERR_VALIDATION', `${key} must be one of: ${choices.join(', ')}`);
  if (key === LANGUAGE_SETTING && !isLanguage(value)) throw new AppError('ERR_VALIDATION', 'unknown language');
  if (key === TIMEZONE_SETTING && !isTimeZone(value)) throw new AppError('ERR_VALIDATION', 'invalid IANA time zone');
  if (key === 'csatTemplate' && !CSAT_TEMPLATE_NAME.test(value)) throw new AppError('ERR_VALIDATION', 'a template name: lower-case letters, digits and _');
  if (key === 'csatTemplateLanguage' && !CSAT_TEMPLATE_LANGUAGE.test(value)) throw new AppError('ERR_VALIDATION', 'a language code like pt_BR');
  return value;
};

/** What the API says of a setting: an integration key's value never leaves the server (decision 0120). */
const shown = (key: string, value: string): SettingDto => (SECRETS.has(key) ? { key, value: '', configured: value !== '' } : { key, value });

const mustCompany = async (tx: Tx, id: number) => {
  const company = found(await repo.get(tx, id), 'ERR_NO_COMPANY_FOUND');
  return company;
};

// Hours are stored only through UpdateCompanySchedulesBody, so weekdayEn is one of the seven names.
const hoursOf = (c: repo.CompanyRow) => c.schedules as CompanyScheduleDay[];
const withSchedules = (c: repo.CompanyRow): CompanyWithSchedulesDto => ({ ...repo.toCompanyDto(c), schedules: hoursOf(c) });

export type PublicSettingKey = keyof typeof PUBLIC_PLATFORM_SETTINGS;

export const createSettingsService = (data: DataAccess) => {
  /** Writes one setting where it lives, records it in the audit trail and stages the event. */
  const write = async ({ tx, stage }: Unit, ctx: Ctx, kind: Kind, key: string, value: string): Promise<SettingDto> => {
    const owner = kind === 'platform' ? ((await repo.platform(tx))?.id ?? ctx.companyId) : ctx.companyId;
    let before: string;
    if (kind === 'timezone') {
      before = (await mustCompany(tx, owner)).timezone;
      await repo.setSetup(tx, owner, { timezone: value });
    } else {
      before = (await repo.getSetting(tx, owner, key)) ?? (kind === 'platform' ? PLATFORM_SETTINGS[key as keyof typeof PLATFORM_SETTINGS] : (DEFAULT_COMPANY_SETTINGS[key] ?? ''));
      await repo.putSetting(tx, owner, key, value);
    }
    await auditQueries.record(tx, ctx, { entity: 'setting', entityId: key, action: 'update', before: { [key]: before }, after: { [key]: value }, secret: SECRETS.has(key), companyId: owner });
    const setting = shown(key, value);
    stage({ type: 'setting.updated', companyId: owner, setting });
    return setting;
  };

  return {
    /**
     * The caller's company's settings, every default present, plus its timezone (every profile
     * reads them: the client gates screens on them). Super users also get the platform's settings.
     */
    list: async (ctx: Ctx): Promise<SettingDto[]> => {
      const own = await data.withTenant(ctx, async ({ tx }) => {
        const rows = (await repo.settingsOf(tx, ctx.companyId)).filter((s) => !Object.hasOwn(PLATFORM_SETTINGS, s.key));
        const missing = INTEGRATION_SETTING_KEYS.filter((k) => !rows.some((s) => s.key === k)).map((key) => ({ key, value: '' }));
        const company = await mustCompany(tx, ctx.companyId);
        return [...rows, ...missing].map((s) => shown(s.key, s.value)).concat({ key: TIMEZONE_SETTING, value: company.timezone });
      });
      if (!can(ctx, 'settings:platform')) return own;
      const platform = await data.withSystem('companies:super', async ({ tx }) => {
        const p = await repo.platform(tx);
        return Promise.all(Object.entries(PLATFORM_SETTINGS).map(async ([key, def]) => ({ key, value: (p && (await repo.getSetting(tx, p.id, key))) || def })));
      });
      return [...own, ...platform];
    },

    /**
     * Changes one setting: the company's (admins; decision 0085), its timezone (decision 0121), or an
     * integration key or platform setting (super users only, administration.md §6).
     */
    update: (ctx: Ctx, key: string, value: string): Promise<SettingDto> => {
      const kind = kindOf(key);
      const permission = kind === 'secret' || kind === 'platform' ? 'settings:platform' : 'settings:update';
      if (!can(ctx, permission)) throw new AppError('ERR_NO_PERMISSION');
      const v = checked(key, value);
      // The companies row and the platform's settings are written by the system (RLS); the key is the caller's own company or the platform.
      if (kind === 'timezone') return data.withSystem('companies:setup', (unit) => write(unit, ctx, kind, key, v));
      if (kind === 'platform') return data.withSystem('companies:super', (unit) => write(unit, ctx, kind, key, v));
      return data.withTenant(ctx, (unit) => write(unit, ctx, kind, key, v));
    },

    /** A company with its working hours: one's own (any profile), or any for the super user. */
    company: (ctx: Ctx, companyId: number): Promise<CompanyWithSchedulesDto> => {
      if (companyId !== ctx.companyId && !can(ctx, 'companies:manage')) throw new AppError('ERR_NO_COMPANY_FOUND');
      const run = async ({ tx }: Unit) => withSchedules(await mustCompany(tx, companyId));
      return companyId === ctx.companyId ? data.withTenant(ctx, run) : data.withSystem('companies:super', run);
    },

    /** PUT /companies/:id/schedules: the company's working hours (its admins, or the super user). */
    setSchedules: (ctx: Ctx, companyId: number, body: UpdateCompanySchedulesBody): Promise<CompanyWithSchedulesDto> => {
      const own = companyId === ctx.companyId;
      if (!own && !can(ctx, 'companies:manage')) throw new AppError('ERR_NO_COMPANY_FOUND');
      if (own && !can(ctx, 'settings:update')) throw new AppError('ERR_NO_PERMISSION');
      return data.withSystem(own ? 'companies:setup' : 'companies:super', async ({ tx, stage }) => {
        const before = await mustCompany(tx, companyId);
        const after = (await repo.setSetup(tx, companyId, { schedules: body.schedules }))!;
        await auditQueries.record(tx, ctx, { entity: 'company', entityId: companyId, action: 'update', before: { schedules: before.schedules }, after: { schedules: after.schedules }, companyId });
        stage({ type: 'company.schedulesUpdated', companyId, schedules: hoursOf(after) });
        return withSchedules(after);
      });
    },

    /**
     * A platform setting anyone may read before logging in (only the keys PUBLIC_PLATFORM_SETTINGS
     * names): read from the platform company across RLS, for one row, under its own reason.
     */
    publicValue: (key: PublicSettingKey): Promise<{ value: string }> =>
      data.withSystem('settings:public', async ({ tx }) => {
        const platform = await repo.platform(tx);
        const stored = platform ? await repo.getSetting(tx, platform.id, key) : undefined;
        return { value: stored ?? PUBLIC_PLATFORM_SETTINGS[key] };
      }),
  };
};

export type SettingsService = ReturnType<typeof createSettingsService>;
