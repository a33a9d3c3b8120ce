import { Flex, Switch, Typography } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/reportError';
import { copilotApi } from './copilot.api';
import { useCompanyTranslates, useTicketTexts, useTicketTranslation } from './translation.store';

/**
 * Above the composer while the company translates (issue 32 §4; decision 0440): which languages
 * the conversation is in and a switch for this ticket. On, and the customer's language known and
 * not the agents', the composer sends the agent's words translated (`useOutgoingTranslation`).
 * Mounted with the composer, it also loads and follows the texts the conversation's messages show.
 */
export const TranslationBar = ({ ticketId, hidden = false }: { ticketId: number; hidden?: boolean }) => {
  useTicketTexts(ticketId);
  const { t } = useTranslation();
  const translates = useCompanyTranslates();
  const state = useTicketTranslation((s) => (s.ticket?.ticketId === ticketId ? s.ticket : null));
  if (hidden || !translates || !state || state.language === '' || state.language === state.agentLanguage) return null;
  const lang = (code: string) => t(`copilotAgent.languages.${code}`, { defaultValue: code });
  const toggle = async (on: boolean) => {
    try {
      useTicketTranslation.getState().set(ticketId, await copilotApi.setTranslation(ticketId, on));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <Flex align="center" gap={8} wrap style={{ padding: '4px 12px 0', fontSize: 12 }} data-testid="translation-bar" data-outgoing={String(state.outgoing)}>
      <TranslationOutlined />
      <Typography.Text type="secondary" style={{ fontSize: 12, flex: 1, minWidth: 0 }}>
        {state.translate ? t('copilotAgent.translating', { customer: lang(state.language), agent: lang(state.agentLanguage) }) : t('copilotAgent.translationOff', { customer: lang(state.language) })}
      </Typography.Text>
      <Switch size="small" checked={state.translate} onChange={(on) => void toggle(on)} data-testid="translation-toggle" aria-label={t('copilotAgent.translateTicket')} />
    </Flex>
  );
};

/** Whether the agent's words on this ticket go out translated (the server checks again). */
export const useOutgoingTranslation = (ticketId: number): boolean => useTicketTranslation((s) => s.ticket?.ticketId === ticketId && s.ticket.outgoing);
