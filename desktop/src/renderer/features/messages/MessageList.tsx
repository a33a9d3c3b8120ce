import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Divider, Empty, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { useShallow } from 'zustand/react/shallow';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { ForwardBar } from './ForwardBar';
import { MessageBubble } from './MessageBubble';
import { buildRows, rowOfMessage, rowsPrepended, type MessageRow } from './messages.logic';
import { useConversation } from './messages.store';
import { useConnections } from '../connections';
import dayjs from 'dayjs';

// Spec §9: previous messages load when scrollTop is under 50.
/** How close to the end the reader counts as at the bottom (the list stays there as rows grow). */
const STUCK_PX = 8;
const OLDER_PX = 50;
// Far above any conversation's row count: firstItemIndex only ever goes down from here.
const START_INDEX = 10_000_000;
const HIGHLIGHT_MS = 2_000;
// A quote far back: at most this many older pages are fetched looking for it.
const MAX_QUOTE_PAGES = 50;

/** Resolves once no page is being fetched (a fetch already running would make loadOlder a no-op). */
const idle = (): Promise<void> =>
  new Promise((resolve) => {
    if (!useConversation.getState().loading) return resolve();
    const off = useConversation.subscribe((s) => {
      if (s.loading) return;
      off();
      resolve();
    });
  });

const stamp = (iso: string): string => (iso && dayjs(iso).isValid() ? dayjs(iso).format('DD/MM/YYYY HH:mm') : '');

const TicketMarker = ({ row }: { row: Extract<MessageRow, { kind: 'marker' }> }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const span = row.previous;
  // attendance §2: the marker between tickets names when the earlier one started and closed.
  const earlier = span
    ? span.closedAt
      ? t('conversation.marker.span', { id: row.previousId, started: stamp(span.createdAt), closed: stamp(span.closedAt) })
      : t('conversation.marker.spanOpen', { id: row.previousId, started: stamp(span.createdAt) })
    : null;
  return (
    <div data-testid="ticket-marker" data-ticket-id={row.ticketId} style={{ padding: '4px 0', textAlign: 'center', fontSize: 12, color: token.colorTextSecondary }}>
      {earlier && <div data-testid="ticket-marker-span">{earlier}</div>}
      <Divider style={{ margin: '4px 0', fontSize: 12, color: token.colorPrimary, borderColor: token.colorPrimaryBorder }}>
        {t('conversation.marker.ticket', { id: row.ticketId })}
      </Divider>
    </div>
  );
};

const DateSeparator = ({ label }: { label: string }) => {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '8px 0' }}>
      <span data-testid="date-separator" style={{ padding: '2px 10px', borderRadius: 8, fontSize: 12, background: token.colorBgContainer, color: token.colorTextSecondary, boxShadow: token.boxShadowTertiary }}>
        {label}
      </span>
    </div>
  );
};

interface ListContext {
  fetchingOlder: boolean;
}

// Defined once: a component made during render would remount on every update.
const OlderSpinner = ({ context }: { context?: ListContext }) => {
  const { t } = useTranslation();
  return (
    <div style={{ textAlign: 'center', padding: 6, minHeight: 4 }}>
      {context?.fetchingOlder && <Spin size="small" aria-label={t('conversation.loadingOlder')} />}
    </div>
  );
};
const LIST_COMPONENTS = { Header: OlderSpinner };

/**
 * The conversation's history, virtualised (decision 0055): only the rows near the screen are
 * mounted. Older pages prepend without moving what the reader sees (`firstItemIndex`), new
 * messages follow the bottom when the reader is there or sent them (`followOutput`).
 */
export const MessageList = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { uuid, messages, tickets, hasMore, loading, page, loadOlder, selecting, selected, toggleSelected, tailVersion } = useConversation(
    useShallow((s) => ({
      uuid: s.uuid,
      tailVersion: s.tailVersion,
      messages: s.messages,
      tickets: s.tickets,
      hasMore: s.hasMore,
      loading: s.loading,
      page: s.page,
      loadOlder: s.loadOlder,
      selecting: s.selecting,
      selected: s.selected,
      toggleSelected: s.toggleSelected,
    })),
  );
  const rows = useMemo(() => buildRows(messages, tickets), [messages, tickets]);
  // A message carried by another connection than the ticket's (a Cloud fallback; decision 0412) says which.
  const ownConnection = useConversation((s) => s.ticket?.whatsappId);
  const connections = useConnections((s) => s.list);
  const carrierOf = (whatsappId: number | undefined) =>
    whatsappId === undefined || ownConnection === undefined || whatsappId === ownConnection ? undefined : (connections.find((c) => c.id === whatsappId)?.name ?? `#${whatsappId}`);
  const virtuoso = useRef<VirtuosoHandle>(null);
  const [highlight, setHighlight] = useState<number | null>(null);
  const seenTail = useRef(tailVersion);

  // firstItemIndex moves up by the rows an older page put above the old first message.
  const placed = useRef<{ rows: MessageRow[]; first: number }>({ rows: [], first: START_INDEX });
  const firstItemIndex = useMemo(() => {
    const before = placed.current;
    const first = before.rows.length === 0 ? START_INDEX - rows.length : before.first - rowsPrepended(before.rows, rows);
    placed.current = { rows, first };
    return first;
  }, [rows]);

  const fetchOlder = useCallback(() => {
    if (!hasMore || loading) return;
    loadOlder().catch(toastError);
  }, [hasMore, loading, loadOlder]);

  // The list reports "at the top" while it mounts, before it has moved to the newest message:
  // only once it has settled does the top mean the reader went there (or the page is too short).
  const atTop = useRef(false);
  const [settled, setSettled] = useState(false);
  const showing = messages.length > 0;
  useEffect(() => {
    if (!showing) return;
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setSettled(true));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [showing, uuid]);
  // Virtuoso gets stable callbacks (new ones make it re-announce its state); they read these.
  // Written during render: the list calls them while committing, before any effect of ours runs.
  const live = useRef({ settled, fetchOlder, tailVersion, lastFromMe: false });
  live.current = { settled, fetchOlder, tailVersion, lastFromMe: !!messages[messages.length - 1]?.fromMe };
  useEffect(() => {
    if (settled && atTop.current) live.current.fetchOlder();
  }, [settled]);
  const onAtTop = useCallback((top: boolean) => {
    atTop.current = top;
    if (top && live.current.settled) live.current.fetchOlder();
  }, []);
  const followOutput = useCallback((atBottom: boolean) => {
    // An older page also changes the count: only a new newest message is followed.
    const { tailVersion: tail, lastFromMe } = live.current;
    const newTail = seenTail.current !== tail;
    seenTail.current = tail;
    if (!newTail) return false;
    // The reader at the bottom follows; one's own new message always brings the list down.
    return atBottom ? ('smooth' as const) : lastFromMe ? ('auto' as const) : false;
  }, []);

  // A reader at the bottom stays there when the rows change height without a new message: a
  // narrower window wraps the bubbles, a picture finishes loading (Virtuoso follows only new rows
  // and a shrinking viewport). "At the bottom" is read from scroll events only, so growth, which
  // moves nothing, does not unstick it; the reader or a jump scrolling away does.
  const stuck = useRef(true);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!scroller) return;
    const onScroll = () => {
      // Without layout (jsdom) there is no bottom to keep.
      if (scroller.clientHeight > 0) stuck.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= STUCK_PX;
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [scroller]);
  const scrollerEl = useRef<HTMLElement | null>(null);
  const keepBottom = useCallback(() => {
    if (stuck.current && (scrollerEl.current?.clientHeight ?? 0) > 0) virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'auto' });
  }, []);
  const scrollerRef = useCallback((el: HTMLElement | Window | null) => {
    scrollerEl.current = el instanceof HTMLElement ? el : null;
    setScroller(scrollerEl.current);
  }, []);

  // Clicking a quote: find it, fetching older pages while it is not here yet, then scroll and flash it.
  const jumpToMessage = useCallback(
    async (id: number) => {
      let index = rowOfMessage(buildRows(useConversation.getState().messages, useConversation.getState().tickets), id);
      for (let pages = 0; index < 0 && pages < MAX_QUOTE_PAGES; pages += 1) {
        await idle();
        const s = useConversation.getState();
        if (!s.hasMore) break;
        try {
          await s.loadOlder();
        } catch (err) {
          toastError(err);
          return;
        }
        const now = useConversation.getState();
        index = rowOfMessage(buildRows(now.messages, now.tickets), id);
      }
      if (index < 0) {
        toast.info(t('conversation.quotedGone'));
        return;
      }
      setHighlight(id);
      // Let the list take in the rows a fetch just added before asking it to scroll.
      requestAnimationFrame(() => virtuoso.current?.scrollToIndex({ index, align: 'center', behavior: 'auto' }));
    },
    [t],
  );
  const jumpTo = useCallback(
    (id: number) => {
      void jumpToMessage(id);
    },
    [jumpToMessage],
  );

  useEffect(() => {
    if (highlight === null) return;
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);

  const firstLoad = page === 0;

  return (
    <div style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', background: token.colorFillQuaternary }}>
      {selecting && <ForwardBar />}
      {firstLoad && loading ? (
        <div style={{ textAlign: 'center', padding: 16 }} data-testid="message-list">
          <Spin size="small" />
        </div>
      ) : messages.length === 0 ? (
        <div data-testid="message-list" style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ticket.emptyConversation')} />
        </div>
      ) : (
        <Virtuoso
          key={uuid ?? ''}
          ref={virtuoso}
          data-testid="message-list"
          style={{ flex: 1, minHeight: 0 }}
          data={rows}
          firstItemIndex={firstItemIndex}
          initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
          computeItemKey={(_, row) => row.key}
          alignToBottom
          followOutput={followOutput}
          scrollerRef={scrollerRef}
          totalListHeightChanged={keepBottom}
          atTopThreshold={OLDER_PX}
          atTopStateChange={onAtTop}
          increaseViewportBy={{ top: 400, bottom: 200 }}
          context={{ fetchingOlder: hasMore && loading }}
          components={LIST_COMPONENTS}
          itemContent={(_, row) => (
            <div style={{ padding: '0 16px' }}>
              {row.kind === 'message' ? (
                <MessageBubble
                  message={row.message}
                  highlighted={highlight === row.message.id}
                  onQuote={jumpTo}
                  selecting={selecting}
                  selected={selecting && selected.includes(row.message.id)}
                  onToggle={toggleSelected}
                  carriedBy={carrierOf(row.message.whatsappId)}
                />
              ) : row.kind === 'marker' ? (
                <TicketMarker row={row} />
              ) : (
                <DateSeparator label={row.label} />
              )}
            </div>
          )}
        />
      )}
    </div>
  );
};

