import { useEffect, useRef, useState } from 'react';
import { Flex, Input, Switch, Tabs, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { can, SEARCH_DEBOUNCE_MS } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { CountPill } from '../../components/CountPill';
import { useSession } from '../../lib/session';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { TicketList } from './TicketList';
import { useTickets } from './tickets.store';

type TopTab = 'open' | 'closed' | 'search';
type SubTab = 'open' | 'pending';

const label = (text: string, testId: string, count?: { value: number; testId: string }) => (
  <span data-testid={testId}>
    {text}
    {count && <CountPill count={count.value} testId={count.testId} muted={count.value === 0} />}
  </span>
);

export const TicketsManager = () => {
  const { t } = useTranslation();
  const profile = useSession((s) => s.user?.profile ?? 'user');
  const { lists, search, viewer, load, runSearch, setShowAll } = useTickets();
  const [top, setTop] = useState<TopTab>('open');
  const [sub, setSub] = useState<SubTab>('open');
  const [term, setTerm] = useState('');
  const debouncedTerm = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);

  // A ticket that just moved into my open list (accepted, reopened) is shown where it now lives;
  // merely opening a ticket from search or resolved keeps the tab the user chose.
  const { uuid } = useParams();
  const openHasCurrent = !!uuid && lists.open.tickets.some((tk) => tk.uuid === uuid);
  const previous = useRef({ uuid, openHasCurrent });
  useEffect(() => {
    const moved = previous.current.uuid === uuid && !previous.current.openHasCurrent && openHasCurrent;
    const acceptedHere = previous.current.uuid !== uuid && openHasCurrent && top === 'open';
    if (moved || acceptedHere) {
      setTop('open');
      setSub('open');
    }
    previous.current = { uuid, openHasCurrent };
  }, [uuid, openHasCurrent, top]);

  useEffect(() => {
    if (top === 'search') void runSearch(debouncedTerm, 1);
  }, [top, debouncedTerm, runSearch, viewer?.showAll]);

  const activeKey = top === 'open' ? sub : top === 'closed' ? 'closed' : null;
  const active = activeKey ? lists[activeKey] : search;
  const loadMore = () => (activeKey ? void load(activeKey, active.page + 1) : void runSearch(search.term, search.page + 1));

  const topItems = [
    { key: 'open', label: label(t('tickets.tabs.open'), 'tab-open') },
    { key: 'closed', label: label(t('tickets.tabs.closed'), 'tab-closed') },
    { key: 'search', label: label(t('tickets.tabs.search'), 'tab-search') },
  ];
  const subItems = [
    { key: 'open', label: label(t('tickets.tabs.attending'), 'tab-attending', { value: lists.open.count, testId: 'count-open' }) },
    { key: 'pending', label: label(t('tickets.tabs.pending'), 'tab-pending', { value: lists.pending.count, testId: 'count-pending' }) },
  ];
  const showAllSwitch = can(profile, 'tickets-manager:showall') && (
    <Flex align="center" gap={6}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('tickets.showAll')}
      </Typography.Text>
      <Switch size="small" checked={viewer?.showAll ?? false} onChange={setShowAll} data-testid="show-all" />
    </Flex>
  );

  return (
    <Flex vertical style={{ height: '100%' }}>
      <div style={{ padding: '0 12px' }}>
        <Tabs
          activeKey={top}
          items={topItems}
          tabBarExtraContent={showAllSwitch}
          // Clicking "Abertas" (even when already there) goes back to the assigned list.
          onTabClick={(key) => {
            setTop(key as TopTab);
            if (key === 'open') setSub('open');
          }}
          tabBarStyle={{ marginBottom: 0 }}
        />
        {top === 'open' && (
          <Tabs size="small" activeKey={sub} items={subItems} onChange={(k) => setSub(k as SubTab)} tabBarStyle={{ marginBottom: 0 }} />
        )}
        {top === 'search' && (
          <Input
            allowClear
            autoFocus
            prefix={<SearchOutlined />}
            placeholder={t('tickets.searchPlaceholder')}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            style={{ margin: '8px 0' }}
            data-testid="search-input"
          />
        )}
      </div>
      <div style={{ flex: 1, minHeight: 0 }}>
        <TicketList
          tickets={active.tickets}
          loading={active.loading}
          hasMore={active.hasMore}
          onLoadMore={loadMore}
          testId={`ticket-list-${activeKey ?? 'search'}`}
        />
      </div>
    </Flex>
  );
};
