import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PlanFlag } from '@balcao/shared';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { hasCampaignsFlag } from '../auth';
import { useCompany } from '../company';
import { toast } from '../../lib/toast';

/** administration.md §6: the toast stays while the page waits this long before going to /. */
export const PLAN_DENIED_REDIRECT_MS = 1000;

/**
 * A page of a gated feature (administration.md §6 Plan gates): when the company's plan lacks the
 * flag, the spec's toast and, after 1 s, the dashboard. Campaign pages also open with the local
 * campaigns flag set at login. The server refuses the feature's routes anyway (403).
 */
export const RequirePlan = ({ flag, children }: { flag: PlanFlag; children: ReactNode }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ready = useCompany((s) => s.ready);
  const enabled = useCompany((s) => s.flags[flag]) || (flag === 'useCampaigns' && hasCampaignsFlag());
  const denied = ready && !enabled;

  useEffect(() => {
    if (!denied) return;
    toast.error(t('plans.denied'));
    const timer = setTimeout(() => navigate('/', { replace: true }), PLAN_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [denied, navigate, t]);

  if (denied) return <div data-testid="plan-denied" />;
  if (!ready) return <FullPageSpinner />;
  return children;
};
