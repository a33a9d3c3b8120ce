import type { PlanDto } from '@balcao/shared';

/** The plan's switches in the form's order (administration.md §7 Plan), every one on by default. */
export const PLAN_SWITCHES = ['useCampaigns', 'useSchedules', 'useInternalChat', 'useExternalApi', 'useKanban', 'useOpenAi', 'useIntegrations', 'useInternal', 'useCopilot'] as const;
export type PlanSwitch = (typeof PLAN_SWITCHES)[number];

export type PlanFormValues = Pick<PlanDto, 'name' | 'users' | 'connections' | 'queues' | 'value' | PlanSwitch | 'signup'> & {
  /** Cloud API template sends per company and month (issue 29 §7); empty (null): no cap. */
  templateSendsPerMonth: number | null;
  /** The copilot's tokens per company and month (issue 32 §7; decision 0442); empty (null): no cap, sent as 0. */
  copilotTokenCap: number | null;
};

/** A new plan's form: the entity's defaults. */
export const emptyPlan = (): PlanFormValues => ({
  name: '',
  users: 10,
  connections: 10,
  queues: 10,
  value: 0,
  ...(Object.fromEntries(PLAN_SWITCHES.map((f) => [f, true])) as Record<PlanSwitch, boolean>),
  signup: true,
  templateSendsPerMonth: null,
  copilotTokenCap: null,
});

/** R$ 1.234,50 — the spec's currency label with Brazilian digits, whatever the UI language. */
export const formatPlanValue = (value: number): string =>
  `R$ ${value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
