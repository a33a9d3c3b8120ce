import { PlansTab as PlansPane } from '../../plans';
import type { SettingsTab } from './types';

/** The super user's 'Planos' (administration.md §6): the plans feature's table and form. */
export const plansTab: SettingsTab = {
  key: 'plans',
  label: (t) => t('plans.title'),
  visible: (ctx) => ctx.isSuper,
  Component: () => <PlansPane />,
};
