import { useCallback, useState, type CSSProperties, type ReactNode, type UIEventHandler } from 'react';
import { Badge, Button, Empty, Flex, Popover, Spin, Tooltip, Typography, theme } from 'antd';
import type { FlexProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { formatListTime } from '../lib/format';

type DataAttributes = { [key: `data-${string}`]: string | number | undefined };

export interface TopBarPopoverProps {
  /** The popover's title, also the button's tooltip and aria label. */
  title: string;
  icon: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A number on the button (hidden at 0), or a dot while `dot` is true. */
  badge: { count: number } | { dot: boolean };
  /** Extra attributes of the badge (e.g. `data-unread`). */
  badgeAttributes?: DataAttributes;
  testIds: { button: string; badge: string; list: string };
  /** The first load is under way: a spinner in place of the list. */
  loading: boolean;
  /** No rows: `emptyText` in place of the list. */
  empty: boolean;
  emptyText: string;
  /** A further page is on its way: a small spinner under the rows. */
  loadingMore?: boolean;
  onScroll?: UIEventHandler<HTMLDivElement>;
  /** A link under the list (e.g. "open all"). */
  footer?: { label: string; onClick: () => void; testId: string };
  width?: number;
  maxHeight?: number;
  /** The rows: `TopBarPopoverItem`s. */
  children: ReactNode;
}

/**
 * A top-bar popover's open state (`{...popover}` on `TopBarPopover`) and `go(path)`: a row or the
 * footer link closes the popover, then opens its page.
 */
export const useTopBarPopover = () => {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const go = useCallback(
    (path: string) => {
      setOpen(false);
      void navigate(path);
    },
    [navigate],
  );
  return { popover: { open, onOpenChange: setOpen }, go };
};

/**
 * One of the top bar's icon buttons that opens a list (attendance.md §2 Top bar: announcements,
 * internal chats, notifications): a badge on the button, a titled popover with a spinner while the
 * first load runs, the spec's empty text, the rows and an optional footer link.
 */
export const TopBarPopover = ({
  title,
  icon,
  open,
  onOpenChange,
  badge,
  badgeAttributes,
  testIds,
  loading,
  empty,
  emptyText,
  loadingMore = false,
  onScroll,
  footer,
  width = 320,
  maxHeight = 360,
  children,
}: TopBarPopoverProps) => {
  const content = (
    <div style={{ width: `min(${width}px, calc(100vw - 32px))`, maxHeight, overflowY: 'auto' }} data-testid={testIds.list} onScroll={onScroll}>
      {loading ? (
        <Flex justify="center" style={{ padding: 16 }}>
          <Spin />
        </Flex>
      ) : empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      ) : (
        <div role="list">
          {children}
          {loadingMore ? (
            <Flex justify="center" style={{ padding: 8 }}>
              <Spin size="small" />
            </Flex>
          ) : null}
        </div>
      )}
      {footer ? (
        <Button type="link" block onClick={footer.onClick} data-testid={footer.testId}>
          {footer.label}
        </Button>
      ) : null}
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomRight"
      // 390 px: the button is not at the screen's edge, so the panel slides back inside the screen.
      align={{ overflow: { adjustX: true, adjustY: true, shiftX: true } }}
      title={title}
      content={content}
    >
      <Tooltip title={title} open={open ? false : undefined}>
        {'dot' in badge ? (
          <Badge dot={badge.dot} offset={[-6, 6]} data-testid={testIds.badge} {...badgeAttributes}>
            <Button type="text" icon={icon} aria-label={title} data-testid={testIds.button} />
          </Badge>
        ) : (
          <Badge count={badge.count} size="small" offset={[-4, 4]} data-testid={testIds.badge} {...badgeAttributes}>
            <Button type="text" icon={icon} aria-label={title} data-testid={testIds.button} />
          </Badge>
        )}
      </Tooltip>
    </Popover>
  );
};

/**
 * A row of a top-bar list: focusable, with a separator; with `onActivate`, a click or Enter opens
 * what it stands for.
 */
export const TopBarPopoverItem = ({
  onActivate,
  style,
  children,
  ...rest
}: Omit<FlexProps, 'onClick' | 'onKeyDown' | 'role' | 'tabIndex'> & DataAttributes & { onActivate?: () => void; style?: CSSProperties }) => {
  const { token } = theme.useToken();
  return (
    <Flex
      role="listitem"
      tabIndex={0}
      onClick={onActivate}
      onKeyDown={onActivate ? (e) => e.key === 'Enter' && onActivate() : undefined}
      {...rest}
      style={{ cursor: onActivate ? 'pointer' : undefined, padding: '8px 4px', borderBottom: `1px solid ${token.colorBorderSecondary}`, ...style }}
    >
      {children}
    </Flex>
  );
};

/** A row's first line: its title in bold, its time on the right. */
export const TopBarItemHeading = ({ title, at }: { title: ReactNode; at: string }) => (
  <Flex justify="space-between" gap={8}>
    <Typography.Text strong ellipsis>
      {title}
    </Typography.Text>
    <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }}>
      {formatListTime(at)}
    </Typography.Text>
  </Flex>
);

/** A row's second line: the last message and how many of them are unread. */
export const TopBarItemPreview = ({ text, unread }: { text: string | null | undefined; unread: number }) => (
  <Flex justify="space-between" gap={8}>
    <Typography.Text type="secondary" ellipsis>
      {text || '\u00a0'}
    </Typography.Text>
    <Badge count={unread} size="small" />
  </Flex>
);
