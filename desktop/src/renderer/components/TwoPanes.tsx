import type { CSSProperties, ReactNode } from 'react';
import { Tabs, theme } from 'antd';

export interface Pane<K extends string> {
  key: K;
  /** Its tab's label at a phone's width. */
  label: ReactNode;
  content: ReactNode;
  /** The pane's `data-testid` at a phone's width. */
  testId?: string;
  /** Its box side by side (its width, border…); the panes are in `panes`' order, left to right. */
  wide: CSSProperties;
}

type DataAttributes = { [key: `data-${string}`]: string | undefined };

/**
 * A two-pane screen (/tickets, /chats; issue 27 §5): side by side when wide; at a phone's width
 * the panes become tabs over the whole height, only the active one shown. The same elements in
 * both layouts (each pane keyed, the tab bar's place null when wide), so crossing the breakpoint
 * — a window resized, a tablet turned — keeps what a pane holds: an open conversation, its
 * drawer, its draft and scroll.
 */
export const TwoPanes = <K extends string>({
  narrow,
  active,
  onChange,
  panes,
  tabs,
  children,
  ...attributes
}: { narrow: boolean; active: K; onChange: (key: K) => void; panes: Pane<K>[]; /** Tab order at a phone's width (default: `panes`' order). */ tabs?: K[]; children?: ReactNode } & DataAttributes) => {
  const { token } = theme.useToken();
  const byKey = new Map(panes.map((p) => [p.key, p]));
  const tabOrder = (tabs ?? panes.map((p) => p.key)).map((k) => byKey.get(k)!);
  return (
    <div style={{ display: 'flex', flexDirection: narrow ? 'column' : 'row', height: '100%', background: token.colorBgContainer }} {...attributes}>
      {narrow ? <Tabs activeKey={active} onChange={(k) => onChange(k as K)} centered style={{ flexShrink: 0 }} tabBarStyle={{ marginBottom: 0 }} items={tabOrder.map((p) => ({ key: p.key, label: p.label }))} /> : null}
      {panes.map((p) => (
        <div
          key={p.key}
          style={narrow ? { flex: 1, minHeight: 0, display: active === p.key ? 'flex' : 'none', flexDirection: 'column' } : { height: '100%', ...p.wide }}
          role={narrow ? 'tabpanel' : undefined}
          data-testid={narrow ? p.testId : undefined}
        >
          {p.content}
        </div>
      ))}
      {children}
    </div>
  );
};
