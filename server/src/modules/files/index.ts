// The files module's one door (decision 0015): file lists (a message and named files) that campaigns send.
import type { DataAccess } from '../../db/tenant';
import type { EventBus } from '../../infra/event-bus';
import type { MediaStore } from '../../infra/media-store';
import { defineModule } from '../../infra/module';
import { registerFileListeners } from './files.listeners';
import { forSending, get } from './files.repository';
import { filesRoutes } from './files.routes';
import { createFilesService } from './files.service';

export { createFilesService, type FilesService } from './files.service';

/**
 * What campaigns read inside their own transaction: `get` (the list as the API shows it) and
 * `forSending` (its message and the options that have a file: name, `path` = the company's
 * media-store name (`media.open(companyId, path)` reads the file), fileName and mediaType).
 */
export const filesQueries = { get, forSending };

export const filesModule = defineModule({
  name: 'files',
  dependsOn: ['users', 'audit'],
  setup: (k: { data: DataAccess; bus: EventBus; media: MediaStore }) => ({
    routes: filesRoutes(createFilesService({ data: k.data, media: k.media })),
    start: (rt) => registerFileListeners(k.bus, rt),
  }),
});
