import { useDroppable } from '@dnd-kit/core';
import { Badge, Empty, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketDto } from '@balcao/shared';
import { textOn } from '../tags-admin';
import { KanbanCard } from './KanbanCard';

export const LANE_WIDTH = 280;

/** One lane: a coloured header (the tag's colour; 'Em aberto' in the theme's fill) and its cards, a drop target. */
export const KanbanLane = ({ id, name, color, tickets }: { id: number; name: string; color: string | null; tickets: TicketDto[] }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { setNodeRef, isOver } = useDroppable({ id });
  const head = color ?? token.colorFillSecondary;
  return (
    <section
      ref={setNodeRef}
      data-testid="kanban-lane"
      data-lane={id}
      aria-label={name}
      style={{
        flex: `0 0 ${LANE_WIDTH}px`,
        width: LANE_WIDTH,
        display: 'flex',
        flexDirection: 'column',
        maxHeight: '100%',
        background: isOver ? token.colorPrimaryBg : token.colorFillQuaternary,
        border: `1px solid ${isOver ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <Flex
        align="center"
        justify="space-between"
        gap={8}
        style={{ background: head, color: color ? textOn(color) : token.colorText, padding: '8px 12px', borderRadius: `${token.borderRadiusLG}px ${token.borderRadiusLG}px 0 0` }}
      >
        <Typography.Text strong ellipsis style={{ color: 'inherit' }} data-testid="kanban-lane-name">
          {name}
        </Typography.Text>
        <Badge count={tickets.length} showZero color={token.colorBgContainer} style={{ color: token.colorText }} data-testid="kanban-lane-count" />
      </Flex>
      <Flex vertical gap={8} style={{ padding: 8, overflowY: 'auto', flex: '1 1 auto', minHeight: 0 }}>
        {tickets.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('kanban.emptyLane')} style={{ margin: '12px 0' }} />
        ) : (
          tickets.map((ticket) => <KanbanCard key={ticket.id} ticket={ticket} />)
        )}
      </Flex>
    </section>
  );
};
