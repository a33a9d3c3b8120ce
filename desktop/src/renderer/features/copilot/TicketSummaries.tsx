import { useEffect, useState } from 'react';
import { Alert, Button, Collapse, Divider, Flex, Skeleton, Typography } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { CopilotSummaryDto } from '@balcao/shared';
import { cancelable } from '../../lib/cancelable';
import { errorMessage } from '../../lib/errors';
import { translateErrorCode } from '../../lib/reportError';
import { copilotApi } from './copilot.api';
import { useCopilotOn } from './copilot.store';

const when = (s: CopilotSummaryDto) => dayjs(s.createdAt).format('DD/MM/YYYY HH:mm');

/**
 * The ticket's summaries in its drawer (issue 32 §3): the newest first, who asked for it and
 * when, "Resumir" for a new one, and the earlier ones folded. Only with the plan's copilot, turned on.
 */
export const TicketSummaries = ({ ticketId }: { ticketId: number }) => {
  const enabled = useCopilotOn();
  return enabled ? <Summaries ticketId={ticketId} /> : null;
};

const Summaries = ({ ticketId }: { ticketId: number }) => {
  const { t } = useTranslation();
  const [list, setList] = useState<CopilotSummaryDto[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setList(null);
    setError(null);
    return cancelable(() => copilotApi.summaries(ticketId), { then: setList, failed: () => setList([]) });
  }, [ticketId]);

  const summarize = async () => {
    setBusy(true);
    setError(null);
    try {
      const made = await copilotApi.summarize(ticketId);
      setList((l) => [made, ...(l ?? [])]);
    } catch (err) {
      setError(errorMessage(err, translateErrorCode));
    } finally {
      setBusy(false);
    }
  };

  const [latest, ...earlier] = list ?? [];
  return (
    <div data-testid="ticket-summaries">
      <Divider titlePlacement="start" plain>
        <RobotOutlined /> {t('copilotAgent.summaryTitle')}
      </Divider>
      {list === null ? (
        <Skeleton active paragraph={{ rows: 2 }} data-testid="summary-skeleton" />
      ) : latest ? (
        <Flex vertical gap={4}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="summary-latest">
            {latest.summary}
          </Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {when(latest)} · {t(`copilotAgent.reason.${latest.reason}`)}
          </Typography.Text>
        </Flex>
      ) : (
        <Typography.Text type="secondary" data-testid="summary-empty">
          {t('copilotAgent.noSummary')}
        </Typography.Text>
      )}
      {error ? <Alert type="warning" showIcon message={error} style={{ marginTop: 8 }} data-testid="summary-error" /> : null}
      <Flex style={{ marginTop: 8 }}>
        <Button size="small" icon={<RobotOutlined />} loading={busy} onClick={() => void summarize()} data-testid="summarize-button">
          {t(latest ? 'copilotAgent.resummarize' : 'copilotAgent.summarize')}
        </Button>
      </Flex>
      {earlier.length ? (
        <Collapse
          ghost
          size="small"
          style={{ marginTop: 8 }}
          items={[
            {
              key: 'history',
              label: t('copilotAgent.history', { count: earlier.length }),
              children: earlier.map((s) => (
                <Flex key={s.id} vertical gap={2} style={{ marginBottom: 8 }} data-testid="summary-earlier">
                  <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{s.summary}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {when(s)} · {t(`copilotAgent.reason.${s.reason}`)}
                  </Typography.Text>
                </Flex>
              )),
            },
          ]}
        />
      ) : null}
    </div>
  );
};
