// Plans' door: the gate of a plan's pages, the price's format, the plans' API and the super user's Planos tab.
export { RequirePlan } from './RequirePlan';
export { formatPlanValue } from './plans.logic';
export { plansApi } from './plans.api';
export { PlansTab } from './PlansTab';
