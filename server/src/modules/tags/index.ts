// The tags module's one door (decision 0015): the company's tags, the tags on a ticket and on a contact.
import type { DataAccess } from '../../db/tenant';
import { defineModule } from '../../infra/module';
import { tagsRoutes } from './tags.routes';
import { createTagsService } from './tags.service';

export { createTagsService, type TagsService } from './tags.service';

export const tagsModule = defineModule({
  name: 'tags',
  dependsOn: ['users', 'tickets', 'contacts'],
  setup: (k: { data: DataAccess }) => ({ routes: tagsRoutes(createTagsService({ data: k.data })) }),
});
