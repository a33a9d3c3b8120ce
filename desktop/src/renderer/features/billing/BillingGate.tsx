import type { ReactNode } from 'react';
import { useBillingOnly } from './billing-session';
import { BillingOnlyShell } from './BillingOnlyShell';

/** The private routes' frame: an overdue company's billing-only session gets the reduced shell (decision 0280). */
export const BillingGate = ({ children }: { children: ReactNode }) => (useBillingOnly() ? <BillingOnlyShell /> : children);
