import { can, DEFAULT_COMPANY_SETTINGS, PUBLIC_PLATFORM_SETTINGS } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import { isLanguage, LANGUAGE_SETTING } from '../../infra/texts';
import * as repo from './companies.repository';

const SWITCHES = new Set(['enabled', 'disabled']);
/** Settings with values of their own (administration.md §3): working hours per queue, per company, or none. */
const CHOICES: Record<string, ReadonlySet<string>> = { scheduleType: new Set(['disabled', 'queue', 'company']) };

/**
 * The value a known setting may take, or an AppError: unknown keys are refused (server-behaviour
 * §1); on/off settings take 'enabled' or 'disabled', the language one of the server's languages.
 */
const checked = (key: string, value: string): string => {
  const isKnown = Object.hasOwn(DEFAULT_COMPANY_SETTINGS, key) || key === LANGUAGE_SETTING;
  if (!isKnown) throw new AppError('ERR_NO_SETTING_FOUND', `unknown setting: ${key}`);
  if (key === LANGUAGE_SETTING && !isLanguage(value)) throw new AppError('ERR_VALIDATION', 'unknown language');
  const choices = CHOICES[key];
  if (choices) {
    if (!choices.has(value)) throw new AppError('ERR_VALIDATION', `value must be one of ${[...choices].join(', ')}`);
    return value;
  }
  const def = DEFAULT_COMPANY_SETTINGS[key];
  if (def !== undefined && SWITCHES.has(def) && !SWITCHES.has(value)) throw new AppError('ERR_VALIDATION', "value must be 'enabled' or 'disabled'");
  return value;
};

export type PublicSettingKey = keyof typeof PUBLIC_PLATFORM_SETTINGS;

export const createSettingsService = (data: DataAccess) => ({
  /** The caller's company's settings (every profile reads them: the client gates screens on them). */
  list: (ctx: Ctx): Promise<{ key: string; value: string }[]> => data.withTenant(ctx, ({ tx }) => repo.settingsOf(tx, ctx.companyId)),

  /** Changes one of the company's settings (admins; decision 0085). */
  update: (ctx: Ctx, key: string, value: string): Promise<{ key: string; value: string }> => {
    if (!can(ctx, 'settings:update')) throw new AppError('ERR_NO_PERMISSION');
    const v = checked(key, value);
    return data.withTenant(ctx, ({ tx }) => repo.putSetting(tx, ctx.companyId, key, v));
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
});

export type SettingsService = ReturnType<typeof createSettingsService>;
