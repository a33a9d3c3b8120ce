import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Popover, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { BulbOutlined, FileTextOutlined, QuestionCircleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CopilotCitation, CopilotSuggestionsDto } from '@balcao/shared';
import { errorMessage } from '../../lib/errors';
import { translateErrorCode } from '../../lib/reportError';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { copilotApi } from './copilot.api';

/** Each kind of source its icon; its name is the catalogue's copilotAgent.<kind>. */
const KIND_ICON: Record<CopilotCitation['kind'], ReactNode> = { article: <FileTextOutlined />, quickMessage: <ThunderboltOutlined />, help: <QuestionCircleOutlined /> };

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; value: CopilotSuggestionsDto } | { kind: 'error'; text: string };

/**
 * The composer's "Sugestões" (issue 32 §2): asks the copilot for up to three drafts for the
 * customer's last message and shows each with the knowledge it cites; "Inserir" puts a draft into
 * the composer for the agent to edit and send. Nothing is ever sent from here.
 */
export const SuggestionsButton = ({ ticketId, disabled, onInsert }: { ticketId: number; disabled?: boolean; onInsert: (text: string) => void }) => {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 575px)');
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<State>({ kind: 'idle' });

  const ask = async () => {
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'done', value: await copilotApi.suggestions(ticketId) });
    } catch (err) {
      // The catalogue's text in the panel itself (not a toast): the agent reads it where they asked.
      setState({ kind: 'error', text: errorMessage(err, translateErrorCode) });
    }
  };
  const toggle = (next: boolean) => {
    setOpen(next);
    if (next) void ask();
  };

  const content = (
    <Flex vertical gap={8} style={{ width: narrow ? 'calc(100vw - 48px)' : 420, maxHeight: '60vh', overflowY: 'auto' }} data-testid="suggestions-panel">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('copilotAgent.suggestionsHint')}
      </Typography.Text>
      {state.kind === 'loading' || state.kind === 'idle' ? (
        <Skeleton active paragraph={{ rows: 3 }} data-testid="suggestions-skeleton" />
      ) : state.kind === 'error' ? (
        <Alert
          type="warning"
          showIcon
          message={state.text}
          action={
            <Button size="small" onClick={() => void ask()} data-testid="suggestions-retry">
              {t('copilotAgent.retry')}
            </Button>
          }
          data-testid="suggestions-error"
        />
      ) : (
        state.value.drafts.map((d, i) => (
          <Card key={i} size="small" data-testid="suggestion">
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}>{d.text}</Typography.Paragraph>
            <Flex wrap gap={4} align="center" justify="space-between">
              <Flex wrap gap={4} style={{ minWidth: 0, flex: '1 1 200px' }} data-testid="suggestion-citations">
                {d.citations.length === 0 ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('copilotAgent.noSources')}
                  </Typography.Text>
                ) : (
                  d.citations.map((c) => (
                    <Tooltip key={`${c.kind}-${c.id}`} title={t(`copilotAgent.${c.kind}`)}>
                      <Tag icon={KIND_ICON[c.kind]} aria-label={`${t(`copilotAgent.${c.kind}`)}: ${c.title}`} data-testid="suggestion-citation" data-kind={c.kind} data-id={c.id} style={{ marginInlineEnd: 0, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                        {c.title}
                      </Tag>
                    </Tooltip>
                  ))
                )}
              </Flex>
              <Button
                size="small"
                type="primary"
                onClick={() => {
                  onInsert(d.text);
                  setOpen(false);
                }}
                data-testid="suggestion-insert"
              >
                {t('copilotAgent.insert')}
              </Button>
            </Flex>
          </Card>
        ))
      )}
    </Flex>
  );

  return (
    <Popover open={open} onOpenChange={toggle} trigger="click" title={t('copilotAgent.suggestionsTitle')} content={content} placement="topLeft" destroyOnHidden>
      <Tooltip title={open ? undefined : t('copilotAgent.suggestions')}>
        <Button type="text" icon={<BulbOutlined />} aria-label={t('copilotAgent.suggestions')} disabled={disabled} data-testid="suggestions-button" />
      </Tooltip>
    </Popover>
  );
};
