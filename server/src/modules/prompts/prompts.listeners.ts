import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

/** `company-<id>-prompt` to the company's admins only (prompts are theirs; keys come masked). */
export const registerPromptListeners = (bus: EventBus, rt: Realtime): void => {
  bus.on('prompt.saved', (e) => rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'prompt'), { action: e.created ? 'create' : 'update', prompt: e.prompt }));
  bus.on('prompt.deleted', (e) => rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'prompt'), { action: 'delete', promptId: e.promptId }));
};
