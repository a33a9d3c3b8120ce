// The quick-messages module's one door (decision 0015): quick replies, their files and events.
import type { DataAccess } from '../../db/tenant';
import type { EventBus } from '../../infra/event-bus';
import type { MediaStore } from '../../infra/media-store';
import { defineModule } from '../../infra/module';
import { registerQuickMessageListeners } from './quick-messages.listeners';
import { quickMessagesRoutes } from './quick-messages.routes';
import { createQuickMessagesService } from './quick-messages.service';
import { usable } from './quick-messages.repository';

export { createQuickMessagesService, type QuickMessagesService } from './quick-messages.service';

/** Read queries other modules run in their own transaction: the quick replies a user may use (the copilot's knowledge too, issue 32 §1). */
export const quickMessagesQueries = { usable };

export const quickMessagesModule = defineModule({
  name: 'quick-messages',
  dependsOn: ['companies', 'users'],
  setup: (k: { data: DataAccess; bus: EventBus; media: MediaStore }) => ({
    routes: quickMessagesRoutes(createQuickMessagesService({ data: k.data, media: k.media })),
    start: (rt) => registerQuickMessageListeners(k.bus, rt),
  }),
});
