import { useLayoutEffect, useRef } from 'react';
import { Empty, Typography, theme } from 'antd';
import { AckIcon } from '../../components/AckIcon';
import { formatClock } from '../../lib/format';

export interface SimLine {
  id: string;
  direction: 'sent' | 'received';
  body: string;
  createdAt: string;
  ack?: number;
}

/** The customer's phone: what they sent on the right, what the business sent them on the left. */
export const SimulatorChat = ({ lines, emptyText }: { lines: SimLine[]; emptyText: string }) => {
  const { token } = theme.useToken();
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [lines.length]);

  return (
    <div
      ref={ref}
      data-testid="sim-chat"
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: 12, display: 'flex', flexDirection: 'column', gap: 4, background: token.colorFillQuaternary, borderRadius: 8 }}
    >
      {lines.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
      {lines.map((line) => (
        <div
          key={`${line.direction}-${line.id}`}
          data-testid={line.direction === 'sent' ? 'sim-sent' : 'sim-received'}
          style={{
            alignSelf: line.direction === 'sent' ? 'flex-end' : 'flex-start',
            maxWidth: '75%',
            padding: '6px 10px',
            borderRadius: 10,
            background: line.direction === 'sent' ? token.colorPrimaryBg : token.colorBgContainer,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{line.body}</div>
          <Typography.Text type="secondary" style={{ fontSize: 11, display: 'flex', gap: 4, justifyContent: 'flex-end' }}>
            {formatClock(line.createdAt)}
            {line.direction === 'received' && line.ack !== undefined && <AckIcon ack={line.ack} />}
          </Typography.Text>
        </div>
      ))}
    </div>
  );
};
