import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * The keyboard sensor's moves (decision 0248): with a card picked up (Space/Enter), ←/→ jump
 * to the centre of the previous/next lane, so a card changes lane in one key press; Space/Enter
 * drops it, Esc puts it back.
 */
export const laneJump: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const dir = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (dir === 0) return undefined;
  event.preventDefault();
  const lanes = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  const card = context.collisionRect;
  if (!card || lanes.length === 0) return currentCoordinates;
  const x = card.left + card.width / 2;
  let here = lanes.findIndex((r) => x >= r.left && x <= r.left + r.width);
  if (here < 0) here = lanes.reduce((best, r, i) => (Math.abs(r.left + r.width / 2 - x) < Math.abs(lanes[best]!.left + lanes[best]!.width / 2 - x) ? i : best), 0);
  const target = lanes[here + dir];
  if (!target) return currentCoordinates;
  return { x: currentCoordinates.x + (target.left + target.width / 2 - x), y: currentCoordinates.y + (target.top + 48 - card.top) };
};
