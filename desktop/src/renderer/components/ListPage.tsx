import { useCallback, useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { Button, Flex, Input, Spin, Table, Tooltip, Typography, type SkeletonProps, type TableColumnsType, type TableProps } from 'antd';
import { ArrowLeftOutlined, SearchOutlined } from '@ant-design/icons';
import type { StoreApi, UseBoundStore } from 'zustand';
import type { WireChannel, WireChannels } from '@balcao/shared';
import { deleter } from '../lib/deleter';
import { nearBottom } from '../lib/by-name';
import type { PagedListState } from '../lib/paged-list';
import { toastError } from '../lib/reportError';
import { listenLive } from '../lib/socket';
import { toast } from '../lib/toast';
import { useDebouncedValue } from '../lib/useDebouncedValue';
import { useMediaQuery } from '../lib/useMediaQuery';
import { LoadingRows, NARROW_QUERY, PageCard } from './PageCard';

/** The spec's search debounce (administration.md §9). */
export const LIST_SEARCH_DEBOUNCE_MS = 500;

/** The phone-width breakpoint every list page uses. */
export const LIST_NARROW_QUERY = NARROW_QUERY;

export interface ListPageSearch {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}

export interface ListPagePaging {
  loading: boolean;
  hasMore: boolean;
  /** The next page (its failure is a toast). */
  loadMore: () => Promise<void>;
}

export interface ListPageProps<T extends { id: number }> {
  /**
   * The page's test-id prefix: `<p>-count`, `<p>-search`, `<p>-skeleton`, `<p>-scroll`,
   * `<p>-table`, `<p>-loading-more` (e.g. `tags` → tags-count, tags-search…).
   */
  testId: string;
  /** The heading (absent: the header holds only the buttons, at its end). */
  title?: ReactNode;
  /** In a pane, a line that explains the list instead of a heading (/settings' Webhooks). */
  intro?: ReactNode;
  /**
   * The list sits in a tab of another page (/settings' Planos, Ajuda): a plain box with this test
   * id instead of the card, and a smaller heading.
   */
  pane?: string;
  /** A back button before the title (the title then ellipsizes and is `<p>-title`). */
  back?: { label: string; testId: string; onClick: () => void };
  /** Shown as `(n)` after the title once loaded; absent: no count. */
  count?: number;
  /** The count's test id when `<p>-count` is taken (default `<p>-count`). */
  countTestId?: string;
  /** The search box (absent: none). */
  search?: ListPageSearch;
  /** The header's buttons (add, import…), after the search box. */
  actions?: ReactNode;
  /** The toolbar's flex on wide screens (search + actions); default `0 1 460px`. */
  toolbarFlex?: string;
  /** Between the header and the table (a warning, a progress bar). */
  banner?: ReactNode;
  loaded: boolean;
  /** The first load's skeleton (e.g. `{ avatar: true }`). */
  skeleton?: Pick<SkeletonProps, 'avatar' | 'paragraph'>;
  columns: TableColumnsType<T>;
  records: T[];
  /** Each row's test id (`data-id` is the record's id). */
  rowTestId: string;
  /** More `data-*` attributes of a row (e.g. its status). */
  rowData?: (record: T) => Record<`data-${string}`, string | number>;
  /** A row's class (a colour the page's own style gives it). */
  rowClassName?: (record: T) => string;
  /** The table's scroll (e.g. `{ x: 'max-content' }` for a wide table). */
  tableScroll?: TableProps<T>['scroll'];
  /** The table's test id when `<p>-table` is taken (default `<p>-table`). */
  tableTestId?: string;
  /** The table's own spinner (a list reloading under a 'Carregar mais' button). */
  tableLoading?: boolean;
  /** The empty table's text (absent: antd's own empty state). */
  emptyText?: ReactNode;
  /** Infinite scroll: the table sits in a scrolled box and the next page loads near its bottom. Absent: the table alone. */
  paging?: ListPagePaging;
  /** Dialogs and anything else the page owns. */
  children?: ReactNode;
}

/**
 * The list screens' frame (/tags, /users, /contacts, /queues, /prompts, /queue-integration,
 * /contact-lists, /contact-lists/:id/contacts, /files, /campaigns, /quick-messages, /connections;
 * /settings' Planos, Empresas, Ajuda and Webhooks as panes): a card with the title (and its count),
 * the search box and the header's buttons, a skeleton until the first load, then the table —
 * in a box that loads the next page within 100 px of its bottom when `paging` is given.
 */
export const ListPage = <T extends { id: number }>(p: ListPageProps<T>) => {
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const scroller = useRef<HTMLDivElement>(null);
  const paging = p.paging;
  const loadMore = paging?.loadMore;
  const busy = paging?.loading ?? false;
  const more = paging?.hasMore ?? false;
  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el && loadMore && nearBottom(el)) loadMore().catch(toastError);
  }, [loadMore]);
  // A first page shorter than the box never scrolls: keep loading while the bottom is in view.
  useEffect(() => {
    if (p.loaded && !busy && more) onScroll();
  }, [p.loaded, busy, more, p.records.length, onScroll]);

  const table = (
    <Table<T>
      data-testid={p.tableTestId ?? `${p.testId}-table`}
      rowKey="id"
      size="small"
      loading={p.tableLoading}
      columns={p.columns}
      dataSource={p.records}
      pagination={false}
      scroll={p.tableScroll}
      locale={{ emptyText: p.emptyText }}
      rowClassName={p.rowClassName}
      onRow={(r) => ({ 'data-testid': p.rowTestId, 'data-id': r.id, ...p.rowData?.(r) }) as HTMLAttributes<HTMLElement>}
    />
  );
  const toolbar =
    p.search || p.actions ? (
      // Without a search box the buttons keep their own width beside the title.
      <Flex wrap gap={8} style={{ flex: !p.search ? '0 0 auto' : narrow ? '1 1 100%' : (p.toolbarFlex ?? '0 1 460px') }} justify="flex-end">
        {p.search ? (
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={p.search.placeholder}
            aria-label={p.search.placeholder}
            value={p.search.value}
            onChange={(e) => p.search!.onChange(e.target.value)}
            style={{ flex: '1 1 200px' }}
            data-testid={`${p.testId}-search`}
          />
        ) : null}
        {p.actions}
      </Flex>
    ) : null;

  const heading = (
    <>
      {p.title}{' '}
      {p.count !== undefined && p.loaded ? (
        <Typography.Text type="secondary" data-testid={p.countTestId ?? `${p.testId}-count`}>
          ({p.count})
        </Typography.Text>
      ) : null}
    </>
  );

  const body = (
    <>
      <Flex wrap gap={8} align="center" justify={p.title === undefined && p.intro === undefined ? 'flex-end' : 'space-between'} style={{ marginBottom: 12 }}>
        {p.intro !== undefined ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0, flex: '1 1 260px' }}>
            {p.intro}
          </Typography.Paragraph>
        ) : p.title === undefined ? null : p.back ? (
          <Flex align="center" gap={8} style={{ minWidth: 0 }}>
            <Tooltip title={p.back.label}>
              <Button icon={<ArrowLeftOutlined />} aria-label={p.back.label} onClick={p.back.onClick} data-testid={p.back.testId} />
            </Tooltip>
            <Typography.Title level={4} style={{ margin: 0, minWidth: 0 }} ellipsis data-testid={`${p.testId}-title`}>
              {heading}
            </Typography.Title>
          </Flex>
        ) : (
          <Typography.Title level={p.pane ? 5 : 4} style={{ margin: 0 }}>
            {heading}
          </Typography.Title>
        )}
        {toolbar}
      </Flex>
      {p.banner}
      {!p.loaded ? (
        <LoadingRows testId={`${p.testId}-skeleton`} avatar={p.skeleton?.avatar} rows={p.skeleton?.paragraph ?? 4} />
      ) : paging ? (
        <div ref={scroller} onScroll={onScroll} style={{ maxHeight: narrow ? 'calc(100dvh - 210px)' : 'calc(100dvh - 190px)', overflowY: 'auto' }} data-testid={`${p.testId}-scroll`}>
          {table}
          {paging.loading && paging.hasMore ? (
            <Flex justify="center" style={{ padding: 12 }} data-testid={`${p.testId}-loading-more`}>
              <Spin size="small" />
            </Flex>
          ) : null}
        </div>
      ) : (
        table
      )}
      {p.children}
    </>
  );
  return p.pane ? (
    <div data-testid={p.pane}>{body}</div>
  ) : (
    <PageCard>{body}</PageCard>
  );
};

/** What a live event does to a list: a record to merge, the id of one that is gone, or nothing (`null`: not this list's). */
export type LiveChange<T> = { record: T } | { removed: number } | null;

export interface PagedListPageOptions<T, C extends WireChannel> {
  /** Lower-cases what is typed (the spec's search box on /files and /queue-integration). */
  lowerCase?: boolean;
  /** The socket channel that keeps the list live, and what each of its events does. */
  live?: { channel: C; change: (payload: WireChannels[C]) => LiveChange<NoInfer<T>> };
  /** What else the list depends on (e.g. the route's id): a change loads its first page afresh. */
  scope?: string | number;
}

/**
 * A searchable paged list store (lib/paged-list) driven by a page: the search box's text, the
 * debounced load of its first page, live events merged, reset when the page goes, and the
 * paging ListPage wants.
 */
export const usePagedListPage = <T, C extends WireChannel = WireChannel>(useStore: UseBoundStore<StoreApi<PagedListState<T>>>, opts: PagedListPageOptions<T, C> = {}) => {
  const records = useStore((s) => s.records);
  const count = useStore((s) => s.count);
  const loading = useStore((s) => s.loading);
  const loaded = useStore((s) => s.loaded);
  const hasMore = useStore((s) => s.hasMore);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, LIST_SEARCH_DEBOUNCE_MS);
  const live = useRef(opts.live);
  const lowerCase = opts.lowerCase === true;
  const scope = opts.scope;
  useEffect(() => {
    const l = live.current;
    if (!l) return undefined;
    return listenLive(l.channel, (payload) => {
      const c = l.change(payload);
      if (!c) return;
      if ('removed' in c) useStore.getState().remove(c.removed);
      else useStore.getState().upsert(c.record);
    });
  }, [useStore]);
  useEffect(() => () => useStore.getState().reset(), [useStore]);
  useEffect(() => {
    useStore.getState().load(debounced).catch(toastError);
  }, [debounced, useStore, scope]);
  const loadMore = useCallback(() => useStore.getState().loadMore(), [useStore]);
  const paging: ListPagePaging = { loading, hasMore, loadMore };
  const upsert = useCallback((record: T) => useStore.getState().upsert(record), [useStore]);
  return {
    records,
    count,
    loaded,
    search,
    setSearch: (typed: string) => setSearch(lowerCase ? typed.toLowerCase() : typed),
    paging,
    /** What ListPage takes of the list: `<ListPage {...list.page} …>`. */
    page: { count, loaded, records, paging },
    /** A record a dialog saved: merged into the list where the server would place it. */
    upsert,
    /** The delete button's action: the API call, then the record leaves the list with a toast (a failure is a toast). */
    deleter: (remove: (id: number) => Promise<unknown>, doneText: string) =>
      deleter(remove, (r: { id: number }) => {
        useStore.getState().remove(r.id);
        toast.success(doneText);
      }),
  };
};
