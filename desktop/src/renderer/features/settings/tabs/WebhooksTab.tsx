import { useCompany } from '../../company';
import { WebhooksPane } from '../../webhooks';
import type { SettingsTab } from './types';

/** 'Webhooks' (issue 15 §5; decision 0304): admins whose plan has the external API. */
export const webhooksTab: SettingsTab = {
  key: 'webhooks',
  label: (t) => t('webhooks.tab'),
  visible: (ctx) => ctx.isAdmin && useCompany.getState().flags.useExternalApi,
  Component: () => <WebhooksPane />,
};
