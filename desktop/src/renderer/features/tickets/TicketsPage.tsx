import { useEffect, useState } from 'react';
import { Tabs, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { Conversation } from '../messages';
import { ConversationHeader } from './ConversationHeader';
import { TicketsManager } from './TicketsManager';
import { WelcomePanel } from './WelcomePanel';

/** /tickets and /tickets/:uuid — list one third, conversation two thirds; tabs on narrow screens. */
export const TicketsPage = () => {
  const { t } = useTranslation();
  const { uuid } = useParams();
  const { token } = theme.useToken();
  const wide = useMediaQuery('(min-width: 900px)');
  const [narrowTab, setNarrowTab] = useState<'ticket' | 'list'>(uuid ? 'ticket' : 'list');

  useEffect(() => setNarrowTab(uuid ? 'ticket' : 'list'), [uuid]);

  const conversation = uuid ? <Conversation key={uuid} uuid={uuid} header={(ticket) => <ConversationHeader ticket={ticket} />} /> : <WelcomePanel />;

  if (!wide) {
    return (
      <Tabs
        activeKey={narrowTab}
        onChange={(k) => setNarrowTab(k as 'ticket' | 'list')}
        centered
        style={{ height: '100%' }}
        className="balcao-fill-tabs"
        items={[
          { key: 'ticket', label: t('tickets.narrow.ticket'), children: conversation },
          { key: 'list', label: t('tickets.narrow.list'), children: <TicketsManager /> },
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
