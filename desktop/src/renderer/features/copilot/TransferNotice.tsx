import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CopilotSummaryDto } from '@balcao/shared';
import { cancelable } from '../../lib/cancelable';
import { copilotApi } from './copilot.api';

/** Summaries this browser's agent has dismissed: the notice is read once, not at every opening. */
const DISMISSED = 'balcao.copilot.transferNoticeDismissed';
const dismissed = (): number[] => {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(DISMISSED) ?? '[]');
    return Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
};
// The last 50 are enough: an old ticket's summary is never the newest of a ticket opened today.
const dismiss = (id: number) => localStorage.setItem(DISMISSED, JSON.stringify([...dismissed().filter((n) => n !== id), id].slice(-50)));

/**
 * The transfer notice to the next agent (issue 32 §3; decision 0480): the agent a ticket was
 * transferred to sees, above the composer, the summary stored at the transfer — while it is the
 * ticket's newest summary and they have not dismissed it. Read when the ticket is opened or its
 * agent changes; nothing for anyone else (the drawer keeps every summary for them).
 */
export const TransferNotice = ({ ticketId, assignee, me }: { ticketId: number; assignee: number | null; me: number | undefined }) => {
  const { t } = useTranslation();
  const [summary, setSummary] = useState<CopilotSummaryDto | null>(null);
  const mine = assignee !== null && assignee === me;

  useEffect(() => {
    setSummary(null);
    if (!mine) return undefined;
    return cancelable(() => copilotApi.summaries(ticketId), {
      then: ([newest]) => setSummary(newest?.reason === 'transfer' && !dismissed().includes(newest.id) ? newest : null),
      failed: () => setSummary(null),
    });
  }, [ticketId, mine]);

  if (!summary) return null;
  return (
    <Alert
      type="info"
      showIcon
      closable
      title={t('copilotAgent.transferNotice')}
      description={<span style={{ whiteSpace: 'pre-wrap' }}>{summary.summary}</span>}
      onClose={() => {
        dismiss(summary.id);
        setSummary(null);
      }}
      style={{ margin: '8px 12px 0' }}
      data-testid="transfer-notice"
    />
  );
};
