import type { ReactNode } from 'react';
import { Tabs, theme } from 'antd';

export interface NarrowPane<K extends string> {
  key: K;
  label: ReactNode;
  content: ReactNode;
  testId?: string;
}

type DataAttributes = { [key: `data-${string}`]: string | undefined };

/**
 * A two-pane screen at a phone's width (issue 27 §5): the panes become tabs over the whole height,
 * only the active one shown; both stay mounted, so switching keeps a conversation's scroll and draft.
 */
export const NarrowPanes = <K extends string>({ active, onChange, panes, children, ...attributes }: { active: K; onChange: (key: K) => void; panes: NarrowPane<K>[]; children?: ReactNode } & DataAttributes) => {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', background: token.colorBgContainer }} {...attributes}>
      <Tabs activeKey={active} onChange={(k) => onChange(k as K)} centered style={{ flexShrink: 0 }} tabBarStyle={{ marginBottom: 0 }} items={panes.map((p) => ({ key: p.key, label: p.label }))} />
      {panes.map((p) => (
        <div key={p.key} style={{ flex: 1, minHeight: 0, display: active === p.key ? 'flex' : 'none', flexDirection: 'column' }} role="tabpanel" data-testid={p.testId}>
          {p.content}
        </div>
      ))}
      {children}
    </div>
  );
};
