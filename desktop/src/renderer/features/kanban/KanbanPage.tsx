import { useCallback, useEffect, useMemo } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadingRows, PageCard } from '../../components/PageCard';
import { toastError } from '../../lib/reportError';
import { listenLive } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { byLane, OPEN_LANE } from './kanban.logic';
import { laneJump } from './kanban.keyboard';
import { useKanban } from './kanban.store';
import { KanbanLane } from './KanbanLane';

/** /kanban (administration.md §2 Kanban, plan useKanban): 'Em aberto' and one lane per kanban tag; drag a card to move it; live. */
export const KanbanPage = () => {
  const { t } = useTranslation();
  const lanes = useKanban((s) => s.lanes);
  const tickets = useKanban((s) => s.tickets);
  const loaded = useKanban((s) => s.loaded);
  const grouped = useMemo(() => byLane(tickets, lanes), [tickets, lanes]);
  // A press of 5 px before a drag starts, so the card's 'Ver Ticket' button still clicks.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: laneJump }));

  useEffect(() => {
    useKanban.getState().load().catch(toastError);
    return () => useKanban.getState().reset();
  }, []);
  // Live for everyone (decision 0247): tickets as their lists hear them, lanes when a tag changes.
  useEffect(() => listenLive('ticket', (p) => useKanban.getState().onTicket(p)), []);
  useEffect(() => listenLive('appMessage', (p) => p.action === 'create' && useKanban.getState().onTicket({ action: 'update', ticket: p.ticket })), []);
  useEffect(() => listenLive('tag', () => void useKanban.getState().reloadLanes().catch(toastError)), []);

  const onDragEnd = useCallback(
    async ({ active, over }: DragEndEvent) => {
      if (!over) return;
      try {
        const done = await useKanban.getState().move(Number(active.id), Number(over.id));
        if (done === 'added') toast.success(t('kanban.added'));
        if (done === 'removed') toast.success(t('kanban.removed'));
      } catch (err) {
        toastError(err);
      }
    },
    [t],
  );

  return (
    <PageCard>
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('kanban.title')}
        </Typography.Title>
      </Flex>
      {!loaded ? (
        <LoadingRows testId="kanban-skeleton" rows={5} />
      ) : (
        <>
          {lanes.length === 0 && <Alert type="info" showIcon message={t('kanban.noLanes')} style={{ marginBottom: 12 }} data-testid="kanban-no-lanes" />}
          <DndContext
            sensors={sensors}
            onDragEnd={(e) => void onDragEnd(e)}
            accessibility={{ screenReaderInstructions: { draggable: t('kanban.dragHelp') } }}
          >
            <div
              data-testid="kanban-board"
              tabIndex={-1}
              style={{ display: 'flex', gap: 12, alignItems: 'flex-start', overflowX: 'auto', paddingBottom: 8, height: 'calc(100dvh - 190px)', minHeight: 320 }}
            >
              <KanbanLane id={OPEN_LANE} name={t('kanban.open')} color={null} tickets={grouped.get(OPEN_LANE) ?? []} />
              {lanes.map((l) => (
                <KanbanLane key={l.id} id={l.id} name={l.name} color={l.color} tickets={grouped.get(l.id) ?? []} />
              ))}
            </div>
          </DndContext>
        </>
      )}
    </PageCard>
  );
};
