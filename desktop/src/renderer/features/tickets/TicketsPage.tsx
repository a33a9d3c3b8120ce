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
import { NarrowPanes } from '../../components/NarrowPanes';

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

  if (!wide) {
    // Issue 10 item 9: the tab bar on top and the active tab filling the rest, with a definite
    // height (flex, min-height 0) so that only the messages (or the list) scroll, while the
    // conversation's header stays on top and the composer at the bottom. Both panes stay mounted.
    return (
      <NarrowPanes
        active={narrowTab}
        onChange={setNarrowTab}
        data-testid="tickets-narrow"
        panes={[
          { key: 'ticket', label: t('tickets.narrow.ticket'), content: conversation, testId: 'narrow-ticket-pane' },
          { key: 'list', label: t('tickets.narrow.list'), content: <TicketsManager />, testId: 'narrow-list-pane' },
        ]}
      />
    );
  }

  return (
    <div style={{ display: 'flex', height: '100%', background: token.colorBgContainer }}>
      <div style={{ width: '33.333%', minWidth: 300, borderInlineEnd: `1px solid ${token.colorBorderSecondary}`, height: '100%' }}>
        <TicketsManager />
      </div>
      <div style={{ flex: 1, minWidth: 0, height: '100%' }}>{conversation}</div>
    </div>
  );
};
