import { memo } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { Button, Card, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TicketDto } from '@balcao/shared';

/** A card (administration.md §2: ticket number, contact name, number, last message, 'Ver Ticket'); drag it by its body. */
export const KanbanCard = memo(({ ticket }: { ticket: TicketDto }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: ticket.id });
  return (
    <Card
      ref={setNodeRef}
      size="small"
      data-testid="kanban-card"
      data-id={ticket.id}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        opacity: isDragging ? 0.85 : 1,
        zIndex: isDragging ? 10 : undefined,
        position: 'relative',
        boxShadow: isDragging ? token.boxShadowSecondary : undefined,
        cursor: 'grab',
        touchAction: 'none',
      }}
      styles={{ body: { padding: 10 } }}
      {...attributes}
      {...listeners}
      aria-roledescription={t('kanban.cardRole')}
      aria-label={t('kanban.cardLabel', { id: ticket.id, name: ticket.contact.name })}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="kanban-card-number">
        {t('kanban.ticketNumber', { id: ticket.id })}
      </Typography.Text>
      <Typography.Text strong ellipsis style={{ display: 'block' }} data-testid="kanban-card-name">
        {ticket.contact.name}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {ticket.contact.number}
      </Typography.Text>
      <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: '6px 0', fontSize: 13 }} data-testid="kanban-card-last">
        {ticket.lastMessage || '—'}
      </Typography.Paragraph>
      <Button
        size="small"
        block
        data-testid="kanban-card-open"
        // The button must not start a drag: its own pointer and key events stay its own.
        onPointerDown={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.stopPropagation()}
        onClick={() => navigate(`/tickets/${ticket.uuid}`)}
      >
        {t('kanban.viewTicket')}
      </Button>
    </Card>
  );
});
KanbanCard.displayName = 'KanbanCard';
