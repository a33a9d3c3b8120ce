// The company's door: its plan's flags, read by the shell, the menu and the gated features.
export { useCompany } from './company.store';
export type { PlanFlags } from './company.api';
