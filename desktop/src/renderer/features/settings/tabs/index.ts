import { auditTab } from './AuditTab';
import { optionsTab } from './OptionsTab';
import { plansTab } from './PlansTab';
import { companiesTab, helpsTab, logoTab, newCompanyTab } from './SaasAdminTabs';
import { schedulesTab } from './SchedulesTab';
import { slaTab } from './SlaTab';
import type { SettingsTab } from './types';
import { webhooksTab } from './WebhooksTab';

export type { SettingsTab, SettingsTabContext } from './types';

/**
 * The tabs of /settings in order (administration.md §2: 'Opções', 'Horários', then the super
 * user's). A new tab is a file under tabs/ and one line here.
 */
export const settingsTabs: SettingsTab[] = [optionsTab, schedulesTab, slaTab, logoTab, companiesTab, newCompanyTab, plansTab, helpsTab, auditTab, webhooksTab];
