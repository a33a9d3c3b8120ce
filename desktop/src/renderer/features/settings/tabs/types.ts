import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { SettingsMap } from '../settings.logic';

/** What decides whether a tab shows: the caller and the company's settings. */
export interface SettingsTabContext {
  isAdmin: boolean;
  isSuper: boolean;
  companyId: number;
  settings: SettingsMap;
}

/** One tab of /settings. Each lives in its own file under tabs/ and is listed in tabs/index.ts. */
export interface SettingsTab {
  key: string;
  label: (t: TFunction) => string;
  visible: (ctx: SettingsTabContext) => boolean;
  Component: ComponentType<{ ctx: SettingsTabContext }>;
}
