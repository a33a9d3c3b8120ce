import { useState } from 'react';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import { BranchesOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CopilotRoutingDto, TicketDto } from '@balcao/shared';
import { errorMessage } from '../../lib/errors';
import { toastError, translateErrorCode } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { tagsApi } from '../tags';
import { copilotApi } from './copilot.api';
import { useCopilotOn } from './copilot.store';

/**
 * The queue and tags the copilot suggests for a ticket (issue 32 §6), in its drawer: asked on
 * request, shown with the reason, applied with one click (the queue, and the tags added to the
 * ticket's own). Only when the company's copilot answers.
 */
export const RoutingSuggestion = ({ ticket }: { ticket: TicketDto }) => (useCopilotOn() ? <Routing ticket={ticket} /> : null);

const Routing = ({ ticket }: { ticket: TicketDto }) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [applying, setApplying] = useState(false);
  const [done, setDone] = useState(false);
  const [value, setValue] = useState<CopilotRoutingDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  const ask = async () => {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      setValue(await copilotApi.routing(ticket.id));
    } catch (err) {
      setError(errorMessage(err, translateErrorCode));
    } finally {
      setBusy(false);
    }
  };
  const apply = async (v: CopilotRoutingDto) => {
    setApplying(true);
    try {
      if (v.queue && v.queue.id !== ticket.queueId) await copilotApi.moveToQueue(ticket.id, v.queue.id);
      const own = ticket.tags.map((x) => x.id);
      const added = v.tags.filter((x) => !own.includes(x.id));
      if (added.length) await tagsApi.sync(ticket.id, [...own, ...added.map((x) => x.id)].map((id) => ({ id })));
      setDone(true);
      toast.success(t('copilotAgent.applied'));
    } catch (err) {
      toastError(err);
    } finally {
      setApplying(false);
    }
  };

  return (
    <Flex vertical gap={6} style={{ marginTop: 12 }} data-testid="routing-suggestion">
      <Typography.Text type="secondary">
        <BranchesOutlined /> {t('copilotAgent.routingTitle')}
      </Typography.Text>
      {value ? (
        <>
          <Flex wrap gap={4} align="center" data-testid="routing-value">
            {value.queue ? (
              <Tag color="blue" data-testid="routing-queue">
                {value.queue.name}
              </Tag>
            ) : (
              <Typography.Text type="secondary">{t('copilotAgent.noQueue')}</Typography.Text>
            )}
            {value.tags.map((x) => (
              <Tag key={x.id} data-testid="routing-tag">
                {x.name}
              </Tag>
            ))}
          </Flex>
          {value.reason ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {value.reason}
            </Typography.Text>
          ) : null}
        </>
      ) : null}
      {error ? <Alert type="warning" showIcon message={error} data-testid="routing-error" /> : null}
      <Flex gap={8} wrap>
        <Button size="small" loading={busy} onClick={() => void ask()} data-testid="routing-ask">
          {t('copilotAgent.suggestRouting')}
        </Button>
        {value && (value.queue || value.tags.length) && !done ? (
          <Button size="small" type="primary" loading={applying} onClick={() => void apply(value)} data-testid="routing-apply">
            {t('copilotAgent.apply')}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
};
