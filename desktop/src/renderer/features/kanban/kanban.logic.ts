import type { TagDto, TicketDto, WireChannels } from '@balcao/shared';

/** The lane of 'Em aberto' (no kanban tag; administration.md §4: lane 0). */
export const OPEN_LANE = 0;

/** The lane a ticket sits in: its first tag that is a lane (by the lanes' order), else 'Em aberto'. */
export const laneOf = (t: TicketDto, lanes: readonly TagDto[]): number => lanes.find((l) => t.tags.some((g) => g.id === l.id))?.id ?? OPEN_LANE;

/** Tickets per lane id, in the order given (newest first), every lane present. */
export const byLane = (tickets: readonly TicketDto[], lanes: readonly TagDto[]): Map<number, TicketDto[]> => {
  const out = new Map<number, TicketDto[]>([[OPEN_LANE, []], ...lanes.map((l) => [l.id, []] as [number, TicketDto[]])]);
  for (const t of tickets) out.get(laneOf(t, lanes))!.push(t);
  return out;
};

/** The ticket as it looks once moved: the old lane's tag gone, the new lane's (if any) added. */
export const movedTo = (t: TicketDto, lane: number, lanes: readonly TagDto[]): TicketDto => {
  const laneIds = new Set(lanes.map((l) => l.id));
  const kept = t.tags.filter((g) => !laneIds.has(g.id));
  const target = lanes.find((l) => l.id === lane);
  return { ...t, tags: target ? [...kept, { id: target.id, name: target.name, color: target.color }] : kept };
};

/** Newest first, as the server answers. */
const newestFirst = (a: TicketDto, b: TicketDto) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/**
 * A `company-<id>-ticket` event on the board (decision 0247): an update puts a live ticket in
 * place (a closed one leaves); a delete without `movedFrom` (gone or no longer visible) removes
 * it; with `movedFrom` the update that follows says where it went.
 */
export const applyTicketEvent = (tickets: readonly TicketDto[], p: WireChannels['ticket']): TicketDto[] => {
  if (p.action === 'update') {
    const rest = tickets.filter((t) => t.id !== p.ticket.id);
    return p.ticket.status === 'closed' ? rest : [...rest, p.ticket].sort(newestFirst);
  }
  if (p.action === 'delete' && !p.movedFrom) return tickets.filter((t) => t.id !== p.ticketId);
  return [...tickets];
};
