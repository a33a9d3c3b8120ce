// The chats module's one door (decision 0015): the internal chat (issue 15 §1), its routes and events.
import type { DataAccess } from '../../db/tenant';
import type { EventBus } from '../../infra/event-bus';
import { defineModule } from '../../infra/module';
import { registerChatListeners } from './chats.listeners';
import { chatsRoutes } from './chats.routes';
import { createChatsService } from './chats.service';

export { createChatsService, type ChatsService } from './chats.service';

export const chatsModule = defineModule({
  name: 'chats',
  dependsOn: ['companies', 'users'],
  setup: (k: { data: DataAccess; bus: EventBus }) => ({
    routes: chatsRoutes(createChatsService(k.data)),
    start: (rt) => registerChatListeners(k.bus, rt),
  }),
});
