import { PUBLIC_PLATFORM_SETTINGS } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import * as repo from './companies.repository';

export type PublicSettingKey = keyof typeof PUBLIC_PLATFORM_SETTINGS;

export const createSettingsService = (data: DataAccess) => ({
  /** The caller's company's settings (every profile reads them: the client gates screens on them). */
  list: (ctx: Ctx): Promise<{ key: string; value: string }[]> => data.withTenant(ctx, ({ tx }) => repo.settingsOf(tx, ctx.companyId)),

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
