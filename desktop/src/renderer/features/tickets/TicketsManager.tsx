import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Input, Popconfirm, Select, Switch, Tabs, Tooltip, Typography, type SelectProps } from 'antd';
import { CheckSquareOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { can, SEARCH_DEBOUNCE_MS, type QueueDto, type UserDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { CountPill } from '../../components/CountPill';
import { useSession } from '../../lib/session';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { NewTicketDialog } from './NewTicketDialog';
import { TicketList } from './TicketList';
import { ticketsApi, type TagOption } from './tickets.api';
import { useTickets } from './tickets.store';

type TopTab = 'open' | 'closed' | 'search';
type SubTab = 'open' | 'pending';

const label = (text: string, testId: string, count?: { value: number; testId: string }) => (
  <span data-testid={testId}>
    {text}
    {count && <CountPill count={count.value} testId={count.testId} muted={count.value === 0} />}
  </span>
);

/** The search tab's tag filter and (admins) user filter; both narrow the search (attendance §2). */
const SearchFilters = ({ userFilter }: { userFilter: boolean }) => {
  const { t } = useTranslation();
  const filters = useTickets((s) => s.filters);
  const setFilters = useTickets((s) => s.setFilters);
  const [tags, setTags] = useState<TagOption[] | null>(null);
  const [users, setUsers] = useState<UserDto[] | null>(null);
  useEffect(() => {
    ticketsApi.tags().then(setTags, (err: unknown) => {
      setTags([]);
      toastError(err);
    });
    if (userFilter)
      ticketsApi.users().then(setUsers, (err: unknown) => {
        setUsers([]);
        toastError(err);
      });
  }, [userFilter]);
  /** A multiple filter (tags, users): clearable, its chips folded when they do not fit, searched by label. */
  const filter = (key: 'tags' | 'users', texts: { placeholder: string; label: string }, options: { value: number; label: string; color?: string }[] | null, testId: string, more: Pick<SelectProps, 'optionRender'> = {}) => (
    <Select
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      style={{ flex: '1 1 160px', minWidth: 0 }}
      placeholder={texts.placeholder}
      aria-label={texts.label}
      loading={options === null}
      value={filters[key]}
      onChange={(ids: number[]) => setFilters({ [key]: ids })}
      optionFilterProp="label"
      options={options ?? []}
      data-testid={testId}
      {...more}
    />
  );
  return (
    <Flex gap={8} wrap style={{ marginBottom: 8 }}>
      {filter('tags', { placeholder: t('manager.tagsPlaceholder'), label: t('manager.tags') }, tags && tags.map((tag) => ({ value: tag.id, label: tag.name, color: tag.color })), 'search-tags', {
        optionRender: (o) => (
          <Flex align="center" gap={6}>
            <span style={{ width: 10, height: 10, borderRadius: 2, background: (o.data as { color?: string }).color }} />
            {o.label}
          </Flex>
        ),
      })}
      {userFilter && filter('users', { placeholder: t('manager.usersPlaceholder'), label: t('manager.users') }, users && users.map((u) => ({ value: u.id, label: u.name })), 'search-users')}
    </Flex>
  );
};

export const TicketsManager = () => {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const profile = user?.profile ?? 'user';
  const { lists, search, viewer, filters, load, runSearch, setShowAll, setFilters } = useTickets();
  const [newOpen, setNewOpen] = useState(false);
  const [closingAll, setClosingAll] = useState(false);
  const [allQueues, setAllQueues] = useState<QueueDto[]>([]);
  const mayPickAnyQueue = can(profile, 'tickets:withoutQueue');
  const mayCloseAll = can(profile, 'tickets:closeAll');
  useEffect(() => {
    if (mayPickAnyQueue) ticketsApi.queues().then(setAllQueues, toastError);
  }, [mayPickAnyQueue]);
  // Admins choose among every queue; others among theirs.
  const queueOptions = (mayPickAnyQueue ? allQueues : (user?.queues ?? [])).map((q) => ({ value: q.id, label: q.name }));
  const [top, setTop] = useState<TopTab>('open');
  const [sub, setSub] = useState<SubTab>('open');
  const [term, setTerm] = useState('');
  const debouncedTerm = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);

  // `/tickets?tab=pending` (the desktop tray's "waiting tickets"): show the waiting list.
  const [searchParams] = useSearchParams();
  const askedTab = searchParams.get('tab');
  useEffect(() => {
    if (askedTab !== 'pending') return;
    setTop('open');
    setSub('pending');
  }, [askedTab, searchParams]);

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

  const filterKey = `${filters.queueIds.join(',')}|${filters.tags.join(',')}|${filters.users.join(',')}`;
  useEffect(() => {
    if (top === 'search') void runSearch(debouncedTerm, 1);
  }, [top, debouncedTerm, runSearch, viewer?.showAll, filterKey]);

  // Close-all acts on the open tab's sub-tab (attending or waiting) within the selected queues.
  const closeAll = async () => {
    setClosingAll(true);
    try {
      const { closed } = await ticketsApi.closeAll(sub, filters.queueIds);
      toast.success(t('manager.closeAllDone', { count: closed }));
    } catch (err) {
      toastError(err);
    } finally {
      setClosingAll(false);
    }
  };

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
      <Flex gap={8} align="center" style={{ padding: '8px 12px 0' }}>
        <Tooltip title={t('manager.newTicket')}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setNewOpen(true)} aria-label={t('manager.newTicket')} data-testid="new-ticket-button" />
        </Tooltip>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          style={{ flex: 1, minWidth: 0 }}
          placeholder={t('manager.queuesPlaceholder')}
          aria-label={t('manager.queues')}
          value={filters.queueIds}
          onChange={(ids: number[]) => setFilters({ queueIds: ids })}
          optionFilterProp="label"
          options={queueOptions}
          data-testid="queue-select"
        />
        {mayCloseAll && top === 'open' && (
          <Popconfirm
            title={t('manager.closeAllTitle')}
            description={t('manager.closeAllText', { status: t(sub === 'open' ? 'tickets.tabs.attending' : 'tickets.tabs.pending') })}
            okText={t('manager.yes')}
            cancelText={t('manager.no')}
            okButtonProps={{ 'data-testid': 'close-all-confirm' } as Record<`data-${string}`, string>}
            onConfirm={() => void closeAll()}
          >
            <Tooltip title={t('manager.closeAll')}>
              <Button icon={<CheckSquareOutlined />} loading={closingAll} aria-label={t('manager.closeAll')} data-testid="close-all-button" />
            </Tooltip>
          </Popconfirm>
        )}
      </Flex>
      <NewTicketDialog open={newOpen} onClose={() => setNewOpen(false)} />
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
        {top === 'search' && <SearchFilters userFilter={can(profile, 'tickets-manager:filterUsers')} />}
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
