// Billing's door (issue 14 §7–8): its pages. app/router loads BillingGate itself, lazily, around the shell.
export { billingRoutes } from './billing.routes';
