// The external API's one door (issue 15 §3, server-behaviour §7): `POST /api/messages/send` with a
// connection token. Tokens themselves are the whatsapp module's (`POST /whatsapp/:id/token`).
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import { DEFAULT_UPLOAD_LIMITS, DEFAULT_UPLOAD_MAX_BYTES, type Config } from '../../infra/config';
import type { Jobs } from '../../infra/jobs';
import type { MediaStore } from '../../infra/media-store';
import { defineModule } from '../../infra/module';
import { requirePlanFeature } from '../companies';
import { createNumberHealth, type NumberHealth } from '../number-health';
import type { SessionManager } from '../whatsapp';
import { externalApiRoutes } from './external-api.routes';
import { createExternalApi } from './external-api.service';

export { createExternalApi, type ApiPrincipal, type ExternalApi } from './external-api.service';

export const externalApiModule = defineModule({
  name: 'external-api',
  dependsOn: ['companies', 'contacts', 'tickets', 'whatsapp', 'messages', 'number-health'],
  setup: (k: { config: Config; data: DataAccess; jobs: Jobs; clock: Clock; media: MediaStore; sessions: SessionManager; numberHealth?: NumberHealth }) => {
    const uploads = { limits: k.config.uploadLimits ?? DEFAULT_UPLOAD_LIMITS, maxBytes: k.config.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES };
    const api = createExternalApi({
      data: k.data,
      jobs: k.jobs,
      clock: k.clock,
      media: k.media,
      health: k.numberHealth ?? createNumberHealth({ data: k.data, clock: k.clock }),
      channelOf: (id) => k.sessions.sender(id),
      uploads,
    });
    return { publicRoutes: externalApiRoutes(api, { uploadMaxBytes: uploads.maxBytes, spoolPath: k.media.spoolPath, requirePlan: requirePlanFeature(k.data, 'useExternalApi') }) };
  },
});
