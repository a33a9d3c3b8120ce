// The tags module's one door (decision 0015): the company's tags, the tags on a ticket and on a contact.
import type { DataAccess } from '../../db/tenant';
import type { EventBus } from '../../infra/event-bus';
import { defineModule } from '../../infra/module';
import { registerTagListeners } from './tags.listeners';
import { tagsRoutes } from './tags.routes';
import { createTagsService } from './tags.service';
import { list, moveContact } from './tags.repository';

export { createTagsService, type TagsService } from './tags.service';

/** The verb the contact merge runs in its transaction: a merged contact's tags (decision 0360). */
export const tagsWrites = { moveContact };

/** Reads of tags other modules run inside their own transaction: the company's tags (the copilot's routing suggestion, issue 32 §6). */
export const tagsQueries = { list };

export const tagsModule = defineModule({
  name: 'tags',
  dependsOn: ['users', 'tickets', 'contacts'],
  setup: (k: { data: DataAccess; bus: EventBus }) => ({
    routes: tagsRoutes(createTagsService({ data: k.data })),
    start: (rt) => registerTagListeners(k.bus, rt),
  }),
});
