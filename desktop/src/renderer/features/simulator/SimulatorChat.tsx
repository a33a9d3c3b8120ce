import { useLayoutEffect, useMemo, useRef } from 'react';
import { Empty, theme } from 'antd';
import { SimBubble } from './SimBubble';
import type { SimLine, SimView } from './simulator.logic';

export type { SimLine } from './simulator.logic';

/** What a reply shows of the message it quotes. */
const snippetOf = (view: SimView): string => view.text || view.file?.name || view.contacts[0]?.name || '';

/** The customer's phone: what they sent on the right, what the business sent them on the left. */
export const SimulatorChat = ({ lines, emptyText }: { lines: SimLine[]; emptyText: string }) => {
  const { token } = theme.useToken();
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [lines.length]);
  const byId = useMemo(() => new Map(lines.map((l) => [l.id, l])), [lines]);

  return (
    <div
      ref={ref}
      data-testid="sim-chat"
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: 12, display: 'flex', flexDirection: 'column', gap: 8, background: token.colorFillQuaternary, borderRadius: 8 }}
    >
      {lines.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
      {lines.map((line) => {
        const target = line.quotedId ? byId.get(line.quotedId) : undefined;
        return <SimBubble key={`${line.direction}-${line.id}`} line={line} quoted={target ? snippetOf(target.view) : null} />;
      })}
    </div>
  );
};
