// The contact-lists module's one door (decision 0015): campaign audiences, their items and the WhatsApp check.
import type { DataAccess } from '../../db/tenant';
import type { Config } from '../../infra/config';
import type { EventBus } from '../../infra/event-bus';
import type { Jobs } from '../../infra/jobs';
import { defineModule } from '../../infra/module';
import type { JobRouting, SessionManager } from '../whatsapp';
import { createContactListCheck, registerContactListCheckJobs } from './contact-list-check';
import { registerContactListListeners } from './contact-lists.listeners';
import { get, itemsForCampaign } from './contact-lists.repository';
import { contactListsRoutes } from './contact-lists.routes';
import { createContactListsService } from './contact-lists.service';

export { createContactListsService, type ContactListsService } from './contact-lists.service';
export { createContactListCheck, CHECK_BATCH, type ContactListCheck } from './contact-list-check';
export { contactListsJobQueues } from './contact-lists.job-types';

/**
 * What campaigns read inside their own transaction: `get` (the list with its contactsCount, or
 * undefined when not the company's) and `itemsForCampaign` (its items by id, keyset pages via
 * `afterId`, each with `isWhatsappValid`: true, false or null when not checked yet).
 */
export const contactListsQueries = { get, itemsForCampaign };

export const contactListsModule = defineModule({
  name: 'contact-lists',
  dependsOn: ['whatsapp', 'audit'],
  setup: (k: { config: Config; data: DataAccess; bus: EventBus; jobs: Jobs; sessions: SessionManager; routing: JobRouting }) => {
    const lists = createContactListsService({ data: k.data, jobs: k.jobs });
    const check = createContactListCheck({ data: k.data, jobs: k.jobs, channelOf: (id) => k.sessions.sender(id), pauseMs: k.config.production ? 250 : 0 });
    return {
      routes: contactListsRoutes(lists),
      start: async (rt) => {
        registerContactListListeners(k.bus, rt);
        await registerContactListCheckJobs({ jobs: k.jobs, routing: k.routing, check });
      },
    };
  },
});
