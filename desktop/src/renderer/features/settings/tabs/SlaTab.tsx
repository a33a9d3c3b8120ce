import { SlaSettingsPane } from '../../sla';
import type { SettingsTab } from './types';

/** 'SLA' (issue 30 §3): the company's default targets, business hours and holidays (admins). */
export const slaTab: SettingsTab = {
  key: 'sla',
  label: (t) => t('sla.tab'),
  visible: (ctx) => ctx.isAdmin,
  Component: SlaSettingsPane,
};
