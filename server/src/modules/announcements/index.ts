// The announcements module's one door (issue 14 §6): the super user's platform-wide notices,
// kept under the platform company, read by every company, heard live in the top bar.
import type { DataAccess } from '../../db/tenant';
import type { EventBus } from '../../infra/event-bus';
import type { MediaStore } from '../../infra/media-store';
import { defineModule } from '../../infra/module';
import { registerAnnouncementListeners } from './announcements.listeners';
import { announcementsRoutes } from './announcements.routes';
import { createAnnouncementsService } from './announcements.service';

export { createAnnouncementsService, type AnnouncementsService } from './announcements.service';

export const announcementsModule = defineModule({
  name: 'announcements',
  dependsOn: ['companies', 'audit'],
  setup: (k: { data: DataAccess; bus: EventBus; media: MediaStore }) => ({
    routes: announcementsRoutes(createAnnouncementsService({ data: k.data, media: k.media })),
    start: (rt) => registerAnnouncementListeners(k.bus, rt),
  }),
});
