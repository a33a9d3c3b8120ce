import { useEffect, useState } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { Conversation } from '../messages';
import { ConversationHeader } from './ConversationHeader';
import { useCollisionFeed } from './collision.socket';
import { TicketsManager } from './TicketsManager';
import { WelcomePanel } from './WelcomePanel';
import { TwoPanes } from '../../components/TwoPanes';

/** /tickets and /tickets/:uuid — list one third, conversation two thirds; tabs on narrow screens. */
export const TicketsPage = () => {
  const { t } = useTranslation();
  const { uuid } = useParams();
  const { token } = theme.useToken();
  const wide = useMediaQuery('(min-width: 900px)');
  useCollisionFeed();
  const [narrowTab, setNarrowTab] = useState<'ticket' | 'list'>(uuid ? 'ticket' : 'list');

  useEffect(() => setNarrowTab(uuid ? 'ticket' : 'list'), [uuid]);

  const conversation = uuid ? <Conversation key={uuid} uuid={uuid} header={(ticket) => <ConversationHeader ticket={ticket} />} /> : <WelcomePanel />;

  // Issue 10 item 9: at a phone's width the tab bar on top and the active tab filling the rest,
  // with a definite height (flex, min-height 0) so that only the messages (or the list) scroll,
  // while the conversation's header stays on top and the composer at the bottom.
  return (
    <TwoPanes
      narrow={!wide}
      active={narrowTab}
      onChange={setNarrowTab}
      data-testid={wide ? undefined : 'tickets-narrow'}
      tabs={['ticket', 'list']}
      panes={[
        { key: 'list', label: t('tickets.narrow.list'), content: <TicketsManager />, testId: 'narrow-list-pane', wide: { width: '33.333%', minWidth: 300, borderInlineEnd: `1px solid ${token.colorBorderSecondary}` } },
        { key: 'ticket', label: t('tickets.narrow.ticket'), content: conversation, testId: 'narrow-ticket-pane', wide: { flex: 1, minWidth: 0 } },
      ]}
    />
  );
};
